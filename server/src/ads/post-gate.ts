import { postGate, type SellerQuota } from '@bazaar/common/subscription-rules';
import type { Database } from '../db/database';
import { adLimitReached, trialExpired, unauthenticated } from '../http/errors';
import type { AdModerationSettings } from './ad-moderation-settings';
import { assertWithinPostingLimit } from './posting-limit';
import { findSellerQuota } from '../profiles/queries';

/** The post-ad gate of spec §4 on the seller's real quota, as an error when it says no. */
export function assertMayPost(quota: SellerQuota | undefined): void {
  if (!quota) throw unauthenticated();
  const gate = postGate(quota);
  if (gate === 'ad_limit_reached') throw adLimitReached();
  if (gate === 'trial_expired') throw trialExpired();
}

/**
 * An early answer, before a large upload is read: the plan's quota, then the hourly posting
 * limit. It takes no lock: the create transaction asks again with the profile locked, and
 * its answer is the one that counts.
 */
export async function checkMayPostNow(
  db: Database,
  userId: string,
  { postingLimitPerHour }: Pick<AdModerationSettings, 'postingLimitPerHour'>,
): Promise<void> {
  assertMayPost(await findSellerQuota(db, userId));
  await assertWithinPostingLimit(db, { userId, limit: postingLimitPerHour });
}
