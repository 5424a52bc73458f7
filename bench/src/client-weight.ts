/**
 * What each route of the production build loads before it can show anything: the entry
 * chunk, the app's code it imports after the first paint, the route's page chunk, every
 * chunk they import statically (the ones the page modulepreloads or the browser fetches at
 * once) and their CSS, read from Vite's manifest.
 * Sizes are gzip (level 9) of the built files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repositoryRoot } from './bench-database';

const clientDist = path.join(repositoryRoot, 'client', 'dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The routes measured, by the source module of their page. */
export const routePages = {
  home: 'src/features/home/home-page.tsx',
  search: 'src/features/ads/search-page.tsx',
  'ad page': 'src/features/ads/ad-page.tsx',
} as const;

export type RoutePage = keyof typeof routePages;

export interface RouteWeight {
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
}

export async function measureClientWeight(): Promise<Record<RoutePage, RouteWeight>> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The client build has no entry chunk');

  const gzipSizes = new Map<string, number>();
  const gzipSize = async (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(await readFile(path.join(clientDist, file)), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };

  const weigh = async (roots: string[]): Promise<RouteWeight> => {
    const chunks = new Set<string>();
    const visit = (key: string) => {
      if (chunks.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The client manifest has no chunk ${key}`);
      chunks.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    roots.forEach(visit);
    const js = [...chunks].map((key) => manifest[key]!.file);
    const css = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
    const sum = async (files: string[]) =>
      (await Promise.all(files.map(gzipSize))).reduce((a, b) => a + b, 0);
    return {
      jsFiles: js.length,
      jsGzipBytes: await sum(js),
      cssFiles: css.length,
      cssGzipBytes: await sum(css),
    };
  };

  const entries = await Promise.all(
    Object.entries(routePages).map(
      async ([route, page]) =>
        [route, await weigh([entry, ...(manifest[entry]!.dynamicImports ?? []), page])] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<RoutePage, RouteWeight>;
}
