import { PAYMENT_CURRENCY, periodBoughtAt, planPriceCents } from '@bazaar/common/plan-pricing';
import { findPlan } from '@bazaar/common/plans';
import type { PaymentProvider } from '@bazaar/common/subscriptions';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { advertisements, checkouts, paymentEvents, payments, profiles } from '../db/schema';
import { featureAdForPayment } from '../featuring/feature-ad';
import {
  notifyFeaturePurchased,
  notifyPaymentFailed,
  notifyPlanPaid,
  notifyPlanRenewed,
} from '../notifications/events';
import { subscriptionOf } from '../profiles/queries';

/** Which checkout an event is about: our id (demo) or the provider's session id (Stripe). */
export type CheckoutReference = { checkoutId: string } | { providerSessionId: string };

/** A verified provider event, in our own terms. */
export type PaymentEvent =
  | {
      type: 'checkout.paid';
      checkout: CheckoutReference;
      amountCents: number;
      currency: string;
      /** The provider's subscription a plan checkout started; null for a one-off payment. */
      subscriptionId: string | null;
      customerId: string | null;
    }
  | { type: 'checkout.failed'; checkout: CheckoutReference; reason: string }
  | { type: 'checkout.expired'; checkout: CheckoutReference }
  | {
      type: 'subscription.renewed';
      subscriptionId: string;
      amountCents: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    }
  | { type: 'subscription.payment_failed'; subscriptionId: string }
  | { type: 'subscription.updated'; subscriptionId: string; cancelAtPeriodEnd: boolean }
  | { type: 'subscription.ended'; subscriptionId: string; endedAt: Date };

export interface ReceivedPaymentEvent {
  provider: PaymentProvider;
  /** The provider's unique id of the event: a second delivery of it changes nothing. */
  eventId: string;
  /** The provider's own name of the event type, and its body, kept for the record. */
  providerType: string;
  payload: unknown;
  event: PaymentEvent;
}

export interface PaymentEventResult {
  /** `applied`, `duplicate`, or `ignored: <reason>`. */
  outcome: string;
  /** A provider subscription replaced by a plan change, to be stopped at the provider. */
  replacedSubscription?: { provider: PaymentProvider; subscriptionId: string };
  /** Other open checkouts of the seller, closed because this payment made them out of date. */
  supersededCheckouts: { provider: PaymentProvider; sessionId: string | null }[];
}

const ignored = (reason: string): PaymentEventResult => ({
  outcome: `ignored: ${reason}`,
  supersededCheckouts: [],
});

/**
 * Applies one verified payment event in one transaction. The event is recorded under its
 * provider id first, so a replay is a no-op; only an open checkout paid the exact amount it
 * asked for activates a plan, and only while the subscription it was priced against holds.
 */
export async function applyPaymentEvent(
  db: Database,
  received: ReceivedPaymentEvent,
  now: Date = new Date(),
): Promise<PaymentEventResult> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: received.provider,
        event_id: received.eventId,
        type: received.providerType,
        payload: received.payload,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.event_id });
    if (!recorded) return { outcome: 'duplicate', supersededCheckouts: [] };

    const { result, checkoutId } = await handleEvent(tx, received, now);
    await tx
      .update(paymentEvents)
      .set({ outcome: result.outcome, checkout_id: checkoutId ?? null })
      .where(
        and(eq(paymentEvents.provider, received.provider), eq(paymentEvents.event_id, received.eventId)),
      );
    return result;
  });
}

