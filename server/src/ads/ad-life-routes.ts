import { adIdParamsSchema, adLifeResponseSchema } from '@bazaar/common/ads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { markAdSold, renewAd } from './ad-life';

/** Renew an ad that expired or is about to, mark an active one sold: its owner's actions (issue 14). */
export function registerAdLifeRoutes(
  app: FastifyInstance,
  { db, guard, adLifetimeDays }: { db: Database; guard: SessionGuard; adLifetimeDays: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/ads/:id/renew',
    {
      schema: {
        tags: ['ads'],
        summary:
          'Renew your ad for another lifetime, once expired (it counts against your quota again) or in its last days',
        params: adIdParamsSchema,
        response: { 200: adLifeResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return renewAd(db, { adId: request.params.id, actor: user, lifetimeDays: adLifetimeDays });
    },
  );

  routes.post(
    '/api/ads/:id/sold',
    {
      schema: {
        tags: ['ads'],
        summary: 'Mark your active ad sold: it leaves lists at once, its page says "Sold" for 7 days',
        params: adIdParamsSchema,
        response: { 200: adLifeResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return markAdSold(db, { adId: request.params.id, actor: user });
    },
  );
}
