/**
 * A page's title and description as the browser tab, search results and shared links show
 * them: the client sets them as a page opens, the server writes them into the HTML it sends
 * (issue 15), from these definitions both.
 */

const SITE_NAME = 'Bazaar';

/** What a page says of itself for the document's head. */
export interface PageMeta {
  /** The document's title (`documentTitle`). */
  title: string;
  description: string;
  /** The path (and query) of the page's one address for search engines; none for a page not worth indexing. */
  canonicalPath?: string;
}

export const DEFAULT_PAGE_DESCRIPTION =
  'Bazaar is a classified-ads marketplace: browse ads by category, search, and post your own with photos and videos.';

/** The document title of a page called `title`; the home page, which has none, gets the site's motto. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Buy and sell anything near you`;
}
