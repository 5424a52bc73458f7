import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../test/database';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { ReplicaSet } from '../db/replicas';

/** The primary's WAL position the stand-in replica set reports after each write. */
const WRITE_LSN = 0x5_0000_1234n;

/**
 * A stand-in replica: another database of the test server, without the ads the test writes
 * to the primary, so an answer shows where it was read. It has replayed `replayedLsn`.
 */
describe('read routing with replicas (decision 0023)', () => {
  let testApp: TestApp;
  let replica: DatabaseHandle;
  let replicaUrl: string;
  let seller: TestSeller;
  let adId: string;
  let replayedLsn = 0n;
  const requiredPositions: (bigint | undefined)[] = [];

  beforeAll(async () => {
    replicaUrl = await createTestDatabase(inject('databaseServerUrl'));
    replica = openDatabase(replicaUrl, 2, pino({ level: 'silent' }));
    const replicas: ReplicaSet = {
      choose(requiredLsn) {
        requiredPositions.push(requiredLsn);
        return requiredLsn === undefined || requiredLsn <= replayedLsn ? replica.db : undefined;
      },
      primaryLsn: async () => WRITE_LSN,
      close: async () => undefined,
    };
    testApp = await createTestApp({ replicas });
    seller = await createSeller(testApp.app);
    [adId] = (await insertAds(testApp, seller.id, [{ title: 'Only on the primary' }])) as [string];
  });

  afterAll(async () => {
    await testApp.close();
    await replica.pool.end();
    await dropTestDatabase(inject('databaseServerUrl'), replicaUrl);
  });

  beforeEach(() => {
    requiredPositions.length = 0;
    replayedLsn = 0n;
  });

  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  function writePositionCookie(setCookie: string | string[] | undefined): string | undefined {
    const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    return cookies.find((cookie) => cookie.startsWith('bazaar_lsn='));
  }

  async function editProfile(cookie?: string) {
    return testApp.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      payload: { name: 'Renamed Seller' },
    });
  }

  it('reads search, an ad and its page from a replica, and a person’s own lists from the primary', async () => {
    expect((await get('/api/ads')).json()).toMatchObject({ total: { count: 0 } });
    expect((await get(`/api/ads/${adId}`)).statusCode).toBe(404);
    expect((await get(`/ad/${adId}`)).statusCode).toBe(404);
    expect(requiredPositions).toEqual([undefined, undefined, undefined]);

    const mine = await get('/api/me/ads', seller.cookie);
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Only on the primary');
    expect(requiredPositions).toHaveLength(3);
  });

  it('after a write, reads the primary until the replica has replayed it (read-your-writes)', async () => {
    const write = await editProfile(seller.cookie);
    expect(write.statusCode).toBe(200);
    const setCookie = writePositionCookie(write.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^bazaar_lsn=500001234\.[\w-]{22}; Path=\/; Max-Age=65; HttpOnly; SameSite=Lax$/,
    );
    const cookie = `${seller.cookie}; ${setCookie!.split(';')[0]}`;

    expect((await get('/api/ads', cookie)).json()).toMatchObject({ total: { count: 1 } });
    expect(requiredPositions).toEqual([WRITE_LSN]);

    replayedLsn = WRITE_LSN;
    expect((await get('/api/ads', cookie)).json()).toMatchObject({ total: { count: 0 } });
  });

  it('ignores a write position whose signature is not ours, and takes the furthest of several', async () => {
    await get('/api/ads', 'bazaar_lsn=ffffffffff.AAAAAAAAAAAAAAAAAAAAAA');
    expect(requiredPositions).toEqual([undefined]);

    const write = await editProfile(seller.cookie);
    const signed = writePositionCookie(write.headers['set-cookie'])!.split(';')[0]!;
    await get('/api/ads', `bazaar_lsn=ffffffffff.AAAAAAAAAAAAAAAAAAAAAA; ${signed}`);
    expect(requiredPositions.at(-1)).toBe(WRITE_LSN);
  });

  it('gives no write position to reads and refused writes', async () => {
    expect(writePositionCookie((await get('/api/me', seller.cookie)).headers['set-cookie'])).toBeUndefined();
    const refused = await editProfile();
    expect(refused.statusCode).toBe(401);
    expect(writePositionCookie(refused.headers['set-cookie'])).toBeUndefined();
  });
});

describe('read routing without replicas', () => {
  it('reads everything from the primary and sets no write position', async () => {
    const testApp = await createTestApp();
    try {
      const seller = await createSeller(testApp.app);
      await insertAds(testApp, seller.id, [{ title: 'On the only database' }]);
      const write = await testApp.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { origin: TEST_PUBLIC_URL, cookie: seller.cookie },
        payload: { name: 'Renamed Seller' },
      });
      expect(write.statusCode).toBe(200);
      expect(String(write.headers['set-cookie'] ?? '')).not.toContain('bazaar_lsn');
      expect((await testApp.app.inject({ method: 'GET', url: '/api/ads' })).json()).toMatchObject({
        total: { count: 1 },
      });
    } finally {
      await testApp.close();
    }
  });
});
