/**
 * The server's render of the public pages (docs/decisions/0025-server-rendering.md): built by
 * `vite build --ssr` into client/dist-ssr/ and imported by the server at run time.
 *
 * The page is rendered from the same routes and components as in the browser, from a query
 * cache filled beforehand with the same API answers the page asks for (the server reads its
 * own routes in-process, as a visitor). The browser's cache starts from that cache
 * (main.tsx), so its first render matches the HTML.
 */
import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { readSearchCriteria } from '@bazaar/common/search-reading';
import type { PageMeta } from '@bazaar/common/page-meta';
import { NOT_FOUND_ROUTE, SERVER_RENDERED_PATTERNS } from '@bazaar/common/server-rendering';
import { routePatterns } from '@bazaar/common/site-paths';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { loadMatchedPages } from './app/lazy-page';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes, AppRoutes } from './app/route-tree';
import type { ServerRenderedData } from './app/server-rendering';
import { adApiPaths, adKeys } from './features/ads/api';
import { pageStartOf } from './features/ads/components/ad-results';
import { CATEGORIES_API_PATH, categoryKeys } from './features/categories/api';
import { placeApiPaths, placeKeys } from './features/places/api';
import { sellerApiPaths, sellerKeys } from './features/sellers/api';
import { errorOfAnswer } from './lib/api-client';
import { ServerPageMeta } from './lib/page-meta';

/** Reads one of the app's own JSON API routes (a GET): its status and its body. */
export type ReadApi = (path: string) => Promise<{ status: number; body: unknown }>;

export interface ServerRenderRequest {
  /** The page's address as asked for: its path and query string. */
  url: string;
  readApi: ReadApi;
  /**
   * The page answers 404: what it shows is not there for the person asking either (the server
   * asked with their session), so the reads that failed are rendered and handed to the browser.
   */
  isNotFound: boolean;
}

export interface ServerRenderResult {
  /** The markup of the app, for the page's `#root` element. */
  html: string;
  /** What the browser hydrates from (a JSON data block of the page). */
  data: ServerRenderedData;
  /**
   * The same data without the times it was read (which every render changes): equal for pages
   * that show the same, so the page's ETag is computed with it.
   */
  dataForTag: ServerRenderedData;
  /** The title, description and canonical address the page gave itself (usePageMeta). */
  meta: Partial<PageMeta>;
}

/** Only the page's address is read from its URL; the host is never read. */
const BASE = 'http://bazaar.invalid';

type Prefetch = (queryClient: QueryClient, readApi: ReadApi) => Promise<unknown>;

/** The answer's body, or the error the browser's read of it rejects with (apiRequest). */
async function read(readApi: ReadApi, path: string): Promise<unknown> {
  const { status, body } = await readApi(path);
  if (status < 200 || status >= 300) throw errorOfAnswer(status, body);
  return body;
}

function prefetchQuery(queryKey: readonly unknown[], path: string): Prefetch {
  return (queryClient, readApi) =>
    queryClient.prefetchQuery({ queryKey, queryFn: () => read(readApi, path), retry: false });
}

/** The first page of a list, starting after the cursor `after` ('' for the list's start). */
function prefetchFirstPage(queryKey: readonly unknown[], path: string, after: string): Prefetch {
  return (queryClient, readApi) =>
    queryClient.prefetchInfiniteQuery({
      queryKey,
      queryFn: () => read(readApi, path),
      initialPageParam: after,
      retry: false,
    });
}

const categories = prefetchQuery(categoryKeys.all, CATEGORIES_API_PATH);

/** The results, and the chosen place's name for the Near field (search-filters.tsx). */
function searchResults(criteria: AdSearchCriteria, after: string): Prefetch[] {
  const results = prefetchFirstPage(
    adKeys.search(criteria, after),
    adApiPaths.search(criteria, after),
    after,
  );
  const { place } = criteria;
  return place === undefined
    ? [results]
    : [results, prefetchQuery(placeKeys.detail(place), placeApiPaths.detail(place))];
}

