import { DAY_MS } from '@bazaar/common/constants';
import type { MeResponse } from '@bazaar/common/accounts';
import type { MyAdListResponse, MyAdSummary } from '@bazaar/common/ads';
import { achievementIds, type AchievementId } from '@bazaar/common/engagement';
import type { ProfileResponse } from '@bazaar/common/profiles';
import type { DailyActivity, SellerAnalyticsResponse, SellerStatsResponse } from '@bazaar/common/sellers';

/** Answers the seller's pages read, shaped by the common/ types, with overrides per test. */

export const SELLER_ID = '7b0e7e4e-2a4c-4d8e-9b55-1f2e3d4c5b6a';

export function sellerMe(
  overrides: {
    name?: string;
    status?: 'trial' | 'active';
    plan?: 'starter' | 'premium' | 'master' | null;
    quota?: Partial<MeResponse['quota']>;
    /** Any other field of the user's metadata, e.g. a trial end relative to now. */
    metadata?: Partial<MeResponse['user']['user_metadata']>;
    createdAt?: string;
  } = {},
): MeResponse {
  const status = overrides.status ?? 'trial';
  return {
    user: {
      id: SELLER_ID,
      email: 'ann@example.com',
      email_verified: true,
      created_at: overrides.createdAt ?? '2024-03-01T00:00:00.000Z',
      role: 'user',
      user_metadata: {
        name: overrides.name ?? 'Ann Lee',
        subscription_status: status,
        subscription_plan: overrides.plan ?? null,
        trial_end_date: '2024-03-15T00:00:00.000Z',
        engagement_score: 0,
        max_ads: overrides.quota?.max_ads ?? 1,
        ...overrides.metadata,
      },
    },
    quota: { active_ads: 0, max_ads: 1, trial_days_left: 12, post_gate: 'allowed', ...overrides.quota },
  };
}

export function sellerProfile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    id: SELLER_ID,
    email: 'ann@example.com',
    name: 'Ann Lee',
    phone: '+1 555 0199',
    location: 'Reno, NV',
    verified: true,
    engagement_score: 52,
    subscription_status: 'trial',
    subscription_plan: null,
    trial_end_date: '2024-03-15T00:00:00.000Z',
    max_ads: 1,
    created_at: '2024-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function sellerStats(
  overrides: Partial<Omit<SellerStatsResponse, 'achievements'>> & { unlocked?: AchievementId[] } = {},
): SellerStatsResponse {
  const { unlocked = [], ...numbers } = overrides;
  return {
    total_ads: 3,
    active_ads: 2,
    total_views: 7,
    total_likes: 3,
    average_price: 1234.5,
    engagement: { score: 52, milestone: 500, progress_percent: 10, points_to_go: 448 },
    ...numbers,
    achievements: achievementIds.map((id) => ({ id, unlocked: unlocked.includes(id) })),
  };
}

export function myAd(overrides: Partial<MyAdSummary> = {}): MyAdSummary {
  return {
    id: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    title: 'Road bike, 54 cm',
    price: 450.5,
    category: 'sports-outdoors',
    location: 'Reno, NV',
    featured: false,
    featured_until: null,
    views: 5,
    likes: 2,
    created_at: '2024-03-02T00:00:00.000Z',
    image_url: null,
    status: 'active',
    moderation: null,
    // Weeks away: not yet in the days when the dashboard offers to renew it.
    expires_at: new Date(Date.now() + 20 * DAY_MS).toISOString(),
    sold_at: null,
    ...overrides,
  };
}

export function myAds(ads: MyAdSummary[]): MyAdListResponse {
  return { ads, next_cursor: null, total: ads.length };
}

/** Thirty days ending 2024-03-30 with views and likes on a few of them. */
export function sellerAnalytics(): SellerAnalyticsResponse {
  const days: DailyActivity[] = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2024, 2, 1 + index)).toISOString().slice(0, 10);
    return { date, views: index === 29 ? 12 : index === 10 ? 3 : 0, likes: index === 29 ? 2 : 0 };
  });
  return { days, totals: { views: 15, likes: 2 } };
}
