import {
  sellerAnalyticsQuerySchema,
  sellerAnalyticsResponseSchema,
  sellerStatsResponseSchema,
} from '@bazaar/common/sellers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { sellerAnalytics, sellerStatistics } from './statistics';

export async function registerSellerRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Database; guard: SessionGuard },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me/stats',
    {
      schema: {
        tags: ['sellers'],
        summary: 'Your ads, views, likes, average price, engagement score and achievements',
        response: { 200: sellerStatsResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return sellerStatistics(db, user.id);
    },
  );

  routes.get(
    '/api/me/analytics',
    {
      schema: {
        tags: ['sellers'],
        summary: 'Views and likes of your ads per day (UTC) for the last `days` days, today included',
        querystring: sellerAnalyticsQuerySchema,
        response: { 200: sellerAnalyticsResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return sellerAnalytics(db, user.id, request.query.days);
    },
  );
}
