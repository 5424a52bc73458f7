import {
  sellerAnalyticsQuerySchema,
  sellerAdsQuerySchema,
  sellerAdsResponseSchema,
  sellerAnalyticsResponseSchema,
  sellerPageResponseSchema,
  sellerParamsSchema,
  sellerStatsResponseSchema,
} from '@bazaar/common/sellers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { presentAdSummary } from '../ads/presenters';
import type { Storage } from '../media/storage';
import { findActiveAdsOfSeller, sellerPage } from './public-page';
import { sellerAnalytics, sellerStatistics } from './statistics';

export async function registerSellerRoutes(
  app: FastifyInstance,
  { db, guard, storage }: { db: Database; guard: SessionGuard; storage: Storage },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The public seller page (issue 14) is the same for everyone: no session is read.
  routes.get(
    '/api/sellers/:id',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['sellers'],
        summary: "A seller's public page: name, member since, verified, location, response rate and time",
        params: sellerParamsSchema,
        response: { 200: sellerPageResponseSchema },
      },
    },
    async (request) => sellerPage(request.readDb, null, request.params.id),
  );

  routes.get(
    '/api/sellers/:id/ads',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['sellers'],
        summary: "A seller's active ads, newest first",
        params: sellerParamsSchema,
        querystring: sellerAdsQuerySchema,
        response: { 200: sellerAdsResponseSchema },
      },
    },
    async (request) => {
      const page = await findActiveAdsOfSeller(request.readDb, null, request.params.id, request.query);
      return { ads: page.rows.map((row) => presentAdSummary(row, storage)), next_cursor: page.nextCursor };
    },
  );

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