async function handleEvent(
  tx: Transaction,
  received: ReceivedPaymentEvent,
  now: Date,
): Promise<{ result: PaymentEventResult; checkoutId?: string }> {
  const { event, provider } = received;
  switch (event.type) {
    case 'checkout.paid':
      return completeCheckout(tx, provider, event, now);
    case 'checkout.failed':
    case 'checkout.expired': {
      const checkout = await lockCheckout(tx, provider, event.checkout);
      if (!checkout) return { result: ignored('unknown checkout') };
      if (checkout.status !== 'open')
        return { result: ignored(`checkout is ${checkout.status}`), checkoutId: checkout.id };
      await tx
        .update(checkouts)
        .set({
          status: event.type === 'checkout.failed' ? 'failed' : 'expired',
          failure_reason: event.type === 'checkout.failed' ? event.reason : 'expired at the provider',
          completed_at: now,
        })
        .where(eq(checkouts.id, checkout.id));
      if (event.type === 'checkout.failed' && checkout.user_id) {
        await notifyPaymentFailed(tx, {
          userId: checkout.user_id,
          what: checkout.purpose === 'feature' ? 'feature' : 'plan',
          planId: checkout.plan_id,
          adId: checkout.ad_id,
        });
      }
      return { result: { outcome: 'applied', supersededCheckouts: [] }, checkoutId: checkout.id };
    }
    case 'subscription.payment_failed': {
      // The provider retries the charge by itself; the seller is asked to check their card.
      const profile = await lockProfileBySubscription(tx, provider, event.subscriptionId);
      if (!profile) return { result: ignored('not a current subscription') };
      await notifyPaymentFailed(tx, {
        userId: profile.id,
        what: 'renewal',
        planId: profile.subscription_plan,
      });
      return { result: { outcome: 'applied', supersededCheckouts: [] } };
    }
    case 'subscription.renewed':
      return { result: await renewSubscription(tx, provider, event) };
    case 'subscription.updated': {
      const profile = await lockProfileBySubscription(tx, provider, event.subscriptionId);
      if (!profile) return { result: ignored('not a current subscription') };
      await tx
        .update(profiles)
        .set({ cancel_at_period_end: event.cancelAtPeriodEnd, updated_at: now })
        .where(eq(profiles.id, profile.id));
      return { result: { outcome: 'applied', supersededCheckouts: [] } };
    }
    case 'subscription.ended': {
      const profile = await lockProfileBySubscription(tx, provider, event.subscriptionId);
      if (!profile) return { result: ignored('not a current subscription') };
      // The period ends now; effectiveSubscription then treats the plan as lapsed.
      await tx
        .update(profiles)
        .set({
          current_period_end: sql`least(${profiles.current_period_end}, ${event.endedAt.toISOString()}::timestamptz)`,
          updated_at: now,
        })
        .where(eq(profiles.id, profile.id));
      return { result: { outcome: 'applied', supersededCheckouts: [] } };
    }
  }
}

async function lockCheckout(tx: Transaction, provider: PaymentProvider, reference: CheckoutReference) {
  const condition =
    'checkoutId' in reference
      ? eq(checkouts.id, reference.checkoutId)
      : eq(checkouts.provider_session_id, reference.providerSessionId);
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(and(condition, eq(checkouts.provider, provider)))
    .for('update');
  return checkout;
}

async function lockProfileBySubscription(tx: Transaction, provider: PaymentProvider, subscriptionId: string) {
  const [profile] = await tx
    .select()
    .from(profiles)
    .where(
      and(
        eq(profiles.subscription_provider, provider),
        eq(profiles.provider_subscription_id, subscriptionId),
      ),
    )
    .for('update');
  return profile;
}

