import { FEATURE_DAYS, FEATURE_PRICE_CENTS, type FeatureOffer } from '@bazaar/common/featuring';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements } from '../db/schema';
import { unauthenticated } from '../http/errors';
import { findProfile } from '../subscriptions/queries';
import { authorize, type Actor } from '../policies/authorize';
import { featuredNowUntil, includedFeaturesFor } from './feature-ad';

/** An ad's title, for the payment page of a checkout that features it. */
export async function findAdTitle(db: Pick<Database, 'select'>, adId: string): Promise<string | undefined> {
  const [ad] = await db
    .select({ title: advertisements.title })
    .from(advertisements)
    .where(eq(advertisements.id, adId));
  return ad?.title;
}

/** What featuring the owner's ad costs now, and whether the plan still includes one. */
export async function findFeatureOffer(
  db: Database,
  { actor, adId }: { actor: NonNullable<Actor>; adId: string },
  now: Date = new Date(),
): Promise<FeatureOffer> {
  const [ad] = await db
    .select({
      id: advertisements.id,
      user_id: advertisements.user_id,
      status: advertisements.status,
      title: advertisements.title,
      featured_until: advertisements.featured_until,
    })
    .from(advertisements)
    .where(eq(advertisements.id, adId));
  authorize(actor, 'feature', { ad });
  const profile = await findProfile(db, actor.id);
  if (!profile) throw unauthenticated();
  const included = await includedFeaturesFor(db, profile, now);
  return {
    ad_id: adId,
    featured_until: featuredNowUntil(ad?.featured_until ?? null, now)?.toISOString() ?? null,
    days: FEATURE_DAYS,
    price_cents: FEATURE_PRICE_CENTS,
    included_per_period: included.perPeriod,
    included_left: included.left,
  };
}
