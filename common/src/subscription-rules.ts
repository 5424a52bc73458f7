import { z } from 'zod';

export const subscriptionStatusSchema = z.enum(['trial', 'active']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

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
