import { PAGE_CODE_ELEMENT_ID, SERVER_DATA_ELEMENT_ID } from '@bazaar/common/server-rendering';
import type { ServerRenderedData } from './app/server-rendering';
import './index.css';

/** The JSON of one of the page's data blocks (the server writes them), if it has it. */
function readJsonBlock<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as T;
}

/**
 * Resolves once the browser has painted the page as it arrived: the server's HTML shows
 * before hydration's work, not after it (on a slow phone that work takes hundreds of ms).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Starts fetching the page's scripts, all at once (the server lists them: page-code.ts). */
function preloadPageCode() {
  const links = (readJsonBlock<string[]>(PAGE_CODE_ELEMENT_ID) ?? []).map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  });
  document.head.append(...links);
}

/**
 * The entry is this module alone. The app's code (React, the router, the page) is fetched
 * and run only after the first paint of a server-rendered page: on a slow link it does not
 * compete with the stylesheet and the first photos, and on a slow phone running it does not
 * hold back the paint.
 */
async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const serverData = readJsonBlock<ServerRenderedData>(SERVER_DATA_ELEMENT_ID);
  if (serverData) await afterFirstPaint();
  preloadPageCode();
  const { startApp } = await import('./app/start');
  await startApp(root, serverData);
}
void boot();
