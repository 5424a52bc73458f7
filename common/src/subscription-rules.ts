import * as z from 'zod';
import { DAY_MS, DEFAULT_MAX_ADS } from './constants';
import type { PlanId } from './plans';

export const subscriptionStatusSchema = z.enum(['trial', 'active']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Days from now to the trial's end, rounded up, never below 0 (spec §4). */
export function trialDaysLeft(trialEndDate: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / DAY_MS));
}

export const postGateSchema = z.enum(['allowed', 'trial_expired', 'ad_limit_reached']);
export type PostGate = z.infer<typeof postGateSchema>;

export interface SellerQuota {
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: Date;
  maxAds: number;
  activeAds: number;
}

/**
 * May this seller post one more ad now? The spec's post-ad gate (§4) on real data:
 * a trial with no days left asks for an upgrade; so does a full quota.
 */
export function postGate(seller: SellerQuota, now: Date = new Date()): PostGate {
  if (seller.subscriptionStatus === 'trial' && trialDaysLeft(seller.trialEndDate, now) === 0) {
    return 'trial_expired';
  }
  if (seller.activeAds >= seller.maxAds) return 'ad_limit_reached';
  return 'allowed';
}

/** A profile's subscription fields as stored. */
export interface StoredSubscription {
  subscriptionStatus: SubscriptionStatus;
  subscriptionPlan: PlanId | null;
  trialEndDate: Date;
  maxAds: number;
  /** End of the paid period; null during the trial. */
  currentPeriodEnd: Date | null;
}

export type EffectiveSubscription = Omit<StoredSubscription, 'currentPeriodEnd'>;

/**
 * The subscription as it stands now. A paid period that has ended without renewal leaves the
 * seller where an ended trial does: no plan, the default quota, and an upgrade to post again.
 * Existing ads stay (spec §9 FAQ).
 */
export function effectiveSubscription(
  stored: StoredSubscription,
  now: Date = new Date(),
): EffectiveSubscription {
  const { currentPeriodEnd, ...subscription } = stored;
  if (subscription.subscriptionStatus === 'active' && currentPeriodEnd && currentPeriodEnd <= now) {
    return { ...subscription, subscriptionStatus: 'trial', subscriptionPlan: null, maxAds: DEFAULT_MAX_ADS };
  }
  return subscription;
}
