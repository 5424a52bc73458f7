import { ENGAGEMENT_MILESTONE } from '@bazaar/common/constants';
import {
  achievementIds,
  engagementProgress,
  engagementScore,
  unlockedAchievements,
} from '@bazaar/common/engagement';
import type { SellerAnalyticsResponse, SellerStatsResponse } from '@bazaar/common/sellers';
import type { Database } from '../db/database';
import { notFound } from '../http/errors';
import { findProfileWithUser, findSellerActivity, subscriptionOf } from '../profiles/queries';
import { findSellerAdTotals, findSellerDailyActivity } from './queries';

/**
 * The numbers /dashboard and /profile show. The score comes from the same activity query
 * as /api/me's engagement_score, so the two always agree.
 */
export async function sellerStatistics(db: Database, userId: string): Promise<SellerStatsResponse> {
  const [found, activity, totals] = await Promise.all([
    findProfileWithUser(db, userId),
    findSellerActivity(db, userId),
    findSellerAdTotals(db, userId),
  ]);
  if (!found) throw notFound('This account has no profile.');
  const score = engagementScore(activity);
  const progress = engagementProgress(score);
  const unlocked = unlockedAchievements({
    ...activity,
    engagementScore: score,
    verified: found.emailVerified,
    isSubscriptionActive: subscriptionOf(found.profile).subscriptionStatus === 'active',
  });
  return {
    total_ads: activity.adsPosted,
    active_ads: totals.activeAds,
    total_views: activity.viewsReceived,
    total_likes: activity.likesReceived,
    average_price: totals.averagePrice,
    engagement: {
      score,
      milestone: ENGAGEMENT_MILESTONE,
      progress_percent: progress.percent,
      points_to_go: progress.pointsToGo,
    },
    achievements: achievementIds.map((id) => ({ id, unlocked: unlocked[id] })),
  };
}

export async function sellerAnalytics(
  db: Database,
  userId: string,
  days: number,
): Promise<SellerAnalyticsResponse> {
  const daily = await findSellerDailyActivity(db, userId, days);
  return {
    days: daily,
    totals: {
      views: daily.reduce((sum, day) => sum + day.views, 0),
      likes: daily.reduce((sum, day) => sum + day.likes, 0),
    },
  };
}
