import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, postAd } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let moderator: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  moderator = await createSeller(testApp.app, { name: 'Mo Derator' });
  await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
  await giveSellerPlan(testApp, moderator.id, 20);
});
afterAll(() => testApp.close());

async function adState(adId: string) {
  const { rows } = await testApp.database.pool.query<{ status: string; featured_until: Date | null }>(
    'select status, featured_until from advertisements where id = $1',
    [adId],
  );
  return rows[0];
}

describe("a moderator's own ad", () => {
  it('is not theirs to approve, hide, restore, dismiss or feature: 403, and the ad is unchanged', async () => {
    const posted = await postAd(testApp, moderator, { fields: { title: 'Road bike, barely used' } });
    expect(posted.statusCode, posted.body).toBe(201);
    const adId = posted.json<{ id: string }>().id;
    // Waiting for review, as an ad automatic moderation held back would.
    await testApp.database.pool.query(`update advertisements set status = 'pending' where id = $1`, [adId]);
    const before = await adState(adId);

    for (const [action, payload] of [
      ['restore', {}],
      ['dismiss', {}],
      ['feature', {}],
      ['unfeature', {}],
      ['hide', { reason: 'Counterfeit goods' }],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/admin/ads/${adId}/${action}`,
        headers: { origin: TEST_PUBLIC_URL, cookie: moderator.cookie },
        payload,
      });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(403);
      expect(response.json().error).toEqual({
        code: 'forbidden',
        message: 'Another moderator must review your own ad.',
      });
    }
    expect(await adState(adId)).toEqual(before);
    const { rows } = await testApp.database.pool.query('select 1 from audit_log where target_id = $1', [
      adId,
    ]);
    expect(rows).toEqual([]);
  });

  it('is in the queue of the other moderators, not in theirs', async () => {
    const posted = await postAd(testApp, moderator, { fields: { title: 'Camping stove, two burners' } });
    const adId = posted.json<{ id: string }>().id;
    await testApp.database.pool.query(`update advertisements set status = 'pending' where id = $1`, [adId]);
    const colleague = await createSeller(testApp.app, { name: 'Col League' });
    await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [colleague.id]);
    const queueOf = async (staff: TestSeller) => {
      const response = await testApp.app.inject({
        url: '/api/admin/queue?limit=50',
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ items: { kind: string; ad?: { id: string } }[] }>()
        .items.flatMap((item) => (item.ad ? [item.ad.id] : []));
    };
    expect(await queueOf(colleague)).toContain(adId);
    expect(await queueOf(moderator)).not.toContain(adId);
  });
});
