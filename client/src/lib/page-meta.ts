import { DEFAULT_PAGE_DESCRIPTION, documentTitle, type PageMeta } from '@bazaar/common/page-meta';
import { createContext, useContext, useEffect } from 'react';

/**
 * Filled during the server's render (entry-server.tsx), which has no effects to run: the page's
 * head is then written into the HTML it sends, so crawlers and pages without scripts get the
 * same title, description and canonical address as the browser shows (issue 15).
 */
export const ServerPageMeta = createContext<Partial<PageMeta> | undefined>(undefined);

/**
 * The site's public address (PUBLIC_URL) as the server wrote it in the first page's canonical
 * link: the browser may have come by another (127.0.0.1 for localhost).
 */
let siteOrigin: string | undefined;

/**
 * Sets the document title, meta description and canonical link of the page being shown.
 * `canonicalPath`: the page's address without what only changes its order or presentation.
 */
export function usePageMeta(
  title: string | undefined,
  description: string = DEFAULT_PAGE_DESCRIPTION,
  canonicalPath?: string,
) {
  const meta: PageMeta = { title: documentTitle(title), description, canonicalPath };
  const serverMeta = useContext(ServerPageMeta);
  if (serverMeta) Object.assign(serverMeta, meta);

  useEffect(() => {
    document.title = meta.title;
    headElement('meta', 'name', 'description').content = meta.description;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    siteOrigin ??= canonical ? new URL(canonical.href).origin : undefined;
    if (meta.canonicalPath === undefined) canonical?.remove();
    else {
      const origin = siteOrigin ?? window.location.origin;
      headElement('link', 'rel', 'canonical').href = `${origin}${meta.canonicalPath}`;
    }
  }, [meta.title, meta.description, meta.canonicalPath]);
}

/** The head's `<meta name=…>` or `<link rel=…>`, made when there is none. */
function headElement<Tag extends 'meta' | 'link'>(
  tag: Tag,
  attribute: 'name' | 'rel',
  value: string,
): HTMLElementTagNameMap[Tag] {
  const found = document.head.querySelector<HTMLElementTagNameMap[Tag]>(`${tag}[${attribute}="${value}"]`);
  if (found) return found;
  const element = document.createElement(tag);
  element.setAttribute(attribute, value);
  document.head.append(element);
  return element;
}
