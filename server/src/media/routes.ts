import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves locally stored media under /media/. Keys are unique and never rewritten, so they
 * are cached for a year; each file is sandboxed so it can never run as a page.
 */
export async function registerLocalMediaRoutes(app: FastifyInstance, { root }: { root: string }) {
  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    serveDotFiles: false,
    cacheControl: false,
    allowedPath: (pathname) => !pathname.endsWith('.partial'),
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
    },
  });
}
