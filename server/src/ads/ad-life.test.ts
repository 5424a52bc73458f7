import { AD_EXPIRY_REMINDER_DAYS, DAY_MS } from '@bazaar/common/constants';
import type { AdListResponse, MyAdListResponse } from '@bazaar/common/ads';
import type { CategoryListResponse } from '@bazaar/common/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { ADS_EXPIRED_JOB, AD_EXPIRY_REMINDERS_JOB, expireDueAds, sendExpiryReminders } from './ad-life';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const query = <Row extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  testApp.database.pool.query<Row>(text, values).then((result) => result.rows);

async function statusOf(adId: string) {
  const [row] = await query<{ status: string; expires_at: Date; sold_at: Date | null }>(
    'select status, expires_at, sold_at from advertisements where id = $1',
    [adId],
  );
  return row!;
}

function act(seller: TestSeller | undefined, adId: string, action: 'renew' | 'sold') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/${action}`,
    headers: seller ? writeHeaders(seller) : { origin: 'http://localhost:3000' },
    payload: {},
  });
}

async function searchIds(q: string) {
  const response = await testApp.app.inject(`/api/ads?q=${encodeURIComponent(q)}`);
  return response.json<AdListResponse>().ads.map((ad) => ad.id);
}

async function categoryCount(category: string) {
  const response = await testApp.app.inject('/api/categories');
  const body = response.json<CategoryListResponse>();
  return body.categories.find((entry) => entry.id === category)!.count;
}

describe('expiry', () => {
  it('gives a posted ad AD_LIFETIME_DAYS, and the job expires ads past expires_at only', async () => {
    const seller = await createSeller(testApp.app);
    await giveSellerPlan(testApp, seller.id, 10);
    const [due, fresh] = await insertAds(testApp, seller.id, [
      { title: 'Dusty gramophone', category: 'music-instruments' },
      { title: 'Dusty cello', category: 'music-instruments' },
    ]);
    const lifetime = (await statusOf(fresh!)).expires_at.getTime() - Date.now();
    expect(Math.abs(lifetime - 30 * DAY_MS)).toBeLessThan(60_000);

    const countBefore = await categoryCount('music-instruments');
    await query(`update advertisements set expires_at = now() - interval '1 minute' where id = $1`, [due]);
    expect(await searchIds('Dusty')).toEqual(expect.arrayContaining([due, fresh]));

    await testApp.app.jobs.send(ADS_EXPIRED_JOB, {});
    await testApp.app.jobs.runQueuedJobs(ADS_EXPIRED_JOB);
    expect((await statusOf(due!)).status).toBe('expired');
    expect((await statusOf(fresh!)).status).toBe('active');
    expect(await searchIds('Dusty')).toEqual([fresh]);
    expect(await categoryCount('music-instruments')).toBe(countBefore - 1);
    // Gone for the public, still on the owner's dashboard.
    expect((await testApp.app.inject(`/api/ads/${due}`)).statusCode).toBe(404);
    const mine = await testApp.app.inject({ url: '/api/me/ads', headers: { cookie: seller.cookie } });
    expect(mine.json<MyAdListResponse>().ads.find((ad) => ad.id === due)).toMatchObject({
      status: 'expired',
    });

    // A second run (another process, a retry) finds nothing to do.
    expect(await expireDueAds(testApp.database.db)).toBe(0);
  });

  it('reminds the owner once, by notification and e-mail, AD_EXPIRY_REMINDER_DAYS before', async () => {
    const seller = await createSeller(testApp.app);
    const [soon, later] = await insertAds(testApp, seller.id, [{ title: 'Old sofa' }, { title: 'New sofa' }]);
    await query(`update advertisements set expires_at = now() + interval '2 days' where id = $1`, [soon]);
    await query(
      `update advertisements set expires_at = now() + make_interval(days => $2::int + 1) where id = $1`,
      [later, AD_EXPIRY_REMINDER_DAYS],
    );

    await testApp.app.jobs.send(AD_EXPIRY_REMINDERS_JOB, {});
    await testApp.app.jobs.runQueuedJobs(AD_EXPIRY_REMINDERS_JOB);
    // Two overlapping runs more: still one reminder.
    const mailer = { send: async () => {} };
    await Promise.all([
      sendExpiryReminders({ db: testApp.database.db, mailer, publicUrl: 'http://localhost:3000' }),
      sendExpiryReminders({ db: testApp.database.db, mailer, publicUrl: 'http://localhost:3000' }),
    ]);

    const notes = await query<{ kind: string; title: string; link: string }>(
      'select kind, title, link from notifications where user_id = $1',
      [seller.id],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'ad_expiring', link: `/ad/${soon}` });
    expect(notes[0]!.title).toMatch(/^Your ad “Old sofa” expires on /);
    const reminders = (await testApp.outbox()).filter(
      (message) => message.to === seller.email && message.subject.includes('expires soon'),
    );
    expect(reminders.map((message) => message.subject)).toEqual(['Your ad “Old sofa” expires soon']);
    const [mail] = reminders;
    expect(mail!.links).toContain(`http://localhost:3000/ad/${soon}`);
  });
});

