import { findPlan } from '@bazaar/common/plans';
import {
  checkoutParamsSchema,
  checkoutResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  planQuoteQuerySchema,
  planQuoteResponseSchema,
  subscriptionResponseSchema,
} from '@bazaar/common/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { notFound, unauthenticated } from '../http/errors';
import { registerFeaturingRoutes } from '../featuring/routes';
import type { PaymentGateways } from '../payments/payment-gateway';
import { registerPayments } from '../payments/register-payments';
import { changeRenewal } from './change-renewal';
import {
  findCheckoutOfUser,
  findProfile,
  listPaymentsOfUser,
  presentCheckout,
  presentQuote,
  presentSubscription,
  quotePlanForSeller,
} from './queries';
import { startCheckout } from './start-checkout';

export interface SubscriptionRouteDependencies {
  db: Database;
  guard: SessionGuard;
  config: Config;
  authSecret: string;
  jobs: JobQueue;
}

/**
 * The seller's subscription (/api/subscription/*), the payments behind it, and featuring ads,
 * which is paid through the same checkouts. Answers the payment gateways for other features.
 */
export async function registerSubscriptionRoutes(
  app: FastifyInstance,
  dependencies: SubscriptionRouteDependencies,
): Promise<PaymentGateways> {
  const { db, guard } = dependencies;
  const gateways = await registerPayments(app, dependencies);
  registerFeaturingRoutes(app, { db, guard, gateways, jobs: dependencies.jobs });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  routes.get(
    '/api/subscription',
    {
      schema: {
        tags,
        summary: "The signed-in seller's subscription",
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const profile = await findProfile(db, user.id);
      if (!profile) throw unauthenticated();
      return { subscription: presentSubscription(profile) };
    },
  );

  routes.get(
    '/api/subscription/quote',
    {
      schema: {
        tags,
        summary: 'What a plan costs the seller now, with credit for the running plan (proration)',
        querystring: planQuoteQuerySchema,
        response: { 200: planQuoteResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const profile = await findProfile(db, user.id);
      if (!profile) throw unauthenticated();
      const plan = findPlan(request.query.plan_id)!;
      const now = new Date();
      return { quote: presentQuote(plan, quotePlanForSeller(profile, plan, now), now) };
    },
  );

  routes.post(
    '/api/subscription/checkouts',
    {
      schema: {
        tags,
        summary: "Starts paying for a plan: answers the provider's payment page to open",
        body: createCheckoutRequestSchema,
        response: { 200: createCheckoutResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return startCheckout(
        { db, gateway: gateways.forCheckout, log: request.log },
        user,
        request.body.plan_id,
      );
    },
  );

  routes.get(
    '/api/subscription/checkouts/:id',
    {
      schema: {
        tags,
        summary: "A checkout's status, which the subscription page polls while the popup is open",
        params: checkoutParamsSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const checkout = await findCheckoutOfUser(db, request.params.id, user.id);
      if (!checkout) throw notFound('No such checkout.');
      return { checkout: presentCheckout(checkout) };
    },
  );

  routes.post(
    '/api/subscription/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels renewal: the plan stays until the end of the paid period',
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { subscription: await changeRenewal({ db, gateways, log: request.log }, user.id, true) };
    },
  );

  routes.post(
    '/api/subscription/resume',
    {
      schema: {
        tags,
        summary: 'Resumes renewal of a cancelled plan before its period ends',
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { subscription: await changeRenewal({ db, gateways, log: request.log }, user.id, false) };
    },
  );

  routes.get(
    '/api/subscription/payments',
    {
      schema: {
        tags,
        summary: "The seller's payments, newest first",
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const page = await listPaymentsOfUser(db, user.id, request.query);
      return { payments: page.payments, next_cursor: page.nextCursor };
    },
  );
  return gateways;
}
