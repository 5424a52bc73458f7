import { routePatterns } from './site-paths';

/**
 * The public pages the server renders (issue 15, docs/decisions/0025-server-rendering.md): the
 * same for every visitor. The server renders only these, and so does the client's render.
 */
export const SERVER_RENDERED_PATTERNS: readonly string[] = [
  routePatterns.home,
  routePatterns.search,
  routePatterns.category,
  routePatterns.ad,
  routePatterns.seller,
  routePatterns.help,
  routePatterns.safety,
  routePatterns.terms,
  routePatterns.privacy,
];

/**
 * The router's route of an address that opens no page ('Page Not Found'), which the server
 * renders too, with status 404.
 */
export const NOT_FOUND_ROUTE = '*';

/**
 * The id of a server-rendered page's `<script type="application/json">` data block (no inline
 * script: the CSP allows none), which the server writes and the browser hydrates from.
 */
export const SERVER_DATA_ELEMENT_ID = 'bazaar-server-data';

/**
 * The id of every page's JSON block listing the scripts it runs (the app's code and the
 * route's page, with their imports), which the entry fetches at once after the first paint.
 */
export const PAGE_CODE_ELEMENT_ID = 'bazaar-page-code';
