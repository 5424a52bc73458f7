import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorMessages } from '@bazaar/common/errors';
import { isUuid } from '@bazaar/common/ids';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { advertisements } from '../db/schema';
import { errorBody } from '../http/errors';
import { can } from '../policies/authorize';
import { isPublicAd } from '../policies/ads';
import { contentTypeForKey } from './file-signatures';
import { assertSafeKey, type ByteRange, type Storage } from './storage';

/** Media of ads the public may not see: for this request only, kept by no cache. */
const privateMedia = new WeakSet<FastifyRequest>();

/**
 * Keys are unique and never rewritten, so a public ad's media are cached for a year; those
 * of an ad only its owner and staff may see are kept by no cache (decision 0010). Each file
 * is sandboxed so it can never run as a page, and its type is never sniffed.
 */
function setMediaHeaders(reply: Pick<FastifyReply, 'header' | 'request'>): void {
  reply.header(
    'cache-control',
    privateMedia.has(reply.request) ? 'private, no-store' : 'public, max-age=31536000, immutable',
  );
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-resource-policy', 'same-origin');
}

/** A single `bytes=a-b` or `bytes=a-` range; others are ignored (the whole object is sent). */
function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, end };
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send(errorBody('not_found', errorMessages.not_found));

/** Serves /media/<key> from the remote store, with the same headers as local files. */
async function registerRemoteMediaRoutes(app: FastifyInstance, storage: Required<Pick<Storage, 'open'>>) {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    try {
      assertSafeKey(key);
    } catch {
      return notFound(reply);
    }
    const range = parseRange(request.headers.range);
    let object;
    try {
      object = await storage.open(key, range);
    } catch (error) {
      if ((error as { name?: string }).name === 'InvalidRange') {
        return reply
          .status(416)
          .send(errorBody('validation_failed', 'The requested range is not in this file.'));
      }
      throw error;
    }
    if (!object) return notFound(reply);
    setMediaHeaders(reply);
    reply.header('accept-ranges', 'bytes');
    reply.header('content-length', object.length);
    reply.type(contentTypeForKey(key));
    if (object.range) {
      reply.status(206);
      reply.header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    }
    return reply.send(object.body);
  });
}

/** The ad a media path belongs to (`/media/ads/<ad id>/<file>`, as stored); undefined for any other path. */
const AD_MEDIA_PATH = /^\/media\/ads\/([^/]+)\/[\w.-]+$/;

/**
 * Serves a file only to those who may see its ad (the ad policy: everyone while the ad is
 * public, otherwise its owner and staff); anyone else gets 404, as for a file that does not
 * exist. Paths that are not an ad's file as stored are 404 too.
 */
function guardAdMedia(media: FastifyInstance, { db, guard }: { db: Database; guard: SessionGuard }) {
  media.addHook('onRequest', async (request, reply) => {
    const adId = AD_MEDIA_PATH.exec(request.url.split('?')[0] ?? '')?.[1];
    const [ad] =
      adId && isUuid(adId)
        ? await db
            .select({
              user_id: advertisements.user_id,
              status: advertisements.status,
              sold_at: advertisements.sold_at,
            })
            .from(advertisements)
            .where(eq(advertisements.id, adId))
        : [];
    if (!ad) return notFound(reply);
    if (isPublicAd(ad)) return;
    if (!can(await guard.currentUser(request), 'read', { ad })) return notFound(reply);
    privateMedia.add(request);
  });
}

/** /media/<key>: files of the local store straight from disk, or objects of the remote one. */
export async function registerMediaRoutes(
  app: FastifyInstance,
  { storage, db, guard }: { storage: Storage; db: Database; guard: SessionGuard },
) {
  await app.register(async (media) => {
    guardAdMedia(media, { db, guard });
    await registerMediaFiles(media, storage);
  });
}

async function registerMediaFiles(app: FastifyInstance, storage: Storage) {
  if (storage.root) {
    // The static plugin serves from a folder that exists; a fresh install has none yet.
    await mkdir(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: path.resolve(storage.root),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
      allowedPath: (pathname) => !pathname.endsWith('.partial'),
      setHeaders: setMediaHeaders,
    });
    return;
  }
  const { open } = storage;
  if (!open) throw new Error('This storage can neither be served from disk nor opened');
  await registerRemoteMediaRoutes(app, { open: open.bind(storage) });
}
