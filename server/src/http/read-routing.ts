import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { ReplicaSet } from '../db/replicas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read that a read replica may answer (decision 0023), for a route that keeps its
     * own caching headers; the routes marked `sharedCache` are public reads too.
     */
    replicaRead?: boolean;
  }
  interface FastifyRequest {
    /**
     * The database a route reads from: for a public read, a usable replica that has what
     * this reader wrote, when there are replicas; otherwise the primary.
     */
    readDb: Database;
  }
}

/** The reader's last write: the primary's WAL position after it, signed. */
const WRITE_POSITION_COOKIE = 'bazaar_lsn';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isPublicRead = (request: FastifyRequest) => {
  const { config } = request.routeOptions;
  return config.sharedCache === true || config.replicaRead === true;
};

const WRITE_POSITION_PAIR = new RegExp(`(?:^|;\\s*)${WRITE_POSITION_COOKIE}=[^;]*`, 'g');

/**
 * The request's read-your-writes cookie as a `Cookie` header, for a read the app makes
 * in-process on the reader's behalf (the server's render of a page): the same replica
 * choice, and nothing else of the reader's (no session).
 */
export function writePositionCookieOf(request: FastifyRequest): string | undefined {
  const cookies = request.headers.cookie?.match(WRITE_POSITION_PAIR);
  return cookies ? cookies.map((cookie) => cookie.trim().replace(/^;\s*/, '')).join('; ') : undefined;
}

function signatureOf(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(`lsn:${value}`).digest('base64url').slice(0, 22);
}

const WRITE_POSITION = new RegExp(
  `(?:^|;\\s*)${WRITE_POSITION_COOKIE}=([0-9a-f]{1,16})\\.([A-Za-z0-9_-]{22})`,
  'g',
);

/**
 * The signed WAL position the request's cookie carries (the furthest, should a client send
 * more than one), or undefined when there is none or it is forged.
 */
function writePositionOf(request: FastifyRequest, key: Buffer): bigint | undefined {
  const cookie = request.headers.cookie;
  if (!cookie?.includes(WRITE_POSITION_COOKIE)) return undefined;
  let furthest: bigint | undefined;
  for (const [, value = '', signature = ''] of cookie.matchAll(WRITE_POSITION)) {
    const expected = Buffer.from(signatureOf(key, value));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const position = BigInt(`0x${value}`);
    if (furthest === undefined || position > furthest) furthest = position;
  }
  return furthest;
}

/**
 * Where each request reads (decision 0023): `request.readDb` is the primary, except on a
 * public read when there are replicas. A request that may have written (any method but GET,
 * HEAD and OPTIONS, answered below 400) gets the primary's WAL position after it in a signed
 * cookie, and that person's public reads go to a replica only once it has replayed that far
 * (read-your-writes, on every app process that shares AUTH_SECRET). The cookie lives the lag
 * limit and a minute: by then any replica still in use has replayed the write.
 */
export function registerReadRouting(
  app: FastifyInstance,
  {
    primary,
    replicas,
    authSecret,
    isHttps,
    maxLagMs,
  }: { primary: Database; replicas?: ReplicaSet; authSecret: string; isHttps: boolean; maxLagMs: number },
): void {
  if (!replicas) {
    app.decorateRequest('readDb', { getter: () => primary });
    return;
  }
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'bazaar', 'read-your-writes cookie v1', 32));
  const cookieAttributes = `Path=/; Max-Age=${Math.ceil(maxLagMs / 1000) + 60}; HttpOnly; SameSite=Lax${isHttps ? '; Secure' : ''}`;
  const chosen = new WeakMap<FastifyRequest, Database>();

  app.decorateRequest('readDb', {
    getter(this: FastifyRequest) {
      if (!isPublicRead(this)) return primary;
      let db = chosen.get(this);
      if (!db) {
        db = replicas.choose(writePositionOf(this, key)) ?? primary;
        chosen.set(this, db);
      }
      return db;
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    try {
      const value = (await replicas.primaryLsn()).toString(16);
      reply.header(
        'set-cookie',
        `${WRITE_POSITION_COOKIE}=${value}.${signatureOf(key, value)}; ${cookieAttributes}`,
      );
    } catch (error) {
      // The write is done; without the cookie the next reads may not show it for a moment.
      request.log.warn({ err: error }, 'could not read the primary’s WAL position after a write');
    }
    return payload;
  });
}
