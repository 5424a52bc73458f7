import { ENGAGEMENT_MASTER_POINTS, ENGAGEMENT_MILESTONE, POPULAR_SELLER_VIEWS } from './constants';

export interface SellerActivity {
  /** Ads the seller has posted and not deleted. */
  adsPosted: number;
  /** Views of those ads by people other than the seller. */
  viewsReceived: number;
  /** Favourites of those ads by other signed-in users. */
  likesReceived: number;
}

/**
 * The engagement score, decided by the server from real activity:
 * 10 points per ad posted, 1 per view received, 5 per like received.
 * A like costs the buyer more intent than a view, and posting is what a seller controls.
 */
export function engagementScore(activity: SellerActivity): number {
  return activity.adsPosted * 10 + activity.viewsReceived + activity.likesReceived * 5;
}

/** Progress toward the next milestone (spec §2 /profile), capped at 100 %. */
export function engagementProgress(score: number): { percent: number; pointsToGo: number } {
  return {
    percent: Math.min(100, Math.floor((score / ENGAGEMENT_MILESTONE) * 100)),
    pointsToGo: Math.max(0, ENGAGEMENT_MILESTONE - score),
  };
}

export const achievementIds = [
  'first-post',
  'popular-seller',
  'engagement-master',
  'social-butterfly',
  'verified-seller',
  'premium-member',
] as const;
export type AchievementId = (typeof achievementIds)[number];

export interface AchievementInput extends SellerActivity {
  engagementScore: number;
  verified: boolean;
  isSubscriptionActive: boolean;
}

/** Which achievements are unlocked (spec §3 Achievement). Social Butterfly has no rule yet. */
export function unlockedAchievements(input: AchievementInput): Record<AchievementId, boolean> {
  return {
    'first-post': input.adsPosted >= 1,
    'popular-seller': input.viewsReceived >= POPULAR_SELLER_VIEWS,
    'engagement-master': input.engagementScore >= ENGAGEMENT_MASTER_POINTS,
    'social-butterfly': false,
    'verified-seller': input.verified,
    'premium-member': input.isSubscriptionActive,
  };
}
