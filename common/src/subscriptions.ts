import * as z from 'zod';
import { nextCursorSchema, pageQuerySchema } from './pagination';
import { planIdSchema } from './plans';
import { subscriptionStatusSchema } from './subscription-rules';

export const paymentProviderSchema = z.enum(['demo', 'stripe']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const checkoutStatusSchema = z.enum(['open', 'paid', 'failed', 'expired']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

const cents = z.number().int().nonnegative();

/** Body of POST /api/subscription/checkouts. The price is the server's, never the client's. */
export const createCheckoutRequestSchema = z.strictObject({ plan_id: planIdSchema });
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

export const checkoutPurposeSchema = z.enum(['plan', 'feature']);

/** A payment attempt: for a plan, or for featuring an ad (issue 13). */
export const checkoutSchema = z.object({
  id: z.uuid(),
  purpose: checkoutPurposeSchema,
  /** The plan bought; null when featuring an ad. */
  plan_id: planIdSchema.nullable(),
  /** The ad to feature; null for a plan. */
  ad_id: z.uuid().nullable(),
  provider: paymentProviderSchema,
  status: checkoutStatusSchema,
  amount_cents: cents,
  credit_cents: cents,
  expires_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const createCheckoutResponseSchema = z.object({
  checkout: checkoutSchema,
  /**
   * The provider's payment page, opened in the popup: an address on the provider's site, or
   * a path of ours (the demo provider), opened at whatever address the page itself was.
   */
  url: z.union([z.url(), z.string().regex(/^\/(?![/\\])/)]),
});
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

export const checkoutResponseSchema = z.object({ checkout: checkoutSchema });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutParamsSchema = z.strictObject({ id: z.uuid() });

export const planQuoteQuerySchema = z.strictObject({ plan_id: planIdSchema });

/** What subscribing to a plan would cost now, shown before paying (proration on a change). */
export const planQuoteSchema = z.object({
  plan_id: planIdSchema,
  kind: z.enum(['subscribe', 'change']),
  /** The plan being replaced, on a change. */
  replaces_plan_id: planIdSchema.nullable(),
  price_cents: cents,
  credit_cents: cents,
  amount_due_cents: cents,
  /** When the new period would end if paid now. */
  period_end: z.iso.datetime(),
});
export type PlanQuote = z.infer<typeof planQuoteSchema>;

export const planQuoteResponseSchema = z.object({ quote: planQuoteSchema });
export type PlanQuoteResponse = z.infer<typeof planQuoteResponseSchema>;

/** The signed-in seller's subscription as it stands now (a lapsed period reads as no plan). */
export const subscriptionSchema = z.object({
  status: subscriptionStatusSchema,
  plan_id: planIdSchema.nullable(),
  max_ads: z.number().int().nonnegative(),
  trial_end_date: z.iso.datetime(),
  trial_days_left: z.number().int().nonnegative(),
  current_period_start: z.iso.datetime().nullable(),
  current_period_end: z.iso.datetime().nullable(),
  /** Cancelled: the plan stays until `current_period_end` and does not renew. */
  cancel_at_period_end: z.boolean(),
  provider: paymentProviderSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const paymentKindSchema = z.enum(['subscribe', 'change', 'renewal', 'feature']);

/** What each kind of payment is called: in the payment history and on its e-mailed receipt. */
export const paymentKindLabels: Record<z.infer<typeof paymentKindSchema>, string> = {
  subscribe: 'New plan',
  change: 'Plan change',
  renewal: 'Renewal',
  feature: 'Featured ad',
};

export const paymentSchema = z.object({
  id: z.uuid(),
  /** Null for a featured week (`kind` feature). */
  plan_id: planIdSchema.nullable(),
  /** The featured ad; null for a plan, or once the ad is deleted. */
  ad_id: z.uuid().nullable(),
  kind: paymentKindSchema,
  amount_cents: cents,
  credit_cents: cents,
  period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
  paid_at: z.iso.datetime(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListQuerySchema = pageQuerySchema;

export const paymentListResponseSchema = z.object({
  payments: z.array(paymentSchema),
  next_cursor: nextCursorSchema,
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** What a payment webhook answers once the event is verified. */
export const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });
