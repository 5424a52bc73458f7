import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, insertAds, postAd } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function countAdsOf(sellerId: string): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: number }>(
    'select count(*)::int as count from advertisements where user_id = $1',
    [sellerId],
  );
  return rows[0]!.count;
}

const storedAdFolders = () => readdir(path.join(testApp.uploadsDir, 'ads')).catch(() => [] as string[]);

/** A seller far from their plan's quota who has posted `count` ads in the last hour. */
async function sellerWithRecentAds(count: number, minutesAgo = 5) {
  const seller = await createSeller(testApp.app);
  await giveSellerPlan(testApp, seller.id, 1000);
  const created_at = new Date(Date.now() - minutesAgo * 60_000);
  await insertAds(
    testApp,
    seller.id,
    Array.from({ length: count }, () => ({ created_at })),
  );
  return seller;
}

describe('posting limit per account (POSTING_LIMIT_PER_HOUR, 20 by default)', () => {
  it('refuses the 21st ad of an hour with 429 posting_limit_reached, and writes nothing', async () => {
    const seller = await sellerWithRecentAds(20);
    const foldersBefore = await storedAdFolders();

    const response = await postAd(testApp, seller);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: {
        code: 'posting_limit_reached',
        message: 'You can post at most 20 ads an hour. Please try again later.',
      },
    });
    expect(await countAdsOf(seller.id)).toBe(20);
    expect(await storedAdFolders()).toEqual(foldersBefore);
  });

  it('accepts the 20th, and counts only the last hour', async () => {
    const nineteen = await sellerWithRecentAds(19);
    expect((await postAd(testApp, nineteen)).statusCode).toBe(201);

    const yesterdays = await sellerWithRecentAds(20, 61);
    expect((await postAd(testApp, yesterdays)).statusCode).toBe(201);
  });

  it('lets exactly the posts that fit through when several race for the last places', async () => {
    const seller = await sellerWithRecentAds(18);
    const foldersBefore = await storedAdFolders();

    const responses = await Promise.all(Array.from({ length: 5 }, () => postAd(testApp, seller)));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(await countAdsOf(seller.id)).toBe(20);
    // The refused posts' files (stored before the transaction said no) were deleted again.
    const posted = responses.filter((response) => response.statusCode === 201).map((r) => r.json().id);
    const newFolders = (await storedAdFolders()).filter((folder) => !foldersBefore.includes(folder));
    for (const folder of newFolders) {
      if (posted.includes(folder)) continue;
      expect(await readdir(path.join(testApp.uploadsDir, 'ads', folder))).toEqual([]);
    }
  });

  it('is per account: another seller posts as usual', async () => {
    await sellerWithRecentAds(20);
    const other = await createSeller(testApp.app);
    expect((await postAd(testApp, other)).statusCode).toBe(201);
  });
});

describe('posting limit set lower', () => {
  let lowLimitApp: TestApp;
  beforeAll(async () => {
    lowLimitApp = await createTestApp({ environment: { POSTING_LIMIT_PER_HOUR: '1' } });
  });
  afterAll(() => lowLimitApp.close());

  it('says the configured number in its message', async () => {
    const seller = await createSeller(lowLimitApp.app);
    await giveSellerPlan(lowLimitApp, seller.id, 10);
    expect((await postAd(lowLimitApp, seller)).statusCode).toBe(201);
    const refused = await postAd(lowLimitApp, seller);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('You can post at most 1 ad an hour. Please try again later.');
  });
});
