import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carriesCredentials } from '../auth/session-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read (issue 15): the same for everyone who may see it, so a shared cache in
     * front (a CDN, nginx) may keep a visitor's answer for a few seconds.
     */
    sharedCache?: boolean;
  }
}

/** Seconds a shared cache serves a public read without asking again. */
export const SHARED_CACHE_SECONDS = 30;

/**
 * Shared caches keep a visitor's answer for a short while; browsers revalidate every time
 * (max-age=0, an unchanged answer costs a 304), so a person who changed an ad, or a visitor
 * after a moderator hid one, never gets their browser's old copy. No stale-while-revalidate
 * here (CDN_CACHE_CONTROL has it): browsers apply it too (Chromium serves the stale copy
 * first), which showed a hidden ad.
 */
const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`;
/**
 * The same for CDNs alone (RFC 9213's targeted field, which browsers ignore), with
 * stale-while-revalidate: a CDN answers at once from a copy up to this much older while it
 * asks the app again.
 */
const CDN_CACHE_CONTROL = `public, max-age=${SHARED_CACHE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_SECONDS}`;
/** A signed-in person's copy is theirs: kept by their browser only, and revalidated. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * What the ETag of an answer is computed from when not its bytes: a rendered page's data block
 * carries the times its data was read, which differ between renders of the same page.
 */
const entityTagSources = new WeakMap<FastifyReply, string>();

/** The ETag of this answer is computed from `source` (the page without its read times). */
export function setEntityTagSource(reply: FastifyReply, source: string): void {
  entityTagSources.set(reply, source);
}

/** A weak validator of the body's bytes: equal bodies, equal tags, on every app process. */
function entityTagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match lists the tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function isStillFresh(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (candidate: string) => candidate.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/** Answers from a request with a session (or a cookie being set) must not be shared. */
function isForEveryone(request: FastifyRequest, reply: FastifyReply): boolean {
  return !carriesCredentials(request) && !reply.hasHeader('set-cookie');
}

/**
 * A shared copy is kept per Accept-Encoding, the uncompressed one too (compression marks only
 * the answers it compresses): a cache must not hand a plain copy's bytes to a client that
 * asked for brotli, nor a compressed one to a client that cannot read it.
 */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  // In lower case, as the compression plugin looks for it before adding its own.
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * What no cache may keep: every answer that does not say otherwise (a person's own reads,
 * answers to writes, errors). Without it a shared cache could keep one person's inbox or
 * e-mail address by its own rules.
 */
const UNCACHEABLE = 'no-store';

/**
 * Cache headers and conditional answers for the routes marked `config: { sharedCache: true }`:
 * a successful read gets an ETag and, asked again with it in If-None-Match, a 304 without a
 * body; a visitor's copy may be shared, a signed-in person's stays private. Errors (404 for a
 * hidden ad, say) get neither, so no cache keeps them. Any other answer that sets no
 * Cache-Control of its own (static files and pages do) gets `no-store`.
 */
export function registerSharedCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.sharedCache || reply.statusCode !== 200) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', UNCACHEABLE);
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = entityTagOf(entityTagSources.get(reply) ?? payload);
    reply.header('etag', tag);
    if (isForEveryone(request, reply)) {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cdn-cache-control', CDN_CACHE_CONTROL);
      varyByEncoding(reply);
    } else {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    if (!isStillFresh(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    return '';
  });
}
