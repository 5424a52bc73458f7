import { adIdParamsSchema } from '@bazaar/common/ads';
import { featureOfferResponseSchema, featureResponseSchema } from '@bazaar/common/featuring';
import { createCheckoutResponseSchema } from '@bazaar/common/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { PaymentGateways } from '../payments/payment-gateway';
import type { JobQueue } from '../jobs/job-queue';
import { endFinishedFeatures, FEATURES_ENDED_JOB } from './end-features';
import { featureAdWithIncluded } from './feature-ad';
import { findFeatureOffer } from './queries';
import { startFeatureCheckout } from './start-feature-checkout';

export interface FeaturingRouteDependencies {
  db: Database;
  guard: SessionGuard;
  gateways: PaymentGateways;
  jobs: JobQueue;
}

/**
 * Featuring an ad for a week (issue 13): its price, a checkout, or a plan's included one; and
 * the job that ends featured weeks.
 */
export function registerFeaturingRoutes(
  app: FastifyInstance,
  { db, guard, gateways, jobs }: FeaturingRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['featuring'];

  jobs.work(FEATURES_ENDED_JOB, async () => {
    const ended = await endFinishedFeatures(db);
    if (ended.length > 0) app.log.info({ ads: ended.map((ad) => ad.id) }, 'featured weeks ended');
  });
  jobs.schedule(FEATURES_ENDED_JOB, '* * * * *');

  routes.get(
    '/api/ads/:id/feature',
    {
      schema: {
        tags,
        summary: "What featuring the owner's ad costs now, and the plan's included features left",
        params: adIdParamsSchema,
        response: { 200: featureOfferResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { offer: await findFeatureOffer(db, { actor: user, adId: request.params.id }) };
    },
  );

  routes.post(
    '/api/ads/:id/feature',
    {
      schema: {
        tags,
        summary: "Features the owner's ad for a week with one of the plan's included features",
        params: adIdParamsSchema,
        response: { 200: featureResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const featuredUntil = await featureAdWithIncluded(db, { actor: user, adId: request.params.id });
      return { featured_until: featuredUntil.toISOString() };
    },
  );

  routes.post(
    '/api/ads/:id/feature/checkouts',
    {
      schema: {
        tags,
        summary: "Starts paying for a featured week: answers the provider's payment page to open",
        params: adIdParamsSchema,
        response: { 200: createCheckoutResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return startFeatureCheckout(
        { db, gateway: gateways.forCheckout, log: request.log },
        user,
        request.params.id,
      );
    },
  );
}
