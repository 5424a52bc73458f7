import { myAdListResponseSchema, myAdsQuerySchema } from '@bazaar/common/ads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { Storage } from '../media/storage';
import { presentMyAdSummary } from './presenters';
import { countAdsOfSeller, findAdsOfSeller } from './queries';

/** GET /api/me/ads: the seller's own ads, for the dashboard. */
export function registerMyAdsRoutes(
  app: FastifyInstance,
  { db, guard, storage }: { db: Database; guard: SessionGuard; storage: Storage },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me/ads',
    {
      schema: {
        tags: ['ads'],
        summary: 'Your own ads, any status, newest first',
        querystring: myAdsQuerySchema,
        response: { 200: myAdListResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const { cursor, limit } = request.query;
      const [page, total] = await Promise.all([
        findAdsOfSeller(db, user.id, { cursor, limit }),
        cursor ? null : countAdsOfSeller(db, user.id),
      ]);
      return {
        ads: page.rows.map((row) => presentMyAdSummary(row, storage)),
        next_cursor: page.nextCursor,
        total,
      };
    },
  );
}
