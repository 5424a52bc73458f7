import { webhookResponseSchema } from '@bazaar/common/subscriptions';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { badRequest, invalidSignature, routeNotFound } from '../http/errors';
import { DEMO_WEBHOOK_PATH, demoEventSchema, paymentEventFromDemo } from './demo-events';
import { DEMO_SIGNATURE_HEADER, isValidDemoSignature } from './demo-signature';
import { applyPaymentEvent, type PaymentEventResult, type ReceivedPaymentEvent } from './payment-events';
import type { PaymentGateways } from './payment-gateway';
import { paymentEventFromStripe } from './stripe-gateway';

/** Provider-to-server calls: exempt from the browser origin check, verified by signature. */
export const PAYMENT_WEBHOOK_PREFIX = '/api/payments/webhooks/';
export const STRIPE_WEBHOOK_PATH = '/api/payments/webhooks/stripe';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The event body is not valid JSON.');
  }
}

/** What a change at the provider needs after the database has committed it. */
async function settleWithProviders(
  result: PaymentEventResult,
  gateways: PaymentGateways,
  log: FastifyBaseLogger,
): Promise<void> {
  const replaced = result.replacedSubscription;
  if (replaced) {
    // The new plan is paid for: the old subscription must not bill again.
    await gateways.byProvider[replaced.provider]
      ?.endSubscription(replaced.subscriptionId)
      .catch((error: unknown) => {
        log.error(
          { err: error, subscription: replaced },
          'could not end the subscription replaced by a plan change',
        );
      });
  }
  for (const checkout of result.supersededCheckouts) {
    if (!checkout.sessionId) continue;
    await gateways.byProvider[checkout.provider]
      ?.expireCheckoutSession(checkout.sessionId)
      .catch((error: unknown) => {
        log.warn({ err: error, checkout }, 'could not expire a superseded checkout session');
      });
  }
}

export interface WebhookDependencies {
  db: Database;
  gateways: PaymentGateways;
  demoSigningKey: Buffer;
  stripe?: { client: Stripe; webhookSecret: string };
}

/**
 * The payment providers' webhooks. Each reads the raw body (signatures cover exact bytes),
 * verifies it, and hands the event to the one handler both providers share.
 */
export async function registerWebhookRoutes(app: FastifyInstance, dependencies: WebhookDependencies) {
  const { db, gateways, demoSigningKey, stripe } = dependencies;

  async function receive(received: ReceivedPaymentEvent, log: FastifyBaseLogger) {
    const result = await applyPaymentEvent(db, received);
    log.info(
      { provider: received.provider, event: received.eventId, outcome: result.outcome },
      'payment event',
    );
    await settleWithProviders(result, gateways, log);
    return { received: true as const, outcome: result.outcome };
  }

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ['payments'],
      hide: true,
      // The event as the provider sent it, text whose signature is checked before it is read.
      body: z.string().optional(),
      response: { 200: webhookResponseSchema },
    };

    routes.post(
      DEMO_WEBHOOK_PATH,
      { schema: { ...schema, summary: 'Signed events of the demo payment provider' } },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[DEMO_SIGNATURE_HEADER];
        if (
          !isValidDemoSignature(demoSigningKey, body, typeof signature === 'string' ? signature : undefined)
        ) {
          throw invalidSignature();
        }
        const parsed = demoEventSchema.safeParse(parseJson(body));
        if (!parsed.success) throw badRequest('The event is not one the demo provider sends.');
        return receive(
          {
            provider: 'demo',
            eventId: parsed.data.id,
            providerType: parsed.data.type,
            payload: parsed.data,
            event: paymentEventFromDemo(parsed.data),
          },
          request.log,
        );
      },
    );

    routes.post(
      STRIPE_WEBHOOK_PATH,
      { schema: { ...schema, summary: 'Stripe webhook events' } },
      async (request) => {
        if (!stripe) throw routeNotFound('Stripe is not configured here.');
        const body = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.client.webhooks.constructEvent(body, signature ?? '', stripe.webhookSecret);
        } catch {
          throw invalidSignature();
        }
        const paymentEvent = paymentEventFromStripe(event);
        if (!paymentEvent)
          return { received: true as const, outcome: `ignored: ${event.type} is not handled` };
        return receive(
          {
            provider: 'stripe',
            eventId: event.id,
            providerType: event.type,
            payload: event,
            event: paymentEvent,
          },
          request.log,
        );
      },
    );
  });
}
