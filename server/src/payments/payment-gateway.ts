import type { Plan } from '@bazaar/common/plans';
import type { PaymentProvider } from '@bazaar/common/subscriptions';

/** What a checkout buys: a monthly plan, or a one-off week of featuring an ad. */
export type CheckoutItem = { kind: 'plan'; plan: Plan } | { kind: 'feature'; adTitle: string; days: number };

/** A checkout as the provider needs it to build its payment page. */
export interface CheckoutForProvider {
  id: string;
  item: CheckoutItem;
  amountCents: number;
  creditCents: number;
  bonusSeconds: number;
  expiresAt: Date;
  buyer: { id: string; email: string; customerId: string | null };
}

/** What Bazaar asks of a payment provider; events come back through its webhook. */
export interface PaymentGateway {
  provider: PaymentProvider;
  /** Creates the provider's payment session; answers its id and the page to open. */
  createCheckoutSession(checkout: CheckoutForProvider): Promise<{ sessionId: string; url: string }>;
  /** Stops an unpaid session so it can no longer be paid. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Cancel (true) or resume (false) renewal at the end of the period. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription at once, without a refund (it was replaced by a plan change). */
  endSubscription(subscriptionId: string): Promise<void>;
}

/** The gateways that can be reached: the configured one for new checkouts, and any other
 * that still bills an existing subscription. */
export interface PaymentGateways {
  forCheckout: PaymentGateway;
  byProvider: Partial<Record<PaymentProvider, PaymentGateway>>;
}
