import { DAY_MS, DEFAULT_MAX_ADS, TRIAL_DAYS } from '@bazaar/common/constants';
import type { SellerActivity } from '@bazaar/common/engagement';
import {
  effectiveSubscription,
  type EffectiveSubscription,
  type SellerQuota,
} from '@bazaar/common/subscription-rules';
import type { ProfileSettings } from '@bazaar/common/settings';
import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements, profiles, users } from '../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;
type Profile = typeof profiles.$inferSelect;

/** Every new user starts a free trial with the default quota (spec §9). */
export async function createProfileForNewUser(
  executor: Executor,
  user: { id: string; name: string; phone?: string; location?: string; createdAt: Date },
): Promise<void> {
  await executor
    .insert(profiles)
    .values({
      id: user.id,
      name: user.name,
      phone: user.phone ?? '',
      location: user.location ?? '',
      subscription_status: 'trial',
      trial_end_date: new Date(user.createdAt.getTime() + TRIAL_DAYS * DAY_MS),
      max_ads: DEFAULT_MAX_ADS,
    })
    .onConflictDoNothing();
}

export async function findProfileWithUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      profile: profiles,
      email: users.email,
      emailVerified: users.emailVerified,
      userCreatedAt: users.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

/** The fields a person may change about themselves (spec §4 Profile edit). */
export interface ProfileDetails {
  name?: string;
  phone?: string;
  location?: string;
}

/**
 * Saves name, phone and location. The name is also the account's name, which greets the
 * person in e-mails, so both change together.
 */
export async function updateProfileDetails(db: Database, userId: string, details: ProfileDetails) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ ...details, updated_at: new Date() })
      .where(eq(profiles.id, userId))
      .returning({ id: profiles.id });
    if (updated && details.name !== undefined) {
      await tx.update(users).set({ name: details.name, updatedAt: new Date() }).where(eq(users.id, userId));
    }
    return updated !== undefined;
  });
}

/** The stored settings as saved (read them with `readProfileSettings`); undefined without a profile. */
export async function findProfileSettings(db: Database, userId: string) {
  const [row] = await db
    .select({ settings: profiles.settings })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
}

export async function saveProfileSettings(
  db: Database,
  userId: string,
  settings: ProfileSettings,
): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({ settings, updated_at: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return updated.length > 0;
}

/**
 * The ads that take a place of the plan's quota: public ones, and those waiting for review
 * (issue 13), which become public when staff approve them without asking the quota again.
 */
async function countActiveAdsForUser(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ active: count() })
    .from(advertisements)
    .where(and(eq(advertisements.user_id, userId), inArray(advertisements.status, ['active', 'pending'])));
  return row?.active ?? 0;
}

/** What the engagement score is computed from (formula in common/engagement). */
export async function findSellerActivity(db: Database, userId: string): Promise<SellerActivity> {
  const [row] = await db
    .select({
      adsPosted: count(),
      viewsReceived: sql<number>`coalesce(${sum(advertisements.views)}, 0)::int`,
      likesReceived: sql<number>`coalesce(${sum(advertisements.likes)}, 0)::int`,
    })
    .from(advertisements)
    .where(eq(advertisements.user_id, userId));
  return {
    adsPosted: row?.adsPosted ?? 0,
    viewsReceived: row?.viewsReceived ?? 0,
    likesReceived: row?.likesReceived ?? 0,
  };
}

/** The profile's subscription as it stands now (a lapsed plan no longer counts). */
export function subscriptionOf(profile: Profile, now: Date = new Date()): EffectiveSubscription {
  return effectiveSubscription(
    {
      subscriptionStatus: profile.subscription_status,
      subscriptionPlan: profile.subscription_plan,
      trialEndDate: profile.trial_end_date,
      maxAds: profile.max_ads,
      currentPeriodEnd: profile.current_period_end,
    },
    now,
  );
}

/** The seller's quota (spec §4, §9): the subscription as it stands now, and the active ads that count against it. */
export type SellerQuotaNow = EffectiveSubscription & SellerQuota;

/**
 * The one reader of a seller's quota, for /api/me, the early post check and the create
 * transaction; undefined without a profile. With `lock` (inside a transaction) the profile row
 * stays locked until it ends: concurrent creates by one seller queue here, so none can race
 * past the limit. The ads are counted in a statement of their own, after the lock is held, so
 * that an ad the transaction we waited for has just committed counts.
 */
export async function findSellerQuota(
  executor: Executor,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<SellerQuotaNow | undefined> {
  const query = executor.select().from(profiles).where(eq(profiles.id, userId));
  const [profile] = await (lock ? query.for('update') : query);
  if (!profile) return undefined;
  return { ...subscriptionOf(profile), activeAds: await countActiveAdsForUser(executor, userId) };
}
