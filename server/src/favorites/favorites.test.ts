import { AD_SOLD_VISIBLE_DAYS, DAY_MS } from '@bazaar/common/constants';
import type { FavoriteListResponse } from '@bazaar/common/favorites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { sendAs } from '../../test/messaging-factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let seller: TestSeller;
let buyer: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  [seller, buyer] = await Promise.all([
    createSeller(testApp.app, { name: 'Sam Seller' }),
    createSeller(testApp.app, { name: 'Bea Buyer' }),
  ]);
});
afterAll(() => testApp.close());

async function like(user: TestSeller, adId: string) {
  const response = await sendAs(testApp, user, 'PUT', `/api/ads/${adId}/favorite`);
  expect(response.statusCode).toBe(200);
}

async function listOf(user: TestSeller | undefined, query = '') {
  return sendAs(testApp, user, 'GET', `/api/me/favorites${query}`);
}

async function likesOf(adId: string): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ likes: number }>(
    'select likes from advertisements where id = $1',
    [adId],
  );
  return rows[0]!.likes;
}

describe('GET /api/me/favorites', () => {
  it('lists the liked ads most recently liked first, a page at a time, with Load more', async () => {
    const person = await createSeller(testApp.app);
    const ids = await insertAds(testApp, seller.id, [
      { title: 'First' },
      { title: 'Second' },
      { title: 'Third' },
    ]);
    for (const id of ids) await like(person, id);

    const first = await listOf(person, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<FavoriteListResponse>();
    expect(page.items.map((item) => item.ad?.title)).toEqual(['Third', 'Second']);
    expect(page.items[0]).toMatchObject({
      ad_id: ids[2],
      ad: { id: ids[2], price: 10, location: 'Austin, TX' },
    });
    expect(page.next_cursor).toEqual(expect.any(String));

    const second = (await listOf(person, `?limit=2&cursor=${page.next_cursor}`)).json<FavoriteListResponse>();
    expect(second.items.map((item) => item.ad?.title)).toEqual(['First']);
    expect(second.next_cursor).toBeNull();
  });

  it('keeps an ad that is no longer available on the list, without its content', async () => {
    const person = await createSeller(testApp.app);
    const [hidden, pending, active] = await insertAds(testApp, seller.id, [
      { title: 'Hidden one' },
      { title: 'Pending one' },
      { title: 'Active one' },
    ]);
    for (const id of [hidden!, pending!, active!]) await like(person, id);
    await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [hidden]);
    await testApp.database.pool.query(`update advertisements set status = 'pending' where id = $1`, [
      pending,
    ]);

    const { items } = (await listOf(person)).json<FavoriteListResponse>();
    expect(items.map((item) => [item.ad_id, item.ad?.title ?? null])).toEqual([
      [active, 'Active one'],
      [pending, null],
      [hidden, null],
    ]);
    expect(JSON.stringify(items)).not.toContain('Hidden one');
  });

  it('shows a sold ad as sold while its page says so, then without its content', async () => {
    const person = await createSeller(testApp.app);
    const [sold, soldLongAgo] = await insertAds(testApp, seller.id, [
      { title: 'Sold yesterday' },
      { title: 'Sold long ago' },
    ]);
    for (const id of [sold!, soldLongAgo!]) await like(person, id);
    const soldAt = new Date(Date.now() - DAY_MS);
    const markSold = (id: string, at: Date) =>
      testApp.database.pool.query(`update advertisements set status = 'sold', sold_at = $2 where id = $1`, [
        id,
        at,
      ]);
    await markSold(sold!, soldAt);
    await markSold(soldLongAgo!, new Date(Date.now() - (AD_SOLD_VISIBLE_DAYS + 1) * DAY_MS));

    const { items } = (await listOf(person)).json<FavoriteListResponse>();
    expect(items.map((item) => [item.ad_id, item.ad?.title ?? null, item.sold_at])).toEqual([
      [soldLongAgo, null, null],
      [sold, 'Sold yesterday', soldAt.toISOString()],
    ]);
  });

  it('drops a deleted ad: its favourites go with it', async () => {
    const person = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Soon gone' }]);
    await like(person, adId!);
    await testApp.database.pool.query('delete from advertisements where id = $1', [adId]);
    expect((await listOf(person)).json<FavoriteListResponse>().items).toEqual([]);
  });

  it('is only ever your own list: 401 signed out, and another person sees only theirs', async () => {
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Liked by the buyer' }]);
    await like(buyer, adId!);
    expect((await listOf(undefined)).statusCode).toBe(401);
    const other = await createSeller(testApp.app);
    expect((await listOf(other)).json<FavoriteListResponse>().items).toEqual([]);
  });

  it('refuses unknown query keys and a cursor it did not make', async () => {
    expect((await listOf(buyer, '?user_id=someone')).statusCode).toBe(400);
    expect((await listOf(buyer, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});

describe('DELETE /api/me/favorites/:ad_id', () => {
  it('takes a hidden ad off the list (the ad page would answer 404) and its likes follow', async () => {
    const person = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Hidden later' }]);
    await like(person, adId!);
    expect(await likesOf(adId!)).toBe(1);
    await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [adId]);

    const response = await sendAs(testApp, person, 'DELETE', `/api/me/favorites/${adId}`);
    expect(response.statusCode).toBe(204);
    expect((await listOf(person)).json<FavoriteListResponse>().items).toEqual([]);
    expect(await likesOf(adId!)).toBe(0);
  });

  it("is 404 for an ad not on your list (someone else's like stays), and 401 signed out", async () => {
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Liked by one' }]);
    await like(buyer, adId!);
    const other = await createSeller(testApp.app);
    expect((await sendAs(testApp, other, 'DELETE', `/api/me/favorites/${adId}`)).statusCode).toBe(404);
    expect((await sendAs(testApp, undefined, 'DELETE', `/api/me/favorites/${adId}`)).statusCode).toBe(401);
    expect(await likesOf(adId!)).toBe(1);
  });
});
