import type { SellerAdsResponse, SellerPageResponse } from '@bazaar/common/sellers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { sendAs } from '../../test/messaging-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';

let testApp: TestApp;
let buyer: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  buyer = await createSeller(testApp.app, { name: 'Bea Buyer' });
});
afterAll(() => testApp.close());

const HOUR = 60 * 60;

/**
 * A conversation the buyer started `askedHoursAgo` hours ago about one of the seller's ads,
 * with the seller's first reply `repliedAfterHours` later (none when null), written straight
 * to the tables so that the times are the test's.
 */
async function conversation(sellerId: string, askedHoursAgo: number, repliedAfterHours: number | null) {
  const [adId] = await insertAds(testApp, sellerId, [{ title: 'Asked about' }]);
  const pool = testApp.database.pool;
  const asked = `now() - make_interval(secs => ${askedHoursAgo * HOUR})`;
  const {
    rows: [row],
  } = await pool.query<{ id: string }>(
    `insert into conversations (ad_id, ad_title, buyer_id, seller_id, created_at)
     values ($1, 'Asked about', $2, $3, ${asked}) returning id`,
    [adId, buyer.id, sellerId],
  );
  const id = row!.id;
  await pool.query(
    `insert into messages (conversation_id, sender_id, sender_role, body, created_at)
     values ($1, $2, 'buyer', 'Is it still available?', ${asked})`,
    [id, buyer.id],
  );
  const last =
    repliedAfterHours === null ? asked : `${asked} + make_interval(secs => ${repliedAfterHours * HOUR})`;
  if (repliedAfterHours !== null) {
    await pool.query(
      `insert into messages (conversation_id, sender_id, sender_role, body, created_at)
       values ($1, $2, 'seller', 'Yes it is.', ${last})`,
      [id, sellerId],
    );
  }
  await pool.query(
    `insert into conversation_participants (conversation_id, role, user_id, last_message_at)
     values ($1, 'buyer', $2, ${last}), ($1, 'seller', $3, ${last})`,
    [id, buyer.id, sellerId],
  );
}

const pageOf = (sellerId: string) => sendAs(testApp, undefined, 'GET', `/api/sellers/${sellerId}`);

describe('GET /api/sellers/:id', () => {
  it('shows the name, member since, verified tick, location and active ads to anyone', async () => {
    const seller = await createSeller(testApp.app, { name: 'Paula Reyes', location: 'Denver, CO' });
    await testApp.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, seller.id));
    const [, hidden] = await insertAds(testApp, seller.id, [{ title: 'Shown' }, { title: 'Hidden' }]);
    await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [hidden]);

    const response = await pageOf(seller.id);
    expect(response.statusCode).toBe(200);
    const page = response.json<SellerPageResponse>();
    expect(page).toMatchObject({
      id: seller.id,
      name: 'Paula Reyes',
      verified: true,
      location: 'Denver, CO',
      active_ads: 1,
      response: { rate_percent: null, typical_seconds: null, conversations: 0 },
    });
    expect(Date.parse(page.member_since)).toBeLessThanOrEqual(Date.now());
  });

  it('computes the response rate (answered within a day) and the median first reply', async () => {
    const seller = await createSeller(testApp.app);
    await conversation(seller.id, 100, 1); // answered in 1 h
    await conversation(seller.id, 100, 3); // 3 h
    await conversation(seller.id, 100, 30); // answered, but after a day
    await conversation(seller.id, 50, null); // unanswered for two days
    await conversation(seller.id, 2, null); // asked 2 h ago: not counted yet
    await conversation(seller.id, 24 * 120, 1); // older than the 90-day window

    const { response } = (await pageOf(seller.id)).json<SellerPageResponse>();
    expect(response).toEqual({ rate_percent: 50, typical_seconds: 3 * HOUR, conversations: 4 });
  });

  it("is 404 for a suspended seller and for someone who doesn't exist", async () => {
    const seller = await createSeller(testApp.app);
    await insertAds(testApp, seller.id, [{ title: 'Gone with the account' }]);
    await testApp.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller.id));
    expect((await pageOf(seller.id)).statusCode).toBe(404);
    expect((await sendAs(testApp, undefined, 'GET', `/api/sellers/${seller.id}/ads`)).statusCode).toBe(404);
    expect((await pageOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pageOf('not-a-uuid')).statusCode).toBe(400);
  });

  it('serves the web page with status 200 while the public sees the seller, 404 otherwise', async () => {
    const seller = await createSeller(testApp.app);
    const webPage = async (id: string) => (await testApp.app.inject(`/seller/${id}`)).statusCode;
    expect(await webPage(seller.id)).toBe(200);
    await testApp.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller.id));
    expect(await webPage(seller.id)).toBe(404);
    expect(await webPage('00000000-0000-4000-8000-000000000000')).toBe(404);
    expect(await webPage('not-a-uuid')).toBe(404);
  });
});

describe('GET /api/sellers/:id/ads', () => {
  it("pages the seller's active ads newest first, leaving out hidden and pending ones", async () => {
    const seller = await createSeller(testApp.app);
    const now = Date.now();
    const ids = await insertAds(
      testApp,
      seller.id,
      ['Oldest', 'Middle', 'Hidden', 'Newest'].map((title, index) => ({
        title,
        created_at: new Date(now - (4 - index) * 60_000),
        status: title === 'Hidden' ? ('hidden' as const) : ('active' as const),
      })),
    );
    expect(ids).toHaveLength(4);

    const first = (
      await sendAs(testApp, undefined, 'GET', `/api/sellers/${seller.id}/ads?limit=2`)
    ).json<SellerAdsResponse>();
    expect(first.ads.map((ad) => ad.title)).toEqual(['Newest', 'Middle']);
    const second = (
      await sendAs(
        testApp,
        undefined,
        'GET',
        `/api/sellers/${seller.id}/ads?limit=2&cursor=${first.next_cursor}`,
      )
    ).json<SellerAdsResponse>();
    expect(second.ads.map((ad) => ad.title)).toEqual(['Oldest']);
    expect(second.next_cursor).toBeNull();
  });
});
