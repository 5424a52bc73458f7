import { adIdParamsSchema, recordViewResponseSchema } from '@bazaar/common/ads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { notFound } from '../http/errors';
import { deriveViewerSecret, recordAdView, viewerOf } from './views';

/** POST /api/ads/:id/views: the ad page counts its view. */
export function registerViewRoutes(
  app: FastifyInstance,
  {
    db,
    guard,
    authSecret,
    isHttps,
  }: { db: Database; guard: SessionGuard; authSecret: string; isHttps: boolean },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const viewerSecret = deriveViewerSecret(authSecret);

  routes.post(
    '/api/ads/:id/views',
    {
      schema: {
        tags: ['ads'],
        summary: "Count a view of the ad page (once per viewer per day; the owner's views do not count)",
        params: adIdParamsSchema,
        response: { 200: recordViewResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.currentUser(request);
      const viewer = viewerOf(viewerSecret, {
        userId: user?.id,
        address: request.ip,
        cookie: request.headers.cookie,
        isHttps,
      });
      const result = await recordAdView(db, request.params.id, viewer, user?.id);
      if (!result) throw notFound('This ad does not exist.');
      if (viewer.setCookie) reply.header('set-cookie', viewer.setCookie);
      return result;
    },
  );
}