describe('renew', () => {
  it('makes an expired ad active for another lifetime, within the quota', async () => {
    const seller = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Renewable kayak', status: 'expired' }]);
    await query(`update advertisements set expires_at = now() - interval '1 day' where id = $1`, [adId]);

    const response = await act(seller, adId!, 'renew');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: adId, status: 'active', sold_at: null });
    const row = await statusOf(adId!);
    expect(row.status).toBe('active');
    expect(Math.abs(row.expires_at.getTime() - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    expect(await searchIds('Renewable kayak')).toEqual([adId]);

    // Now active for a month: not yet renewable again.
    expect((await act(seller, adId!, 'renew')).json()).toMatchObject({
      error: {
        code: 'ad_not_expired',
        message: `An ad can be renewed in its last ${AD_EXPIRY_REMINDER_DAYS} days or once it has expired.`,
      },
    });
  });

  it('renews an active ad in its last days, as the reminder asks, without counting it twice against the quota', async () => {
    const seller = await createSeller(testApp.app);
    // The trial allows one active ad: this one.
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Expiring canoe' }]);
    await query(`update advertisements set expires_at = now() + interval '2 days' where id = $1`, [adId]);
    await sendExpiryReminders({
      db: testApp.database.db,
      mailer: { send: async () => {} },
      publicUrl: TEST_PUBLIC_URL,
    });
    const response = await act(seller, adId!, 'renew');
    expect(response.statusCode, response.body).toBe(200);
    const row = await statusOf(adId!);
    expect(row.status).toBe('active');
    expect(Math.abs(row.expires_at.getTime() - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    // The reminder that asked for it is answered: no longer unread in the bell.
    expect(
      await query('select read_at from notifications where user_id = $1 and kind = $2', [
        seller.id,
        'ad_expiring',
      ]),
    ).toEqual([{ read_at: expect.any(Date) }]);

    // Four days before, it is too early.
    await query(`update advertisements set expires_at = now() + interval '4 days' where id = $1`, [adId]);
    expect((await act(seller, adId!, 'renew')).statusCode).toBe(409);
  });

  it('takes no body at all, or {}; anything in it is refused', async () => {
    const seller = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Bodiless kayak', status: 'expired' }]);
    const send = (payload?: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/ads/${adId}/renew`,
        headers: {
          ...writeHeaders(seller),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await send('{"lifetime_days":365}')).statusCode).toBe(400);
    expect((await statusOf(adId!)).status).toBe('expired');
    const renewed = await send();
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('refuses with the post form’s quota error when the plan is full', async () => {
    const seller = await createSeller(testApp.app);
    // The trial allows one active ad.
    const [, expired] = await insertAds(testApp, seller.id, [
      { title: 'Active one' },
      { title: 'Expired one', status: 'expired' },
    ]);
    const response = await act(seller, expired!, 'renew');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'ad_limit_reached' } });
    expect((await statusOf(expired!)).status).toBe('expired');
  });
});

describe('mark as sold', () => {
  it('takes the ad out of search and counts at once; its page says sold for 7 days, then 404', async () => {
    const seller = await createSeller(testApp.app);
    const buyer = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [
      { title: 'Soldable tandem', category: 'vehicles', featured_until: new Date(Date.now() + 3 * DAY_MS) },
    ]);
    const countBefore = await categoryCount('vehicles');
    expect(await searchIds('Soldable tandem')).toEqual([adId]);

    const response = await act(seller, adId!, 'sold');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sold', sold_at: expect.any(String) });
    expect(await searchIds('Soldable tandem')).toEqual([]);
    expect(await categoryCount('vehicles')).toBe(countBefore - 1);

    for (const headers of [{}, { cookie: buyer.cookie }]) {
      const page = await testApp.app.inject({ url: `/api/ads/${adId}`, headers });
      expect(page.statusCode).toBe(200);
      // A featured week still running does not make a sold ad look featured.
      expect(page.json()).toMatchObject({
        status: 'sold',
        sold_at: expect.any(String),
        featured: false,
        featured_until: null,
      });
    }
    expect((await testApp.app.inject(`/ad/${adId}`)).statusCode).toBe(200);
    // Nobody starts a conversation about a sold ad; it cannot be sold again.
    expect((await act(seller, adId!, 'sold')).json()).toMatchObject({ error: { code: 'ad_not_active' } });

    await query(`update advertisements set sold_at = now() - interval '7 days 1 minute' where id = $1`, [
      adId,
    ]);
    expect((await testApp.app.inject(`/api/ads/${adId}`)).statusCode).toBe(404);
    expect(
      (await testApp.app.inject({ url: `/api/ads/${adId}`, headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject(`/ad/${adId}`)).statusCode).toBe(404);
    // Its owner still has it.
    expect(
      (await testApp.app.inject({ url: `/api/ads/${adId}`, headers: { cookie: seller.cookie } })).statusCode,
    ).toBe(200);
  });

  it('frees the quota: the plan counts active ads only', async () => {
    const seller = await createSeller(testApp.app);
    const [first, second] = await insertAds(testApp, seller.id, [
      { title: 'First' },
      { title: 'Second', status: 'expired' },
    ]);
    expect((await act(seller, second!, 'renew')).statusCode).toBe(403);
    expect((await act(seller, first!, 'sold')).statusCode).toBe(200);
    expect((await act(seller, second!, 'renew')).statusCode).toBe(200);
  });
});

describe('someone else', () => {
  it('may not renew or mark sold an ad that is not theirs (403), and nothing changes', async () => {
    const seller = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    const [active, expired] = await insertAds(testApp, seller.id, [
      { title: 'Mine to sell' },
      { title: 'Mine to renew', status: 'expired' },
    ]);
    const before = [await statusOf(active!), await statusOf(expired!)];

    const sold = await act(other, active!, 'sold');
    expect(sold.statusCode).toBe(403);
    expect(sold.json()).toMatchObject({ error: { code: 'forbidden' } });
    const renewed = await act(other, expired!, 'renew');
    expect(renewed.statusCode).toBe(403);
    expect((await act(undefined, active!, 'sold')).statusCode).toBe(401);
    expect((await act(other, '00000000-0000-4000-8000-000000000000', 'sold')).statusCode).toBe(404);

    expect([await statusOf(active!), await statusOf(expired!)]).toEqual(before);
  });
});
