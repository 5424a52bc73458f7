import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageMeta } from '@bazaar/common/page-meta';
import { SERVER_DATA_ELEMENT_ID, SERVER_RENDERED_PATTERNS } from '@bazaar/common/server-rendering';
import { matchesRoutePattern, pagePatternOf } from '@bazaar/common/site-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writePositionCookieOf } from '../http/read-routing';
import { jsonForScriptElement } from './index-html';

/**
 * The web client's server render (client/src/entry-server.tsx, built into client/dist-ssr/).
 * Given a page's address and a way to read the API, it renders the page as a visitor sees it,
 * or resolves to undefined for a page it does not render.
 */
export interface ServerRenderer {
  render(request: {
    url: string;
    readApi: (path: string) => Promise<{ status: number; body: unknown }>;
    isNotFound: boolean;
  }): Promise<{ html: string; data: unknown; dataForTag: unknown; meta: Partial<PageMeta> } | undefined>;
}

/** A public page rendered on the server, for the shell's empty root (`withPage`). */
export interface RenderedPage {
  /** The app's markup in `#root`, then the JSON data block it hydrates from. */
  body: string;
  /** The body with the data's read times left out: what the page's ETag is computed from. */
  bodyForTag: string;
  /** What the page said of itself for the document's head (usePageMeta). */
  meta: Partial<PageMeta>;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * What a page the server does not render (someone's own pages, the sign-in forms, the plans)
 * shows where no script runs: why it is empty, and the pages that work without scripts. The
 * browser's render replaces it; the classes are the gate screens' (sign-in-gate, gate-card).
 */
const WITHOUT_SCRIPTS_ROOT = `<div id="root"><noscript><div class="mx-auto max-w-md px-4 py-16 text-center">
      <h1 class="text-2xl font-bold">This page needs JavaScript</h1>
      <p class="mt-2 text-muted-foreground">Turn JavaScript on in your browser to use it. The ads can be browsed and searched without it: <a class="text-primary underline" href="/">Home</a> · <a class="text-primary underline" href="/search">All ads</a></p>
    </div></noscript></div>`;

/** The shell of a page the server does not render, saying what it needs where no script runs. */
export function withoutScripts(shell: string): string {
  return withPage(shell, WITHOUT_SCRIPTS_ROOT);
}

/** The shell with a rendered page in its root. */
export function withPage(shell: string, body: string): string {
  // A replacer function: a string would read `$&` and the like in the page's text.
  return shell.replace(EMPTY_ROOT, () => body);
}

function pageBody(html: string, data: unknown): string {
  return `<div id="root">${html}</div>\n    <script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${jsonForScriptElement(data)}</script>`;
}

/** The built server render, or undefined when it is not built (every page then gets the shell). */
export async function loadServerRenderer(file: string): Promise<ServerRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}

/**
 * Renders a public page for the shell: the app's markup for `#root`, and the data it was
 * rendered from in a JSON data block (`<script type="application/json">`, which the CSP's
 * script-src does not govern, escaped so no text can close it) that the client hydrates
 * from, with what the page says of itself for the head. Resolves to undefined for a page
 * that is not rendered, or when rendering fails (the shell then serves it, as before; the
 * failure is logged).
 *
 * The page's data is read from the app's own API routes in-process, as a visitor: the same
 * validation, read path (replicas) and answers as the browser's reads, and nothing personal,
 * so the HTML is the same for everyone. Only the reader's read-your-writes cookie goes with
 * them, so someone who has just changed an ad is rendered what they wrote. A page that answers
 * 404 (`isNotFound`) is rendered with its failed reads: its not-found screen.
 */
export function createPageRenderer(app: FastifyInstance, renderer: ServerRenderer) {
  return async (request: FastifyRequest, isNotFound: boolean): Promise<RenderedPage | undefined> => {
    const pathname = request.url.split('?')[0] ?? '/';
    // The public pages, and the 'Page Not Found' of an address that opens none.
    const isPublic = SERVER_RENDERED_PATTERNS.some((pattern) => matchesRoutePattern(pattern, pathname));
    if (!isPublic && pagePatternOf(pathname)) return undefined;
    const cookie = writePositionCookieOf(request);
    const readApi = async (path: string) => {
      if (!path.startsWith('/api/')) throw new Error(`The server render may only read the API, not ${path}`);
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      });
      return { status: response.statusCode, body: response.json() };
    };
    try {
      const rendered = await renderer.render({ url: request.url, readApi, isNotFound });
      if (!rendered) return undefined;
      return {
        body: pageBody(rendered.html, rendered.data),
        bodyForTag: pageBody(rendered.html, rendered.dataForTag),
        meta: rendered.meta,
      };
    } catch (error) {
      request.log.error({ err: error }, 'the server render failed; the page gets the shell');
      return undefined;
    }
  };
}
