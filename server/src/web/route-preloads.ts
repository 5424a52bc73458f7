import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchesRoutePattern, routePatterns } from '@bazaar/common/site-paths';

/**
 * The public pages whose code the shell names up front: the route's pattern (the router's,
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
}

export type RoutePreloads = (pathname: string) => string;

/**
 * `<link rel="modulepreload">` tags for the page chunk of a route and the chunks it imports,
 * read from the build's manifest: the browser fetches them beside the entry script instead
 * of after it has run (one round trip less before the page can render), at low priority as
 * the entry's (client/vite.config.ts): after the stylesheet and the page's first photos.
 * Routes without a known page, or a build without a manifest, get none.
 */
export async function loadRoutePreloads(clientDir: string): Promise<RoutePreloads> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const reachable = (key: string, found = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || found.has(key)) return found;
    found.add(key);
    for (const imported of chunk.imports ?? []) reachable(imported, found);
    return found;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  // index.html names the entry and its imports already.
  const loadedByEntry = new Set(entries.flatMap((key) => [...reachable(key)]));

  const tagsByPage = new Map(
    ROUTE_PAGES.map(([, page]) => {
      const files = [...reachable(page)]
        .filter((key) => !loadedByEntry.has(key))
        .map((key) => manifest[key]!.file);
      return [
        page,
        files
          .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
          .join(''),
      ];
    }),
  );
  return (pathname) => {
    const page = ROUTE_PAGES.find(([pattern]) => matchesRoutePattern(pattern, pathname))?.[1];
    return page ? (tagsByPage.get(page) ?? '') : '';
  };
}