async function completeCheckout(
  tx: Transaction,
  provider: PaymentProvider,
  event: Extract<PaymentEvent, { type: 'checkout.paid' }>,
  now: Date,
): Promise<{ result: PaymentEventResult; checkoutId?: string }> {
  const checkout = await lockCheckout(tx, provider, event.checkout);
  if (!checkout) return { result: ignored('unknown checkout') };
  // Paying twice for one checkout (a second event, a second click) never applies twice.
  if (checkout.status !== 'open')
    return { result: ignored(`checkout is ${checkout.status}`), checkoutId: checkout.id };

  const fail = async (reason: string) => {
    await tx
      .update(checkouts)
      .set({ status: 'failed', failure_reason: reason, completed_at: now })
      .where(eq(checkouts.id, checkout.id));
    return { result: ignored(reason), checkoutId: checkout.id };
  };
  if (event.currency !== PAYMENT_CURRENCY || event.amountCents !== checkout.amount_cents) {
    return fail('amount mismatch');
  }
  if (!checkout.user_id) return fail('no such seller');
  if (checkout.purpose === 'feature') {
    // A week of featuring an ad: one-off, no subscription at the provider.
    if (!checkout.ad_id) return fail('the ad was deleted');
    const refusal = await featureAdForPayment(tx, {
      userId: checkout.user_id,
      adId: checkout.ad_id,
      checkoutId: checkout.id,
      provider,
      now,
    });
    if (refusal) return fail(refusal);
    await tx
      .update(checkouts)
      .set({ status: 'paid', completed_at: now })
      .where(eq(checkouts.id, checkout.id));
    const [ad] = await tx
      .select({ title: advertisements.title, featuredUntil: advertisements.featured_until })
      .from(advertisements)
      .where(eq(advertisements.id, checkout.ad_id));
    if (ad?.featuredUntil) {
      await notifyFeaturePurchased(tx, {
        userId: checkout.user_id,
        adId: checkout.ad_id,
        adTitle: ad.title,
        featuredUntil: ad.featuredUntil,
      });
    }
    return { result: { outcome: 'applied', supersededCheckouts: [] }, checkoutId: checkout.id };
  }
  const plan = checkout.plan_id ? findPlan(checkout.plan_id) : undefined;
  if (!plan) return fail('unknown plan');
  if (!event.subscriptionId) return fail('no subscription for a plan');

  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, checkout.user_id)).for('update');
  if (!profile) return fail('no such seller');
  const running = subscriptionOf(profile, now);
  const runningPeriodEnd = running.subscriptionStatus === 'active' ? profile.current_period_end : null;
  // The credit was computed from the period running at checkout time; it must still be the one.
  if ((runningPeriodEnd?.getTime() ?? null) !== (checkout.replaces_period_end?.getTime() ?? null)) {
    return fail('subscription changed since checkout');
  }

  const period = periodBoughtAt(now, checkout.bonus_seconds);
  const replacesSubscription =
    running.subscriptionStatus === 'active' &&
    profile.subscription_provider &&
    profile.provider_subscription_id &&
    profile.provider_subscription_id !== event.subscriptionId
      ? { provider: profile.subscription_provider, subscriptionId: profile.provider_subscription_id }
      : undefined;

  await tx
    .update(profiles)
    .set({
      subscription_status: 'active',
      subscription_plan: plan.id,
      max_ads: plan.maxAds,
      current_period_start: period.start,
      current_period_end: period.end,
      cancel_at_period_end: false,
      subscription_provider: provider,
      provider_subscription_id: event.subscriptionId,
      provider_customer_id: event.customerId ?? profile.provider_customer_id,
      updated_at: now,
    })
    .where(eq(profiles.id, profile.id));
  await tx.update(checkouts).set({ status: 'paid', completed_at: now }).where(eq(checkouts.id, checkout.id));
  // Other plan checkouts were priced against the plan this payment replaced.
  const superseded = await tx
    .update(checkouts)
    .set({ status: 'expired', failure_reason: 'superseded by another payment', completed_at: now })
    .where(
      and(
        eq(checkouts.user_id, profile.id),
        eq(checkouts.purpose, 'plan'),
        eq(checkouts.status, 'open'),
        ne(checkouts.id, checkout.id),
      ),
    )
    .returning({ provider: checkouts.provider, sessionId: checkouts.provider_session_id });
  await tx.insert(payments).values({
    user_id: profile.id,
    provider,
    plan_id: plan.id,
    kind: checkout.replaces_period_end ? 'change' : 'subscribe',
    amount_cents: event.amountCents,
    credit_cents: checkout.credit_cents,
    period_start: period.start,
    period_end: period.end,
    checkout_id: checkout.id,
  });
  await notifyPlanPaid(tx, { userId: profile.id, planId: plan.id, periodEnd: period.end });
  return {
    result: {
      outcome: 'applied',
      replacedSubscription: replacesSubscription,
      supersededCheckouts: superseded,
    },
    checkoutId: checkout.id,
  };
}

async function renewSubscription(
  tx: Transaction,
  provider: PaymentProvider,
  event: Extract<PaymentEvent, { type: 'subscription.renewed' }>,
): Promise<PaymentEventResult> {
  const profile = await lockProfileBySubscription(tx, provider, event.subscriptionId);
  if (!profile?.subscription_plan) return ignored('not a current subscription');
  const plan = findPlan(profile.subscription_plan);
  if (!plan) return ignored('unknown plan');
  if (profile.current_period_end && event.periodEnd <= profile.current_period_end) {
    return ignored('period already covered');
  }
  if (event.currency !== PAYMENT_CURRENCY || event.amountCents !== planPriceCents(plan)) {
    return ignored('amount mismatch');
  }
  await tx
    .update(profiles)
    .set({
      subscription_status: 'active',
      max_ads: plan.maxAds,
      current_period_start: event.periodStart,
      current_period_end: event.periodEnd,
      updated_at: new Date(),
    })
    .where(eq(profiles.id, profile.id));
  await tx.insert(payments).values({
    user_id: profile.id,
    provider,
    plan_id: plan.id,
    kind: 'renewal',
    amount_cents: event.amountCents,
    period_start: event.periodStart,
    period_end: event.periodEnd,
  });
  await notifyPlanRenewed(tx, { userId: profile.id, planId: plan.id, periodEnd: event.periodEnd });
  return { outcome: 'applied', supersededCheckouts: [] };
}
