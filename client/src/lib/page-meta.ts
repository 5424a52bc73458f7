import { useEffect } from 'react';

const SITE_NAME = 'Bazaar';
const DEFAULT_DESCRIPTION =
  'Bazaar is a classified-ads marketplace: browse ads by category, search, and post your own with photos and videos.';

/** Sets the document title and meta description of the page being shown. */
export function usePageMeta(title: string | undefined, description: string = DEFAULT_DESCRIPTION) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Buy and sell anything near you`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
