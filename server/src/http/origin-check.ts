import type { FastifyInstance, FastifyRequest } from 'fastify';
import { carriesSessionCookie } from '../auth/session-guard';
import { crossOriginRefused } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to, as the browser saw it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether a browser sent the request: browsers send `Origin` (or at least `Sec-Fetch-Site`)
 * on every state-changing request; other clients send neither.
 */
export function isFromBrowser(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;
}

/**
 * Refuses state-changing API requests sent by pages of other sites (CSRF). Browsers send
 * `Origin` (or at least `Sec-Fetch-Site`) on such requests; clients that send neither are
 * not browsers and authenticate with a bearer token, which another site cannot borrow. A
 * request with neither that carries the session cookie is refused too: the cookie is a
 * browser's, and whatever sent it without saying where from is not to be trusted with it.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string; exemptPrefixes: string[] },
): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === requestOrigin(request)) return;
      throw crossOriginRefused();
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw crossOriginRefused();
    }
    if (fetchSite === undefined && carriesSessionCookie(request)) throw crossOriginRefused();
  });
}
