import { FEATURE_DURATION_MS, FEATURE_PRICE_CENTS, includedFeaturesOf } from '@bazaar/common/featuring';
import { findPlan } from '@bazaar/common/plans';
import { and, count, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { adFeatures, advertisements, payments, profiles } from '../db/schema';
import { adNotFeaturable, noIncludedFeatures } from '../http/errors';
import { authorize, type Actor } from '../policies/authorize';
import { runningPaidPeriod } from '../subscriptions/queries';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
type Profile = typeof profiles.$inferSelect;

/** The ad as featuring needs it (with its policy facts), locked for the change. */
async function lockAdWithFeature(tx: Executor, adId: string) {
  const [ad] = await tx
    .select({
      id: advertisements.id,
      user_id: advertisements.user_id,
      status: advertisements.status,
      title: advertisements.title,
      featured_until: advertisements.featured_until,
    })
    .from(advertisements)
    .where(eq(advertisements.id, adId))
    .for('update');
  return ad;
}

type AdForFeature = NonNullable<Awaited<ReturnType<typeof lockAdWithFeature>>>;

/** The owner's ad, locked, once the policy lets them feature it (owner only, public ads only). */
export async function lockAdToFeature(tx: Executor, adId: string, actor: Actor): Promise<AdForFeature> {
  return authorize(actor, 'feature', { ad: await lockAdWithFeature(tx, adId) });
}

/** Is the ad featured at `now`? */
export function featuredNowUntil(featuredUntil: Date | null, now: Date): Date | null {
  return featuredUntil && featuredUntil > now ? featuredUntil : null;
}

/**
 * A further week: it starts when the running one ends, so buying twice never loses days. An ad
 * whose listing would end sooner stays listed until the week ends: no featured day is lost.
 */
async function addFeatureWeek(
  tx: Executor,
  ad: AdForFeature,
  options: { userId: string; source: 'payment' | 'included' | 'staff'; checkoutId?: string; now: Date },
) {
  const startsAt = featuredNowUntil(ad.featured_until, options.now) ?? options.now;
  const endsAt = new Date(startsAt.getTime() + FEATURE_DURATION_MS);
  await tx
    .update(advertisements)
    .set({
      featured_until: endsAt,
      expires_at: sql`greatest(${advertisements.expires_at}, ${endsAt.toISOString()}::timestamptz)`,
    })
    .where(eq(advertisements.id, ad.id));
  await tx.insert(adFeatures).values({
    user_id: options.userId,
    ad_id: ad.id,
    source: options.source,
    checkout_id: options.checkoutId ?? null,
    starts_at: startsAt,
    ends_at: endsAt,
    created_at: options.now,
  });
  return { startsAt, endsAt };
}

/**
 * Applies a verified payment for featuring an ad, inside the payment event's transaction.
 * Answers why it could not (the ad was hidden or changed hands since the checkout), or
 * undefined once the ad is featured and the payment recorded.
 */
export async function featureAdForPayment(
  tx: Executor,
  options: { userId: string; adId: string; checkoutId: string; provider: 'demo' | 'stripe'; now: Date },
): Promise<string | undefined> {
  const ad = await lockAdWithFeature(tx, options.adId);
  if (!ad || ad.user_id !== options.userId) return 'the ad was deleted';
  if (ad.status !== 'active') return 'the ad is no longer public';
  const week = await addFeatureWeek(tx, ad, { ...options, source: 'payment' });
  await tx.insert(payments).values({
    user_id: options.userId,
    provider: options.provider,
    plan_id: null,
    kind: 'feature',
    ad_id: ad.id,
    amount_cents: FEATURE_PRICE_CENTS,
    period_start: week.startsAt,
    period_end: week.endsAt,
    checkout_id: options.checkoutId,
  });
  return undefined;
}

/** Included features the seller's plan gives in its running period, and how many are left. */
export async function includedFeaturesFor(
  tx: Executor,
  profile: Profile,
  now: Date,
): Promise<{ perPeriod: number; left: number }> {
  const period = runningPaidPeriod(profile, now);
  const perPeriod = period ? includedFeaturesOf(findPlan(period.planId)) : 0;
  if (!period || perPeriod === 0) return { perPeriod, left: 0 };
  const [row] = await tx
    .select({ used: count() })
    .from(adFeatures)
    .where(
      and(
        eq(adFeatures.user_id, profile.id),
        eq(adFeatures.source, 'included'),
        gte(adFeatures.created_at, period.periodStart),
        lt(adFeatures.created_at, period.periodEnd),
      ),
    );
  return { perPeriod, left: Math.max(0, perPeriod - (row?.used ?? 0)) };
}

/**
 * Features the ad for a week with one of the plan's included features: no payment. The
 * profile is locked first, so two presses at once cannot spend the same one twice.
 */
export async function featureAdWithIncluded(
  db: Database,
  { actor, adId }: { actor: NonNullable<Actor>; adId: string },
  now: Date = new Date(),
): Promise<Date> {
  const userId = actor.id;
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
    const ad = await lockAdToFeature(tx, adId, actor);
    if (!profile || (await includedFeaturesFor(tx, profile, now)).left === 0) {
      throw noIncludedFeatures();
    }
    const week = await addFeatureWeek(tx, ad, { userId, source: 'included', now });
    return week.endsAt;
  });
}

/**
 * Staff feature an ad from the moderation console (issue 13): a further week, as a purchase
 * would add, recorded with the source `staff` (no payment, no included feature spent). The
 * caller has locked the ad and checked the policy; only an active ad can be featured.
 */
export async function featureAdByStaff(
  tx: Executor,
  ad: AdForFeature,
  now: Date = new Date(),
): Promise<Date> {
  if (ad.status !== 'active') throw adNotFeaturable();
  const week = await addFeatureWeek(tx, ad, { userId: ad.user_id, source: 'staff', now });
  return week.endsAt;
}

/** Staff end an ad's featuring now: the running and any bought further weeks end with it. */
export async function unfeatureAdByStaff(tx: Executor, adId: string, now: Date = new Date()): Promise<void> {
  await tx.update(advertisements).set({ featured_until: null }).where(eq(advertisements.id, adId));
  await tx
    .update(adFeatures)
    .set({ ends_at: now })
    .where(and(eq(adFeatures.ad_id, adId), gt(adFeatures.ends_at, now)));
}

/** The ad, locked, as featuring reads it; for staff, whose rule the caller checks. */
export { lockAdWithFeature };
