import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchesRoutePattern, routePatterns } from '@bazaar/common/site-paths';

/**
 * The public pages whose code the page names up front: the route's pattern (the router's,
 * from common/site-paths) and the source module of its page (the keys of Vite's manifest;
 * client/src/app/routes.tsx loads the same modules lazily).
 */
const ROUTE_PAGES: [string, string][] = [
  [routePatterns.home, 'src/features/home/home-page.tsx'],
  [routePatterns.search, 'src/features/ads/search-page.tsx'],
  [routePatterns.category, 'src/features/ads/category-page.tsx'],
  [routePatterns.ad, 'src/features/ads/ad-page.tsx'],
  [routePatterns.seller, 'src/features/sellers/seller-page.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The URLs of the scripts a page runs to hydrate (or render), each after those it imports:
 * one list per page, the same array for every path of it.
 */
export type PageCode = (pathname: string) => readonly string[];

/**
 * The app's code, which the entry imports only after the first paint (client/src/main.tsx),
 * and the page chunk of the route, each with the chunks it imports, read from the build's
 * manifest, in the order they run. The page names them in a JSON block for the entry, which
 * fetches them all at once after the first paint (none waits for another to run: no round
 * trip per level of imports, and none competes with the stylesheet and the first photos
 * before the paint), then runs them one by one, letting the browser in between.
 * Routes without a known page get the app's code alone; a build without a manifest, none.
 */
export async function loadPageCode(clientDir: string): Promise<PageCode> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const none: readonly string[] = [];
  if (!existsSync(manifestFile)) return () => none;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  /** `key` and the chunks it imports, each after what it imports: the order they run in. */
  const reachable = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || found.has(key)) return;
    found.add(key);
    for (const imported of chunk.imports ?? []) reachable(imported, found);
    // A Set keeps insertion order: re-adding moves the chunk after its imports.
    found.delete(key);
    found.add(key);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  // index.html loads the entry and its imports already.
  const loadedByEntry = new Set<string>();
  for (const entry of entries) reachable(entry, loadedByEntry);
  const appCode = entries.flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const filesOf = (modules: string[]) => {
    const found = new Set<string>();
    for (const module of modules) reachable(module, found);
    return [...found].filter((key) => !loadedByEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
  };

  const appFiles = filesOf(appCode);
  const filesByPage = new Map(ROUTE_PAGES.map(([, page]) => [page, filesOf([...appCode, page])]));
  return (pathname) => {
    const page = ROUTE_PAGES.find(([pattern]) => matchesRoutePattern(pattern, pathname))?.[1];
    return page ? filesByPage.get(page)! : appFiles;
  };
}
