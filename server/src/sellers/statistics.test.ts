import { DAY_MS } from '@bazaar/common/constants';
import type { SellerAnalyticsResponse, SellerStatsResponse } from '@bazaar/common/sellers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, insertAds, postAd } from '../../test/ad-factories';
import { cookieFrom, createSeller, type TestSeller } from '../../test/factories';
import { subscribeWithDemo } from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A UTC day `daysAgo` days before today, as YYYY-MM-DD. */
function utcDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

function headersOf(seller: TestSeller | undefined, extra: Record<string, string> = {}) {
  return { ...(seller ? { cookie: seller.cookie } : {}), origin: TEST_PUBLIC_URL, ...extra };
}

async function statsOf(seller: TestSeller): Promise<SellerStatsResponse> {
  const response = await testApp.app.inject({ url: '/api/me/stats', headers: { cookie: seller.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function analyticsOf(seller: TestSeller, query = ''): Promise<SellerAnalyticsResponse> {
  const response = await testApp.app.inject({
    url: `/api/me/analytics${query}`,
    headers: { cookie: seller.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function unlockedIds(stats: SellerStatsResponse): string[] {
  return stats.achievements
    .filter((achievement) => achievement.unlocked)
    .map((achievement) => achievement.id);
}

async function postedAdId(seller: TestSeller, price: string): Promise<string> {
  const response = await postAd(testApp, seller, { fields: { price } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A view by a signed-in viewer, or by an anonymous browser that sends back its visitor cookie. */
function viewAd(
  adId: string,
  viewer: TestSeller | { cookie: string } | undefined,
  remoteAddress: string,
  userAgent = 'Firefox',
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/views`,
    headers: {
      ...(viewer ? { cookie: viewer.cookie } : {}),
      origin: TEST_PUBLIC_URL,
      'user-agent': userAgent,
    },
    remoteAddress,
  });
}

function favoriteAd(adId: string, fan: TestSeller, method: 'PUT' | 'DELETE' = 'PUT') {
  return testApp.app.inject({ method, url: `/api/ads/${adId}/favorite`, headers: headersOf(fan) });
}

/** Straight from the tables: what the seller's numbers must be. */
async function countedInDatabase(sellerId: string) {
  const { rows } = await testApp.database.pool.query(
    `select
       (select count(*)::int from advertisements where user_id = $1) as total_ads,
       (select count(*)::int from advertisements where user_id = $1 and status = 'active') as active_ads,
       (select count(*)::int from ad_views v join advertisements a on a.id = v.ad_id
         where a.user_id = $1) as view_rows,
       (select coalesce(sum(views), 0)::int from advertisements where user_id = $1) as views_counter,
       (select count(*)::int from favorites f join advertisements a on a.id = f.ad_id
         where a.user_id = $1) as favorite_rows,
       (select coalesce(round(avg(price), 2), 0)::float from advertisements where user_id = $1) as average_price,
       (select count(*)::int from ad_views v join advertisements a on a.id = v.ad_id
         where a.user_id = $1 and v.day = (now() at time zone 'UTC')::date) as views_today,
       (select count(*)::int from favorites f join advertisements a on a.id = f.ad_id
         where a.user_id = $1 and (f.created_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date)
         as likes_today`,
    [sellerId],
  );
  return rows[0] as Record<string, number>;
}

describe('GET /api/me/stats and /api/me/analytics', () => {
  it('refuses an anonymous visitor with 401', async () => {
    for (const url of ['/api/me/stats', '/api/me/analytics']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('gives a new seller zeros, no achievements and 30 empty days ending today', async () => {
    const seller = await createSeller(testApp.app);
    const stats = await statsOf(seller);
    expect(stats).toEqual({
      total_ads: 0,
      active_ads: 0,
      total_views: 0,
      total_likes: 0,
      average_price: 0,
      engagement: { score: 0, milestone: 500, progress_percent: 0, points_to_go: 500 },
      achievements: [
        { id: 'first-post', unlocked: false },
        { id: 'popular-seller', unlocked: false },
        { id: 'engagement-master', unlocked: false },
        { id: 'social-butterfly', unlocked: false },
        { id: 'verified-seller', unlocked: false },
        { id: 'premium-member', unlocked: false },
      ],
    });

    const analytics = await analyticsOf(seller);
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days[0]!.date).toBe(utcDay(29));
    expect(analytics.days.at(-1)!.date).toBe(utcDay(0));
    expect(analytics.days.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, index) => utcDay(29 - index)),
    );
    expect(analytics.days.every((day) => day.views === 0 && day.likes === 0)).toBe(true);
    expect(analytics.totals).toEqual({ views: 0, likes: 0 });
  });

  it('agrees with the database after real posts, views by different viewers and favourites', async () => {
    const seller = await createSeller(testApp.app);
    await giveSellerPlan(testApp, seller.id, 5);
    const [fanA, fanB, fanC] = await Promise.all([
      createSeller(testApp.app),
      createSeller(testApp.app),
      createSeller(testApp.app),
    ]);
    const bike = await postedAdId(seller, '450.50');
    const lamp = await postedAdId(seller, '20');
    const desk = await postedAdId(seller, '99.99');

    // Counted: three signed-in viewers, two anonymous browsers at one address, one elsewhere.
    for (const viewer of [fanA, fanB, fanC])
      expect((await viewAd(bike, viewer, '10.9.0.1')).statusCode).toBe(200);
    const firefox = {
      cookie: cookieFrom((await viewAd(bike, undefined, '203.0.113.7')).headers['set-cookie']),
    };
    await viewAd(bike, undefined, '203.0.113.7', 'Safari');
    await viewAd(lamp, undefined, '198.51.100.20', 'Firefox');
    await viewAd(lamp, fanA, '10.9.0.1');
    // Not counted: the owner, and the same viewer again today.
    await viewAd(bike, seller, '10.9.0.2');
    await viewAd(bike, fanA, '10.9.0.1');
    await viewAd(bike, firefox, '203.0.113.7');

    for (const [adId, fan] of [
      [bike, fanA],
      [bike, fanB],
      [lamp, fanC],
      [desk, fanA],
    ] as const) {
      expect((await favoriteAd(adId, fan)).statusCode).toBe(200);
    }
    // A favourite taken back is no longer a like.
    expect((await favoriteAd(desk, fanA, 'DELETE')).statusCode).toBe(200);
    // The seller's own favourite is refused and counts for nothing.
    expect((await favoriteAd(bike, seller)).statusCode).toBe(403);

    const database = await countedInDatabase(seller.id);
    expect(database).toMatchObject({
      total_ads: 3,
      active_ads: 3,
      view_rows: 7,
      views_counter: 7,
      favorite_rows: 3,
      average_price: 190.16,
      views_today: 7,
      likes_today: 3,
    });

    const stats = await statsOf(seller);
    expect(stats).toMatchObject({
      total_ads: database.total_ads,
      active_ads: database.active_ads,
      total_views: database.view_rows,
      total_likes: database.favorite_rows,
      average_price: database.average_price,
    });
    // 10 per ad, 1 per view, 5 per like (common/engagement.ts).
    expect(stats.engagement).toEqual({
      score: 30 + 7 + 15,
      milestone: 500,
      progress_percent: 10,
      points_to_go: 448,
    });
    const me = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(me.json().user.user_metadata.engagement_score).toBe(stats.engagement.score);

    const analytics = await analyticsOf(seller);
    expect(analytics.days.at(-1)).toEqual({
      date: utcDay(0),
      views: database.views_today,
      likes: database.likes_today,
    });
    expect(analytics.totals).toEqual({ views: 7, likes: 3 });

    // Someone else's numbers are untouched by all of this.
    const fanStats = await statsOf(fanA);
    expect(fanStats).toMatchObject({ total_ads: 0, total_views: 0, total_likes: 0 });
    expect((await analyticsOf(fanA)).totals).toEqual({ views: 0, likes: 0 });
  });

  it('puts past views and likes on their own UTC day and leaves out older ones', async () => {
    const seller = await createSeller(testApp.app);
    const fan = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ price: 10 }]);
    const { pool } = testApp.database;
    await pool.query(
      `insert into ad_views (ad_id, viewer_key, day) values
         ($1, 'a', $2), ($1, 'b', $2), ($1, 'a', $3), ($1, 'c', $4), ($1, 'd', $5)`,
      [adId, utcDay(3), utcDay(29), utcDay(30), utcDay(6)],
    );
    // Likes two days ago at 23:30 UTC and five days ago; one 40 days ago falls outside.
    const twoDaysAgoLate = `${utcDay(2)}T23:30:00Z`;
    const other = await createSeller(testApp.app);
    const third = await createSeller(testApp.app);
    await pool.query(
      `insert into favorites (user_id, ad_id, created_at) values ($1, $4, $5), ($2, $4, $6), ($3, $4, $7)`,
      [fan.id, other.id, third.id, adId, twoDaysAgoLate, `${utcDay(5)}T08:00:00Z`, `${utcDay(40)}T08:00:00Z`],
    );

    const month = await analyticsOf(seller);
    const byDate = new Map(month.days.map((day) => [day.date, day]));
    expect(byDate.get(utcDay(3))).toEqual({ date: utcDay(3), views: 2, likes: 0 });
    expect(byDate.get(utcDay(29))).toEqual({ date: utcDay(29), views: 1, likes: 0 });
    expect(byDate.get(utcDay(6))).toEqual({ date: utcDay(6), views: 1, likes: 0 });
    expect(byDate.get(utcDay(2))).toEqual({ date: utcDay(2), views: 0, likes: 1 });
    expect(byDate.get(utcDay(5))).toEqual({ date: utcDay(5), views: 0, likes: 1 });
    expect(byDate.has(utcDay(30))).toBe(false);
    expect(month.totals).toEqual({ views: 4, likes: 2 });

    const week = await analyticsOf(seller, '?days=7');
    expect(week.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => utcDay(6 - index)),
    );
    expect(week.totals).toEqual({ views: 3, likes: 2 });
  });

  it('counts hidden ads in the totals but not among the active ones', async () => {
    const seller = await createSeller(testApp.app);
    await insertAds(testApp, seller.id, [
      { price: 10, views: 4, likes: 1 },
      { price: 20.5, status: 'hidden', views: 6 },
      { price: 33.33 },
    ]);
    const stats = await statsOf(seller);
    expect(stats).toMatchObject({
      total_ads: 3,
      active_ads: 2,
      total_views: 10,
      total_likes: 1,
      // (10 + 20.50 + 33.33) / 3 = 21.2766…
      average_price: 21.28,
    });
  });

  it('refuses a period outside 7 to 90 days and unknown parameters', async () => {
    const seller = await createSeller(testApp.app);
    for (const query of ['?days=6', '?days=91', '?days=abc', '?days=10.5', '?days=30&user_id=x']) {
      const response = await testApp.app.inject({
        url: `/api/me/analytics${query}`,
        headers: { cookie: seller.cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await analyticsOf(seller, '?days=90')).days).toHaveLength(90);
  });
});

describe('achievements (spec §3)', () => {
  it('unlocks First Post with one ad, and Popular Seller at 50 views but not 49', async () => {
    const seller = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ views: 49 }]);
    expect(unlockedIds(await statsOf(seller))).toEqual(['first-post']);

    await testApp.database.pool.query('update advertisements set views = 50 where id = $1', [adId]);
    const stats = await statsOf(seller);
    // 10 + 50 = 60 points: not yet an Engagement Master.
    expect(stats.engagement.score).toBe(60);
    expect(unlockedIds(stats)).toEqual(['first-post', 'popular-seller']);
  });

  it('unlocks Engagement Master at 100 points, not 99', async () => {
    const seller = await createSeller(testApp.app);
    // Two ads (20) + 29 views + 10 likes (50) = 99 points.
    const [first] = await insertAds(testApp, seller.id, [
      { views: 29, likes: 10 },
      { views: 0, likes: 0 },
    ]);
    let stats = await statsOf(seller);
    expect(stats.engagement.score).toBe(99);
    expect(unlockedIds(stats)).not.toContain('engagement-master');

    await testApp.database.pool.query('update advertisements set views = 30 where id = $1', [first]);
    stats = await statsOf(seller);
    expect(stats.engagement).toMatchObject({ score: 100, progress_percent: 20, points_to_go: 400 });
    expect(unlockedIds(stats)).toContain('engagement-master');
    expect(unlockedIds(stats)).not.toContain('popular-seller');
  });

  it('unlocks Verified Seller once the e-mail address is confirmed', async () => {
    const seller = await createSeller(testApp.app);
    expect(unlockedIds(await statsOf(seller))).not.toContain('verified-seller');
    await testApp.database.pool.query('update users set email_verified = true where id = $1', [seller.id]);
    expect(unlockedIds(await statsOf(seller))).toEqual(['verified-seller']);
  });

  it('unlocks Premium Member with a paid plan, and locks it again when the plan has lapsed', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    expect(unlockedIds(await statsOf(seller))).toEqual(['premium-member']);

    await testApp.database.pool.query(
      `update profiles set current_period_end = now() - interval '1 day' where id = $1`,
      [seller.id],
    );
    expect(unlockedIds(await statsOf(seller))).toEqual([]);
  });

  it('never unlocks Social Butterfly, and caps progress at 100 % past the milestone', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.pool.query('update users set email_verified = true where id = $1', [seller.id]);
    await giveSellerPlan(testApp, seller.id, 30);
    await insertAds(testApp, seller.id, [{ views: 400, likes: 30 }]);
    const stats = await statsOf(seller);
    expect(stats.engagement).toEqual({ score: 560, milestone: 500, progress_percent: 100, points_to_go: 0 });
    expect(unlockedIds(stats)).toEqual([
      'first-post',
      'popular-seller',
      'engagement-master',
      'verified-seller',
      'premium-member',
    ]);
  });
});
