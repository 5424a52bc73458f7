import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorMessages } from '@bazaar/common/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../http/errors';
import { contentTypeForKey } from './file-signatures';
import { assertSafeKey, type ByteRange, type Storage } from './storage';

/**
 * Keys are unique and never rewritten, so media are cached for a year; each file is
 * sandboxed so it can never run as a page, and its type is never sniffed.
 */
function setMediaHeaders(reply: Pick<FastifyReply, 'header'>): void {
  reply.header('cache-control', 'public, max-age=31536000, immutable');
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

/** /media/<key>: files of the local store straight from disk, or objects of the remote one. */
export async function registerMediaRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
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
