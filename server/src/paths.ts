import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this module's location so that the same code
 * works from `src/` (tests, development) and from the bundle in `dist/` (and its `chunks/`).
 */
function findServerRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'drizzle.config.ts'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('Cannot find the server package folder');
    directory = parent;
  }
  return directory;
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'migrations');
export const clientDistFolder = path.join(serverRoot, '..', 'client', 'dist');
/** The web client's server render of the public pages (`vite build --ssr`, decision 0025). */
export const clientServerRenderFile = path.join(serverRoot, '..', 'client', 'dist-ssr', 'entry-server.js');
/** Reads the gazetteer package in a worker thread: a file of its own, run as it is (places/). */
export const gazetteerWorkerFile = path.join(serverRoot, 'src', 'places', 'gazetteer-worker.mjs');
