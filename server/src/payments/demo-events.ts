import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { DEMO_SIGNATURE_HEADER, signDemoEvent } from './demo-signature';
import type { PaymentEvent } from './payment-events';

export const DEMO_WEBHOOK_PATH = '/api/payments/webhooks/demo';

const eventId = z.string().regex(/^evt_demo_[A-Za-z0-9_-]{8,120}$/);

/** The demo provider's events, as it signs and sends them. */
export const demoEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: eventId,
    type: z.literal('checkout.paid'),
    created: z.number().int(),
    data: z.object({
      checkout_id: z.uuid(),
      amount_cents: z.number().int(),
      currency: z.string(),
      /** Null for a one-off payment (featuring an ad). */
      subscription_id: z.string().min(1).max(200).nullable(),
    }),
  }),
  z.object({
    id: eventId,
    type: z.literal('subscription.renewed'),
    created: z.number().int(),
    data: z.object({
      subscription_id: z.string().min(1).max(200),
      amount_cents: z.number().int(),
      currency: z.string(),
      period_start: z.iso.datetime(),
      period_end: z.iso.datetime(),
    }),
  }),
]);
export type DemoEvent = z.infer<typeof demoEventSchema>;

export function paymentEventFromDemo(event: DemoEvent): PaymentEvent {
  switch (event.type) {
    case 'checkout.paid':
      return {
        type: 'checkout.paid',
        checkout: { checkoutId: event.data.checkout_id },
        amountCents: event.data.amount_cents,
        currency: event.data.currency,
        subscriptionId: event.data.subscription_id,
        customerId: null,
      };
    case 'subscription.renewed':
      return {
        type: 'subscription.renewed',
        subscriptionId: event.data.subscription_id,
        amountCents: event.data.amount_cents,
        currency: event.data.currency,
        periodStart: new Date(event.data.period_start),
        periodEnd: new Date(event.data.period_end),
      };
  }
}

/**
 * Sends a demo event the way a provider does: signed, over HTTP, to the webhook. It runs
 * through the same route (and signature check) as any external delivery would.
 */
export async function deliverDemoEvent(
  app: FastifyInstance,
  signingKey: Buffer,
  event: DemoEvent,
): Promise<string> {
  const body = JSON.stringify(event);
  const response = await app.inject({
    method: 'POST',
    url: DEMO_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: signDemoEvent(signingKey, body) },
    payload: body,
  });
  if (response.statusCode !== 200) {
    throw new Error(`The demo webhook refused event ${event.id}: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ outcome: string }>().outcome;
}
