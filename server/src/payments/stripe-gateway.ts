import { addMonths, PAYMENT_CURRENCY, planPriceCents } from '@bazaar/common/plan-pricing';
import type Stripe from 'stripe';
import type { PaymentEvent } from './payment-events';
import type { PaymentGateway } from './payment-gateway';

export interface StripeSettings {
  secretKey: string;
  publicUrl: string;
  /** Only for stripe-mock or a test double; Stripe's own API otherwise. */
  apiUrl?: string;
}

/** The Stripe SDK is loaded only when Stripe is configured: it is a fifth of the server's start-up. */
export async function createStripeClient({
  secretKey,
  apiUrl,
}: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  const address = apiUrl ? new URL(apiUrl) : undefined;
  return new StripeClient(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'https:' ? 443 : 80),
          protocol: address.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** A subscription that Stripe already ended cannot be ended or changed again; that is fine. */
function isAlreadyGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { type, code } = error as Partial<Stripe.errors.StripeError>;
  return (
    type === 'StripeInvalidRequestError' &&
    (code === 'resource_missing' || /canceled subscription/i.test(error.message))
  );
}

/**
 * Stripe Checkout: subscription mode for a plan, priced from `common/` plans; payment mode for
 * a week of featuring an ad. A plan change's credit
 * is a one-off coupon on the first invoice; credit beyond a whole month becomes a free
 * first period (trial) that ends when the bonus time does.
 */
export function createStripeGateway(
  stripe: Stripe,
  { publicUrl }: Pick<StripeSettings, 'publicUrl'>,
): PaymentGateway {
  return {
    provider: 'stripe',
    async createCheckoutSession(checkout) {
      const { item, buyer } = checkout;
      const returnUrl = `${publicUrl}/checkout/${checkout.id}/complete`;
      const common = {
        client_reference_id: checkout.id,
        success_url: returnUrl,
        cancel_url: `${returnUrl}?cancelled=1`,
        expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
        ...(buyer.customerId ? { customer: buyer.customerId } : { customer_email: buyer.email }),
      } satisfies Stripe.Checkout.SessionCreateParams;
      if (item.kind === 'feature') {
        // A one-off payment: Checkout in payment mode, no subscription.
        const session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'payment',
            metadata: { checkout_id: checkout.id, user_id: buyer.id, purpose: 'feature' },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: PAYMENT_CURRENCY,
                  unit_amount: checkout.amountCents,
                  product_data: { name: `Featured ad · ${item.days} days`, description: item.adTitle },
                },
              },
            ],
          },
          { idempotencyKey: `bazaar-checkout-${checkout.id}` },
        );
        if (!session.url) throw new Error(`Stripe returned no URL for checkout session ${session.id}`);
        return { sessionId: session.id, url: session.url };
      }
      const { plan } = item;
      const params: Stripe.Checkout.SessionCreateParams = {
        ...common,
        mode: 'subscription',
        metadata: { checkout_id: checkout.id, user_id: buyer.id, plan_id: plan.id },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: PAYMENT_CURRENCY,
              unit_amount: planPriceCents(plan),
              recurring: { interval: 'month' },
              product_data: { name: plan.name, description: `${plan.maxAds} active ads` },
            },
          },
        ],
        subscription_data: { metadata: { user_id: buyer.id, plan_id: plan.id } },
      };
      if (checkout.bonusSeconds > 0) {
        const firstPeriodEnd = addMonths(new Date(), 1).getTime() / 1000 + checkout.bonusSeconds;
        params.subscription_data = { ...params.subscription_data, trial_end: Math.floor(firstPeriodEnd) };
      } else if (checkout.creditCents > 0) {
        const coupon = await stripe.coupons.create(
          {
            amount_off: checkout.creditCents,
            currency: PAYMENT_CURRENCY,
            duration: 'once',
            max_redemptions: 1,
            name: 'Credit for your current plan',
          },
          { idempotencyKey: `bazaar-coupon-${checkout.id}` },
        );
        params.discounts = [{ coupon: coupon.id }];
      }
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: `bazaar-checkout-${checkout.id}`,
      });
      if (!session.url) throw new Error(`Stripe returned no URL for checkout session ${session.id}`);
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckoutSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async endSubscription(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
      } catch (error) {
        if (!isAlreadyGone(error)) throw error;
      }
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The Stripe events Bazaar acts on, in our terms; null for every other type. */
export function paymentEventFromStripe(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      // Delayed payment methods complete first and pay later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') return null;
      // A plan is a subscription; featuring an ad a one-off payment (mode payment).
      if (session.mode === 'subscription' ? !subscriptionId : session.mode !== 'payment') return null;
      return {
        type: 'checkout.paid',
        checkout: { providerSessionId: session.id },
        amountCents: session.amount_total ?? -1,
        currency: session.currency ?? '',
        subscriptionId,
        customerId: idOf(session.customer),
      };
    }
    case 'checkout.session.async_payment_failed':
      return {
        type: 'checkout.failed',
        checkout: { providerSessionId: event.data.object.id },
        reason: 'payment failed at the provider',
      };
    case 'checkout.session.expired':
      return { type: 'checkout.expired', checkout: { providerSessionId: event.data.object.id } };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const line =
        invoice.lines.data.find((item) => idOf(item.subscription) === subscriptionId) ??
        invoice.lines.data[0];
      // The first invoice is the checkout's own; only the monthly cycle renews.
      if (invoice.billing_reason !== 'subscription_cycle' || !subscriptionId || !line) return null;
      return {
        type: 'subscription.renewed',
        subscriptionId,
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        periodStart: new Date(line.period.start * 1000),
        periodEnd: new Date(line.period.end * 1000),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      // A monthly charge that failed; Stripe retries it by itself (a failed first charge
      // is the checkout's, which says so on its own page).
      if (invoice.billing_reason !== 'subscription_cycle' || !subscriptionId) return null;
      return { type: 'subscription.payment_failed', subscriptionId };
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      return {
        type: 'subscription.updated',
        subscriptionId: subscription.id,
        cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        type: 'subscription.ended',
        subscriptionId: subscription.id,
        endedAt: new Date((subscription.ended_at ?? event.created) * 1000),
      };
    }
    default:
      return null;
  }
}
