import {
  addMonths,
  periodBoughtAt,
  priceForPlan,
  type PaidPeriod,
  type PlanPrice,
} from '@bazaar/common/plan-pricing';
import type { Plan, PlanId } from '@bazaar/common/plans';
import { trialDaysLeft } from '@bazaar/common/subscription-rules';
import type {
  Checkout,
  Payment,
  PaymentProvider,
  PlanQuote,
  Subscription,
} from '@bazaar/common/subscriptions';
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { checkouts, payments, profiles } from '../db/schema';
import { cursorKeyFormats, decodeCursor, encodeCursor, timestampCursorKey } from '../http/cursor';
import { alreadyOnPlan } from '../http/errors';
import { subscriptionOf } from '../profiles/queries';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
type Profile = typeof profiles.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

export async function findProfile(db: Executor, userId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile;
}

export async function lockProfile(tx: Executor, userId: string): Promise<Profile | undefined> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
  return profile;
}

/** The paid period running now, or null on the trial or after the plan has lapsed. */
export function runningPaidPeriod(profile: Profile, now: Date): PaidPeriod | null {
  const subscription = subscriptionOf(profile, now);
  const { subscription_plan: planId, current_period_end: periodEnd } = profile;
  if (subscription.subscriptionStatus !== 'active' || !planId || !periodEnd) return null;
  return { planId, periodStart: profile.current_period_start ?? addMonths(periodEnd, -1), periodEnd };
}

export interface PlanQuoteForSeller {
  price: PlanPrice;
  replaces: PaidPeriod | null;
}

/** What `plan` costs this seller now; refuses the plan they already have. */
export function quotePlanForSeller(profile: Profile, plan: Plan, now: Date): PlanQuoteForSeller {
  const running = runningPaidPeriod(profile, now);
  if (running?.planId === plan.id) throw alreadyOnPlan();
  return { price: priceForPlan(plan, running, now), replaces: running };
}

export function presentQuote(plan: Plan, quote: PlanQuoteForSeller, now: Date): PlanQuote {
  return {
    plan_id: plan.id,
    kind: quote.price.kind,
    replaces_plan_id: quote.replaces?.planId ?? null,
    price_cents: quote.price.priceCents,
    credit_cents: quote.price.creditCents,
    amount_due_cents: quote.price.amountDueCents,
    period_end: periodBoughtAt(now, quote.price.bonusSeconds).end.toISOString(),
  };
}

export function presentSubscription(profile: Profile, now: Date = new Date()): Subscription {
  const subscription = subscriptionOf(profile, now);
  const isActive = subscription.subscriptionStatus === 'active';
  return {
    status: subscription.subscriptionStatus,
    plan_id: subscription.subscriptionPlan,
    max_ads: subscription.maxAds,
    trial_end_date: subscription.trialEndDate.toISOString(),
    trial_days_left: trialDaysLeft(subscription.trialEndDate, now),
    current_period_start: isActive ? (profile.current_period_start?.toISOString() ?? null) : null,
    current_period_end: isActive ? (profile.current_period_end?.toISOString() ?? null) : null,
    cancel_at_period_end: isActive && profile.cancel_at_period_end,
    provider: isActive ? profile.subscription_provider : null,
  };
}

export function presentCheckout(checkout: CheckoutRow): Checkout {
  return {
    id: checkout.id,
    purpose: checkout.purpose,
    plan_id: checkout.plan_id,
    ad_id: checkout.ad_id,
    provider: checkout.provider,
    status: checkout.status,
    amount_cents: checkout.amount_cents,
    credit_cents: checkout.credit_cents,
    expires_at: checkout.expires_at.toISOString(),
    completed_at: checkout.completed_at?.toISOString() ?? null,
  };
}

/**
 * An open checkout of this seller for this plan that can still be paid: priced against the
 * same running period, its payment page ready, and time left to pay. Pressing Subscribe again
 * reopens it instead of piling up new ones.
 */
