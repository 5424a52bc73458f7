import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessages } from '@bazaar/common/errors';
import { DEFAULT_PAGE_DESCRIPTION, documentTitle, type PageMeta } from '@bazaar/common/page-meta';
import { PAGE_CODE_ELEMENT_ID, SERVER_RENDERED_PATTERNS } from '@bazaar/common/server-rendering';
import { pagePatternOf, withoutTrailingSlash } from '@bazaar/common/site-paths';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors';
import { findNulCharacter } from '../http/nul-characters';
import { isPrivatePage, robotsTxt } from '../seo/private-pages';
import { setEntityTagSource } from '../http/shared-cache';
import { jsonForScriptElement, renderIndexHtml, type PageHead } from './index-html';
import { loadPageCode } from './page-code';
import { createPageRenderer, withoutScripts, withPage, type ServerRenderer } from './server-render';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Bazaar</title>
<meta name="description" content="" /></head><body><h1>Bazaar</h1>
<p>The web client is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds when needed).</p>
</body></html>`;

export interface ClientApp {
  /**
   * Sends the web client's page, with a page-specific head when given: a public page
   * rendered on the server (when the server render is built), any other the app's shell.
   * A public page that is not found (404) is rendered as its not-found screen.
   */
  sendPage(reply: FastifyReply, head?: PageHead, status?: number): Promise<FastifyReply>;
  /**
   * Serves the page of `pattern` (its `:name` segments as Fastify's route parameters), with
   * status 404 when `isFound` says that what it shows does not exist for the public: the
   * client then says so, and crawlers and caches are not told it is a page.
   */
  servePage<Params extends Record<string, string>>(
    pattern: string,
    isFound: (params: Params, request: FastifyRequest) => Promise<boolean>,
  ): void;
}

/** A built script or stylesheet, possibly its precompressed copy. */
const SCRIPT_OR_STYLESHEET = /\.(js|css)(\.br|\.gz)?$/;
/** The brotli or gzip copy the build writes beside a script or stylesheet. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built web client: hashed assets cached for a year and sent precompressed
 * (brotli or gzip) when the browser accepts it, the HTML shell never cached, and every client
 * route answered with the shell so reloads work (history fallback), the public pages rendered
 * on the server when its render is built (server-render.ts); an address that opens no page
 * gets the shell with status 404. Unknown /api/* paths get a JSON 404, never the shell. The
 * build's source maps (written beside the assets, referenced by none) are served only when
 * `serveSourceMaps` is set, with a `SourceMap` header on each script and stylesheet pointing
 * developer tools to its map.
 */
export async function registerClientApp(
  app: FastifyInstance,
  {
    clientDir,
    publicUrl,
    serveSourceMaps,
    serverRenderer,
  }: {
    clientDir: string;
    publicUrl: string;
    serveSourceMaps: boolean;
    /** The server render of the public pages (client/dist-ssr); without it, every page gets the shell. */
    serverRenderer?: ServerRenderer;
  },
): Promise<ClientApp> {
  const indexFile = path.join(clientDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  if (!isBuilt) app.log.warn({ clientDir }, 'the web client is not built; serving a notice');
  const template = isBuilt ? await readFile(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const defaultHead: PageHead = { title: documentTitle(undefined), description: DEFAULT_PAGE_DESCRIPTION };
  /** A rendered page's head, from what it said of itself. */
  const headOfRenderedPage = (meta: Partial<PageMeta>): PageHead => ({
    title: meta.title ?? defaultHead.title,
    description: meta.description ?? defaultHead.description,
    canonical: meta.canonicalPath && `${publicUrl}${meta.canonicalPath}`,
  });
  const pageCodeFor = await loadPageCode(clientDir);
  // None without a manifest (a development build): the entry then has nothing to preload.
  const pageCodeBlock = (files: readonly string[]) =>
    files.length === 0
      ? ''
      : `<script type="application/json" id="${PAGE_CODE_ELEMENT_ID}">${jsonForScriptElement(files)}</script>`;
  /** The shell with the page's head and the list of the route's code (page-code.ts). */
  const renderShell = (head: PageHead, files: readonly string[]) =>
    renderIndexHtml(template, head).replace('</head>', () => `${pageCodeBlock(files)}</head>`);
  // The default shell differs only by the route's code: one per page (one list each), rendered once.
  const defaultShells = new Map<readonly string[], string>();
  const defaultShellFor = (pathname: string) => {
    const files = pageCodeFor(pathname);
    let html = defaultShells.get(files);
    if (!html) {
      html = renderShell(defaultHead, files);
      defaultShells.set(files, html);
    }
    return html;
  };

  if (isBuilt) {
    const staticFiles = {
      index: false as const,
      serveDotFiles: false,
      // The build writes .br and .gz beside each script and stylesheet (client/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
    };
    // The hashed scripts, stylesheets and pictures, cached for a year: one route for the folder
    // (a route for each of its files was a tenth of a second of every start). Not the .br and
    // .gz copies, which preCompressed finds beside the file asked for, nor the source maps
    // unless they are served.
    await app.register(fastifyStatic, {
      ...staticFiles,
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      allowedPath: (pathname) =>
        !PRECOMPRESSED_COPY.test(pathname) && (serveSourceMaps || !pathname.endsWith('.map')),
      setHeaders(reply, filePath) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        if (serveSourceMaps && SCRIPT_OR_STYLESHEET.test(filePath)) {
          reply.header('sourcemap', `${path.basename(filePath).replace(PRECOMPRESSED_COPY, '')}.map`);
        }
      },
    });
    // The few files beside the shell (the favicon), each a route of its own, cached for an hour.
    await app.register(fastifyStatic, {
      ...staticFiles,
      root: clientDir,
      wildcard: false,
      decorateReply: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const renderPage = isBuilt && serverRenderer ? createPageRenderer(app, serverRenderer) : undefined;

  const clientApp: ClientApp = {
    async sendPage(reply, head, status = 200) {
      const { request } = reply;
      const pathname = request.url.split('?')[0] ?? '/';
      const rendered = await renderPage?.(request, status === 404);
      const pageHead = head ?? (rendered && headOfRenderedPage(rendered.meta));
      const shell = pageHead
        ? renderShell({ url: `${publicUrl}${request.url}`, ...pageHead }, pageCodeFor(pathname))
        : defaultShellFor(pathname);
      if (rendered) setEntityTagSource(reply, withPage(shell, rendered.bodyForTag));
      const html = rendered ? withPage(shell, rendered.body) : withoutScripts(shell);
      // Someone's own pages and the sign-in flow are never worth a search result.
      if (isPrivatePage(pathname)) reply.header('x-robots-tag', 'noindex');
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    },
    servePage<Params extends Record<string, string>>(
      pattern: string,
      isFound: (params: Params, request: FastifyRequest) => Promise<boolean>,
    ) {
      // Fastify names the parameters after the pattern's `:name` segments.
      const config = { sharedCache: SERVER_RENDERED_PATTERNS.includes(pattern), rendersPage: true };
      app.get(pattern, { config, schema: { hide: true } }, async (request, reply) => {
        const isPage =
          findNulCharacter(request.params) === undefined &&
          (await isFound(request.params as Params, request));
        return clientApp.sendPage(reply, undefined, isPage ? 200 : 404);
      });
    },
  };

  // The public pages without a parameter to check (the others are servePage's).
  for (const pattern of SERVER_RENDERED_PATTERNS.filter((pattern) => !pattern.includes(':'))) {
    app.get(
      pattern,
      { config: { sharedCache: true, rendersPage: true }, schema: { hide: true } },
      (_request, reply) => clientApp.sendPage(reply),
    );
  }

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/media/');
    if (isApi || looksLikeFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const code = isApi ? 'route_not_found' : 'not_found';
      return reply.status(404).send(errorBody(code, errorMessages[code]));
    }
    // One address per page: with a trailing slash, it moves to the one without.
    const trimmed = withoutTrailingSlash(pathname);
    if (trimmed !== pathname && pagePatternOf(trimmed)) {
      return reply.redirect(`${trimmed}${request.url.slice(pathname.length)}`, 301);
    }
    // An address that opens no page is the client's 'Page Not Found', and says so.
    return clientApp.sendPage(reply, undefined, pagePatternOf(pathname) ? 200 : 404);
  });

  return clientApp;
}
