import * as z from 'zod';
import { ANALYTICS_DAYS_DEFAULT, ANALYTICS_DAYS_MAX, ANALYTICS_DAYS_MIN } from './constants';
import { adSummarySchema } from './ads';
import { achievementIds } from './engagement';
import { nextCursorSchema, pageQuerySchema } from './pagination';

const count = z.number().int().nonnegative();

/**
 * GET /api/me/stats: the signed-in seller's numbers for /dashboard and /profile, counted
 * over all of their ads (hidden ones too). The engagement score is `engagementScore` of
 * common/engagement.ts applied to total_ads, total_views and total_likes; achievements
 * follow from the same numbers with `unlockedAchievements` (spec §3).
 */
export const sellerStatsResponseSchema = z.object({
  total_ads: count,
  /** Ads buyers can see now; these count against the quota. */
  active_ads: count,
  /** Views by people other than the seller, each viewer once a day. */
  total_views: count,
  /** Favourites by other signed-in users. */
  total_likes: count,
  /** Mean price of the seller's ads in dollars, to the cent; 0 without ads. */
  average_price: z.number().nonnegative(),
  engagement: z.object({
    score: count,
    /** The next milestone (spec §9: 500 points). */
    milestone: count,
    /** Progress toward it, 0–100, capped. */
    progress_percent: z.number().int().min(0).max(100),
    points_to_go: count,
  }),
  /** Every achievement of spec §3, in the order the profile shows them. */
  achievements: z.array(z.object({ id: z.enum(achievementIds), unlocked: z.boolean() })),
});
export type SellerStatsResponse = z.infer<typeof sellerStatsResponseSchema>;

/** GET /api/me/analytics: how many days back to count, today (UTC) included. */
export const sellerAnalyticsQuerySchema = z.strictObject({
  days: z.coerce
    .number<string | number>()
    .int()
    .min(ANALYTICS_DAYS_MIN)
    .max(ANALYTICS_DAYS_MAX)
    .default(ANALYTICS_DAYS_DEFAULT),
});
export type SellerAnalyticsQuery = z.infer<typeof sellerAnalyticsQuerySchema>;

export const dailyActivitySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Views of the seller's ads counted that day. */
  views: count,
  /** Favourites of the seller's ads made that day (and not removed since). */
  likes: count,
});
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

/** One point per day, oldest first, days without activity included as zeros. */
export const sellerAnalyticsResponseSchema = z.object({
  days: z.array(dailyActivitySchema),
  totals: z.object({ views: count, likes: count }),
});
export type SellerAnalyticsResponse = z.infer<typeof sellerAnalyticsResponseSchema>;

// ---------------------------------------------------------------------------
// The public seller page, /seller/:id (issue 14).

export const sellerParamsSchema = z.strictObject({ id: z.uuid() });

/**
 * How the seller answers messages, over conversations buyers started with them in the last
 * SELLER_RESPONSE_WINDOW_DAYS days (decision 0019). A conversation counts once its outcome is
 * known: answered, or unanswered for a day. Null figures: nothing to count yet.
 */
export const sellerResponseSchema = z.object({
  /** Share of counted conversations answered within a day, 0–100. */
  rate_percent: z.number().int().min(0).max(100).nullable(),
  /** Median time from the buyer's first message to the seller's first reply, in seconds. */
  typical_seconds: z.number().int().nonnegative().nullable(),
  /** How many conversations the figures are drawn from. */
  conversations: count,
});
export type SellerResponse = z.infer<typeof sellerResponseSchema>;

/** GET /api/sellers/:id: what anyone may know of a seller. */
export const sellerPageResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** When the account was created. */
  member_since: z.iso.datetime(),
  /** The seller confirmed their e-mail address (the ad page's tick). */
  verified: z.boolean(),
  /** As the seller wrote it on their profile; empty when not given. */
  location: z.string(),
  response: sellerResponseSchema,
  /** Ads the public can see now. */
  active_ads: count,
});
export type SellerPageResponse = z.infer<typeof sellerPageResponseSchema>;

/** GET /api/sellers/:id/ads: the seller's active ads, newest first. */
export const sellerAdsQuerySchema = pageQuerySchema;
export const sellerAdsResponseSchema = z.object({
  ads: z.array(adSummarySchema),
  next_cursor: nextCursorSchema,
});
export type SellerAdsResponse = z.infer<typeof sellerAdsResponseSchema>;
