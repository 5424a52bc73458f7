import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postAd } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { endTrial, fetchMe, insertActiveAds, movePaidPeriod } from '../../test/subscription-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { advertisements, profiles } from '../db/schema';
import { findSellerQuota } from './queries';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('findSellerQuota: the one reader of what a seller may post', () => {
  it('counts active ads only, and /api/me shows the quota the post gate enforces', async () => {
    const seller = await createSeller(testApp.app);
    await insertActiveAds(testApp, seller.id, 1);
    await testApp.database.db
      .update(advertisements)
      .set({ status: 'hidden' })
      .where(eq(advertisements.user_id, seller.id));
    await insertActiveAds(testApp, seller.id, 1);
    await testApp.database.db.update(profiles).set({ max_ads: 2 }).where(eq(profiles.id, seller.id));

    expect(await findSellerQuota(testApp.database.db, seller.id)).toMatchObject({
      subscriptionStatus: 'trial',
      maxAds: 2,
      activeAds: 1,
    });
    expect((await fetchMe(testApp.app, seller)).quota).toMatchObject({
      active_ads: 1,
      max_ads: 2,
      post_gate: 'allowed',
    });
    await insertActiveAds(testApp, seller.id, 1);
    expect((await fetchMe(testApp.app, seller)).quota.post_gate).toBe('ad_limit_reached');
    const refused = await postAd(testApp, seller);
    expect(refused.json().error.code).toBe('ad_limit_reached');
  });

  it('reads a paid period that ended unrenewed as the default quota, everywhere', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.db
      .update(profiles)
      .set({ subscription_status: 'active', subscription_plan: 'premium', max_ads: 10 })
      .where(eq(profiles.id, seller.id));
    await movePaidPeriod(testApp, seller.id, -1);
    await endTrial(testApp, seller.id);

    expect(await findSellerQuota(testApp.database.db, seller.id)).toMatchObject({
      subscriptionStatus: 'trial',
      subscriptionPlan: null,
      maxAds: 1,
    });
    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({ subscription_status: 'trial', max_ads: 1 });
    expect(me.quota).toMatchObject({ max_ads: 1, post_gate: 'trial_expired' });
    expect((await postAd(testApp, seller)).json().error.code).toBe('trial_expired');
  });

  it('is undefined for a user without a profile', async () => {
    expect(
      await findSellerQuota(testApp.database.db, '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d'),
    ).toBeUndefined();
  });

  it('with lock, waits for a post in progress and counts the ad it committed', async () => {
    const seller = await createSeller(testApp.app);
    const posting = await testApp.database.pool.connect();
    try {
      await posting.query('begin');
      await posting.query('select 1 from profiles where id = $1 for update', [seller.id]);
      const quota = testApp.database.db.transaction((tx) => findSellerQuota(tx, seller.id, { lock: true }));
      await vi.waitFor(
        async () => {
          const { rows } = await testApp.database.pool.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows.length === 0) throw new Error('the locked read does not wait yet');
        },
        { timeout: 10_000, interval: 20 },
      );
      await posting.query(
        `insert into advertisements (user_id, title, description, price, category, location)
         values ($1, 'Desk lamp', 'Bright', 15, 'electronics', 'Austin, TX')`,
        [seller.id],
      );
      await posting.query('commit');
      expect(await quota).toMatchObject({ activeAds: 1, maxAds: 1 });
    } finally {
      posting.release();
    }
  });
});
