import * as z from 'zod';
import { DAY_MS } from './constants';
import type { Plan } from './plans';

/** Issue 13: featuring an ad costs $3 for 7 days; Premium and Master packs include some each period. */
export const FEATURE_DAYS = 7;
export const FEATURE_PRICE_CENTS = 300;
export const FEATURE_DURATION_MS = FEATURE_DAYS * DAY_MS;

/** How many weeks of featuring a plan includes in each paid period. */
export function includedFeaturesOf(plan: Plan | undefined): number {
  return plan?.includedFeatures ?? 0;
}

/** What featuring one of the seller's ads costs now: GET /api/ads/:id/feature. */
export const featureOfferSchema = z.object({
  ad_id: z.uuid(),
  /** When the ad stops being featured; null when it is not featured now. */
  featured_until: z.iso.datetime().nullable(),
  days: z.number().int().positive(),
  price_cents: z.number().int().nonnegative(),
  /** Included features the seller's plan gives in its current period, and how many are left. */
  included_per_period: z.number().int().nonnegative(),
  included_left: z.number().int().nonnegative(),
});
export type FeatureOffer = z.infer<typeof featureOfferSchema>;

export const featureOfferResponseSchema = z.object({ offer: featureOfferSchema });
export type FeatureOfferResponse = z.infer<typeof featureOfferResponseSchema>;

/** After using an included feature: POST /api/ads/:id/feature. */
export const featureResponseSchema = z.object({ featured_until: z.iso.datetime() });
export type FeatureResponse = z.infer<typeof featureResponseSchema>;