export async function findReusableCheckout(
  tx: Executor,
  options: {
    userId: string;
    planId: PlanId;
    provider: PaymentProvider;
    replacesPeriodEnd: Date | null;
    payableUntil: Date;
  },
): Promise<CheckoutRow | undefined> {
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.user_id, options.userId),
        eq(checkouts.plan_id, options.planId),
        eq(checkouts.status, 'open'),
        eq(checkouts.provider, options.provider),
        isNotNull(checkouts.provider_url),
        gt(checkouts.expires_at, options.payableUntil),
        options.replacesPeriodEnd
          ? eq(checkouts.replaces_period_end, options.replacesPeriodEnd)
          : isNull(checkouts.replaces_period_end),
      ),
    )
    .orderBy(desc(checkouts.created_at))
    .limit(1);
  return checkout;
}

export async function countCheckoutsCreatedSince(tx: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ created: count() })
    .from(checkouts)
    .where(and(eq(checkouts.user_id, userId), gt(checkouts.created_at, since)));
  return row?.created ?? 0;
}

export async function insertCheckout(
  tx: Executor,
  values: typeof checkouts.$inferInsert,
): Promise<CheckoutRow> {
  const [checkout] = await tx.insert(checkouts).values(values).returning();
  if (!checkout) throw new Error('The checkout was not created');
  return checkout;
}

export async function attachProviderSession(
  db: Executor,
  checkoutId: string,
  session: { sessionId: string; url: string },
): Promise<CheckoutRow> {
  const [checkout] = await db
    .update(checkouts)
    .set({ provider_session_id: session.sessionId, provider_url: session.url })
    .where(eq(checkouts.id, checkoutId))
    .returning();
  if (!checkout) throw new Error(`Checkout ${checkoutId} vanished`);
  return checkout;
}

/** Closes an open checkout that will not be paid (the buyer gave up, the provider failed). */
export async function closeOpenCheckout(
  db: Executor,
  checkoutId: string,
  status: 'failed' | 'expired',
  reason: string,
): Promise<void> {
  await db
    .update(checkouts)
    .set({ status, failure_reason: reason, completed_at: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')));
}

/** A seller's own checkout; someone else's reads as not found. */
export async function findCheckoutOfUser(db: Executor, checkoutId: string, userId: string) {
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.user_id, userId)));
  return checkout;
}

export async function setCancelAtPeriodEnd(
  db: Executor,
  userId: string,
  subscriptionId: string,
  cancel: boolean,
): Promise<Profile | undefined> {
  const [profile] = await db
    .update(profiles)
    .set({ cancel_at_period_end: cancel, updated_at: new Date() })
    .where(and(eq(profiles.id, userId), eq(profiles.provider_subscription_id, subscriptionId)))
    .returning();
  return profile;
}

/** The cursor sort of the payments list. */
const PAYMENTS_SORT = 'payments';

/** The seller's payments, newest first, a page at a time. */
export async function listPaymentsOfUser(
  db: Executor,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ payments: Payment[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor, PAYMENTS_SORT, cursorKeyFormats.timestamp) : undefined;
  const rows = await db
    .select({
      payment: payments,
      cursorKey: timestampCursorKey(payments.created_at),
    })
    .from(payments)
    .where(
      and(
        eq(payments.user_id, userId),
        after
          ? sql`(${payments.created_at}, ${payments.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payments: page.map(({ payment }) => ({
      id: payment.id,
      plan_id: payment.plan_id,
      ad_id: payment.ad_id,
      kind: payment.kind,
      amount_cents: payment.amount_cents,
      credit_cents: payment.credit_cents,
      period_start: payment.period_start.toISOString(),
      period_end: payment.period_end.toISOString(),
      paid_at: payment.created_at.toISOString(),
    })),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ sort: PAYMENTS_SORT, key: last.cursorKey, id: last.payment.id })
        : null,
  };
}