/**
 * The queries each public page makes on its first render, with the keys and addresses its
 * hooks use (features/*\/api.ts). A page whose route is not here is rendered without data.
 */
function prefetchesOf(pattern: string, params: Record<string, string | undefined>, search: URLSearchParams) {
  // A list's first page, or the page after the cursor Load More led to without scripts.
  const after = pageStartOf(search);
  switch (pattern) {
    case routePatterns.home:
      return [categories, prefetchQuery(adKeys.featured, adApiPaths.featured)];
    case routePatterns.search:
      // search-page.tsx: useSearchCriteria() read from the query string.
      return [categories, ...searchResults(readSearchCriteria(search), after)];
    case routePatterns.category: {
      // category-page.tsx: the category's criteria without words.
      const category = params.category ?? '';
      return [categories, ...searchResults({ ...readSearchCriteria(search), category, q: undefined }, after)];
    }
    case routePatterns.ad: {
      const id = params.id ?? '';
      return [
        prefetchQuery(adKeys.detail(id), adApiPaths.detail(id)),
        prefetchQuery(adKeys.related(id), adApiPaths.related(id)),
      ];
    }
    case routePatterns.seller: {
      const id = params.id ?? '';
      return [
        prefetchQuery(sellerKeys.page(id), sellerApiPaths.page(id)),
        prefetchFirstPage(sellerKeys.ads(id, after), sellerApiPaths.ads(id, after), after),
      ];
    }
    default:
      return undefined;
  }
}

/**
 * Renders a public page as a visitor sees it, or resolves to undefined for any other page:
 * that one gets the plain shell. Rejects when rendering fails.
 */
export async function render({
  url,
  readApi,
  isNotFound,
}: ServerRenderRequest): Promise<ServerRenderResult | undefined> {
  const address = new URL(url, BASE);
  const matches = matchRoutes(appRoutes, address.pathname) ?? [];
  const leaf = matches.at(-1);
  const pattern = leaf?.route.index ? routePatterns.home : leaf?.route.path;
  if (!leaf || !pattern || !(SERVER_RENDERED_PATTERNS.includes(pattern) || pattern === NOT_FOUND_ROUTE)) {
    return undefined;
  }

  // What the page is rendered from, as the browser's client will have it (app/start.tsx): a
  // failed read is then rendered as failed, not as loading again.
  const serverRendered = new Set<string>();
  const queryClient = createQueryClient({ serverRendered });
  try {
    const prefetches = prefetchesOf(pattern, leaf.params, address.searchParams) ?? [];
    await Promise.all(prefetches.map((prefetch) => prefetch(queryClient, readApi)));
    // A read that failed (a hidden ad, a bad query) is left to the browser, which asks again
    // with the person's session: the HTML shows the page loading, as the browser's first
    // render will with the same (empty) cache. On a page not found it is the person's answer
    // too: the HTML shows the not-found screen, and the browser starts from the same error.
    if (!isNotFound) queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    for (const query of queryClient.getQueryCache().getAll()) serverRendered.add(query.queryHash);

    await loadMatchedPages(matches);
    const meta: Partial<PageMeta> = {};
    const html = await renderToHtml(
      <StrictMode>
        <ServerPageMeta value={meta}>
          <AppProviders queryClient={queryClient} serverRendered>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </ServerPageMeta>
      </StrictMode>,
    );
    // Not the queries the render itself made (the account's, still pending).
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => serverRendered.has(query.queryHash),
    });
    const untimedQueries = queries.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0 },
    }));
    return {
      html,
      meta,
      data: { queries },
      dataForTag: { queries: { ...queries, queries: untimedQueries } },
    };
  } finally {
    queryClient.clear();
  }
}

/**
 * The whole page at once (React's streaming renderer, read to its end once everything is
 * ready): crawlers and pages without scripts get complete HTML, the data is all there before
 * rendering starts, and a complete body gets an ETag. A part that fails to render would be
 * left to the browser with a hydration error, so any error rejects instead.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(element, { onError: (error) => void errors.push(error) });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (errors.length > 0) throw errors[0];
  return html;
}
