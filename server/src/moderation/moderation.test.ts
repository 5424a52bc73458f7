import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, insertAds, postAd } from '../../test/ad-factories';
import { createSeller, signIn, type TestSeller } from '../../test/factories';
import { confirmAddress } from '../../test/mail';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { flagAd } from './flags';
import { AD_REPORTS_PER_HOUR } from './reports';

let testApp: TestApp;
let admin: TestSeller;
let moderator: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp({ environment: { ADMIN_EMAILS: 'chief@example.com' } });
  admin = await createSeller(testApp.app, { email: 'chief@example.com', name: 'Chief Admin' });
  await confirmAddress(testApp, admin.email);
  moderator = await createSeller(testApp.app, { name: 'Mo Derator' });
  await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
});
afterAll(() => testApp.close());

function call(who: TestSeller | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: TEST_PUBLIC_URL, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
}

async function sellerWithAd(fields: Record<string, string> = {}) {
  const seller = await createSeller(testApp.app, { name: 'Sam Seller' });
  await giveSellerPlan(testApp, seller.id, 20);
  const response = await postAd(testApp, seller, { fields: { title: 'Vintage camera, works', ...fields } });
  expect(response.statusCode, response.body).toBe(201);
  return { seller, adId: response.json<{ id: string }>().id };
}

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await testApp.database.pool.query(text, values)).rows as Row[];
}

describe('reporting an ad', () => {
  it('records a report with its reason and details, and puts the ad in the queue', async () => {
    const { adId } = await sellerWithAd();
    const reporter = await createSeller(testApp.app);
    const response = await call(reporter, 'POST', `/api/ads/${adId}/reports`, {
      reason: 'scam',
      details: 'Asks for payment by gift card.',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await query<{ reason: string; details: string; reporter_id: string }>(
      'select reason, details, reporter_id from ad_reports where id = $1',
      [response.json().id],
    );
    expect(row).toEqual({
      reason: 'scam',
      details: 'Asks for payment by gift card.',
      reporter_id: reporter.id,
    });
  });

  it('refuses a second open report by the same person with 409, and takes one again once staff decided', async () => {
    const { seller, adId } = await sellerWithAd();
    const reporter = await createSeller(testApp.app);
    const mine = async (who: TestSeller | null) => call(who, 'GET', `/api/ads/${adId}/reports/mine`);
    expect((await mine(reporter)).json()).toEqual({ open: false });
    expect(
      (await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'duplicate' })).statusCode,
    ).toBe(201);
    // The dialog asks first, so the person is told before filling the form in again.
    expect((await mine(reporter)).json()).toEqual({ open: true });
    const second = await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'other' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('report_already_open');
    expect(await query('select 1 from ad_reports where ad_id = $1', [adId])).toHaveLength(1);
    // Asked as reporting is: not the owner's question, nor a visitor's.
    expect((await mine(seller)).statusCode).toBe(403);
    expect((await mine(null)).statusCode).toBe(401);

    expect((await call(moderator, 'POST', `/api/admin/ads/${adId}/dismiss`)).statusCode).toBe(200);
    expect((await mine(reporter)).json()).toEqual({ open: false });
    expect((await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'other' })).statusCode).toBe(
      201,
    );
  });

  it("refuses the owner's report of their own ad (403), a visitor's (401), and a hidden ad's (404)", async () => {
    const { seller, adId } = await sellerWithAd();
    const own = await call(seller, 'POST', `/api/ads/${adId}/reports`, { reason: 'scam' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('own_ad_report');
    expect((await call(null, 'POST', `/api/ads/${adId}/reports`, { reason: 'scam' })).statusCode).toBe(401);
    await call(moderator, 'POST', `/api/admin/ads/${adId}/hide`, { reason: 'Prohibited item' });
    const reporter = await createSeller(testApp.app);
    expect((await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'scam' })).statusCode).toBe(
      404,
    );
    expect(await query('select 1 from ad_reports where ad_id = $1', [adId])).toHaveLength(0);
  });

  it('checks reasons and the length of details', async () => {
    const { adId } = await sellerWithAd();
    const reporter = await createSeller(testApp.app);
    const wrongReason = await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'boring' });
    expect(wrongReason.statusCode).toBe(400);
    const tooLong = await call(reporter, 'POST', `/api/ads/${adId}/reports`, {
      reason: 'other',
      details: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it(`lets one person report at most ${AD_REPORTS_PER_HOUR} ads an hour (429)`, async () => {
    const { seller } = await sellerWithAd();
    const ids = await insertAds(
      testApp,
      seller.id,
      Array.from({ length: AD_REPORTS_PER_HOUR + 1 }, (_, index) => ({ title: `Ad ${index}` })),
    );
    const reporter = await createSeller(testApp.app);
    for (const id of ids.slice(0, AD_REPORTS_PER_HOUR)) {
      expect((await call(reporter, 'POST', `/api/ads/${id}/reports`, { reason: 'other' })).statusCode).toBe(
        201,
      );
    }
    const refused = await call(reporter, 'POST', `/api/ads/${ids.at(-1)}/reports`, { reason: 'other' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('report_rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});

describe('the queue', () => {
  it('lists reported and flagged ads, most reported first, with reasons, details, flags and seller history', async () => {
    const once = await sellerWithAd({ title: 'Reported once' });
    const twice = await sellerWithAd({ title: 'Reported twice' });
    const flagged = await sellerWithAd({ title: 'Flagged only' });
    const [alice, bob] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    await call(alice, 'POST', `/api/ads/${once.adId}/reports`, { reason: 'offensive' });
    await call(alice, 'POST', `/api/ads/${twice.adId}/reports`, { reason: 'scam', details: 'Fake photos' });
    await call(bob, 'POST', `/api/ads/${twice.adId}/reports`, { reason: 'scam' });
    await testApp.database.db.transaction(async (tx) => {
      expect(await flagAd(tx, { adId: flagged.adId, kind: 'blocked_term', detail: 'replica' })).toBe(true);
      expect(await flagAd(tx, { adId: flagged.adId, kind: 'blocked_term', detail: 'replica' })).toBe(false);
      await flagAd(tx, { adId: flagged.adId, kind: 'reused_photo', detail: once.adId });
    });

    const response = await call(moderator, 'GET', '/api/admin/queue?limit=50');
    expect(response.statusCode).toBe(200);
    const items = response.json().items as {
      ad: { id: string; title: string; image_url: string | null };
      report_count: number;
      reasons: unknown[];
      flags: unknown[];
      seller: Record<string, unknown>;
    }[];
    const ours = items.filter((item) => [once.adId, twice.adId, flagged.adId].includes(item.ad.id));
    expect(ours.map((item) => item.ad.title)).toEqual(['Reported twice', 'Reported once', 'Flagged only']);
    const counts = items.map((item) => item.report_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(ours[0]).toMatchObject({
      report_count: 2,
      reasons: [{ reason: 'scam', count: 2, details: ['Fake photos'] }],
      flags: [],
      seller: { id: twice.seller.id, name: 'Sam Seller', ad_count: 1, report_count: 2, suspended: false },
    });
    expect(ours[0]!.ad.image_url).toMatch(/^\/media\/ads\//);
    expect(ours[2]!.flags).toEqual([
      expect.objectContaining({ kind: 'blocked_term', term: 'replica' }),
      expect.objectContaining({ kind: 'reused_photo', matching_ad_id: once.adId }),
    ]);
  });

  it('pages through with a cursor without repeating an ad', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await call(
        moderator,
        'GET',
        `/api/admin/queue?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<{ items: { ad: { id: string } }[]; next_cursor: string | null }>();
      for (const item of body.items) {
        expect(seen.has(item.ad.id)).toBe(false);
        seen.add(item.ad.id);
      }
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen.size).toBeGreaterThan(2);
  });
});

describe('hiding an ad', () => {
  it('takes it out of public view: 404, search, category count, related; the owner sees the reason', async () => {
    const { seller, adId } = await sellerWithAd({
      title: 'Designer watch zebrafinch',
      category: 'fashion',
    });
    const neighbour = (await postAd(testApp, seller, { fields: { category: 'fashion' } })).json<{
      id: string;
    }>().id;
    await call(moderator, 'POST', `/api/admin/ads/${adId}/feature`);
    const idsOf = (response: { json: () => { ads: { id: string }[] } }) =>
      response.json().ads.map((ad) => ad.id);
    expect(idsOf(await call(null, 'GET', `/api/ads/${neighbour}/related`))).toContain(adId);
    expect(idsOf(await call(null, 'GET', '/api/ads/featured'))).toContain(adId);
    const reporter = await createSeller(testApp.app);
    await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'prohibited' });
    const countOf = async () =>
      (await query<{ active_ads: number }>(`select active_ads from categories where id = 'fashion'`))[0]!
        .active_ads;
    const before = await countOf();
    const { body: adBefore } = await call(null, 'GET', `/api/ads/${adId}`);
    const imageUrl = JSON.parse(adBefore).images[0].url as string;
    expect((await call(null, 'GET', imageUrl)).statusCode).toBe(200);

    const hidden = await call(moderator, 'POST', `/api/admin/ads/${adId}/hide`, {
      reason: 'Counterfeit goods',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().ad).toMatchObject({
      status: 'hidden',
      hidden_reason: 'Counterfeit goods',
      open_reports: 0,
    });

    expect((await call(null, 'GET', `/api/ads/${adId}`)).statusCode).toBe(404);
    expect((await call(reporter, 'GET', `/api/ads/${adId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/ad/${adId}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `/api/ads/${adId}`)).statusCode).toBe(200);
    expect((await call(moderator, 'GET', `/api/ads/${adId}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', imageUrl)).statusCode).toBe(404);
    expect((await call(reporter, 'GET', imageUrl)).statusCode).toBe(404);
    expect((await call(seller, 'GET', imageUrl)).statusCode).toBe(200);
    expect((await call(moderator, 'GET', imageUrl)).statusCode).toBe(200);
    const search = await call(null, 'GET', '/api/ads?q=zebrafinch');
    expect(search.json().ads).toEqual([]);
    expect(idsOf(await call(null, 'GET', '/api/ads?category=fashion'))).not.toContain(adId);
    expect(idsOf(await call(null, 'GET', `/api/ads/${neighbour}/related`))).not.toContain(adId);
    expect(idsOf(await call(null, 'GET', '/api/ads/featured'))).not.toContain(adId);
    expect(await countOf()).toBe(before - 1);

    const mine = await call(seller, 'GET', '/api/me/ads');
    expect(mine.json().ads.find((ad: { id: string }) => ad.id === adId)).toMatchObject({
      status: 'hidden',
      moderation: { hidden_reason: 'Counterfeit goods', review_requested: false },
    });
    const [notification] = await query<{ kind: string; title: string }>(
      'select kind, title from notifications where user_id = $1 order by created_at desc limit 1',
      [seller.id],
    );
    expect(notification).toMatchObject({
      kind: 'ad_hidden',
      title: expect.stringContaining('Counterfeit goods'),
    });
  });

  it('lets the owner ask for a review, which puts it in the queue; restoring makes it public again', async () => {
    const { seller, adId } = await sellerWithAd();
    await call(moderator, 'POST', `/api/admin/ads/${adId}/hide`, { reason: 'Wrong photos' });
    const other = await createSeller(testApp.app);
    expect((await call(other, 'POST', `/api/ads/${adId}/review-request`)).statusCode).toBe(403);
    const asked = await call(seller, 'POST', `/api/ads/${adId}/review-request`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ moderation: { hidden_reason: 'Wrong photos', review_requested: true } });
    const queue = await call(moderator, 'GET', '/api/admin/queue?limit=50');
    expect(queue.json().items.find((item: { ad: { id: string } }) => item.ad.id === adId)).toMatchObject({
      review_requested: true,
      ad: { status: 'hidden', hidden_reason: 'Wrong photos' },
    });

    const restored = await call(admin, 'POST', `/api/admin/ads/${adId}/restore`);
    expect(restored.json().ad).toMatchObject({
      status: 'active',
      hidden_reason: null,
      review_requested: false,
    });
    expect((await call(null, 'GET', `/api/ads/${adId}`)).statusCode).toBe(200);
    const mine = await call(seller, 'GET', '/api/me/ads');
    expect(mine.json().ads[0]).toMatchObject({ status: 'active', moderation: null });
    const kinds = await query<{ kind: string }>('select kind from notifications where user_id = $1', [
      seller.id,
    ]);
    expect(kinds.map((row) => row.kind).sort()).toEqual(['ad_hidden', 'ad_restored']);
    // An active ad has nothing to review.
    expect((await call(seller, 'POST', `/api/ads/${adId}/review-request`)).statusCode).toBe(403);
  });

  it('approves a pending ad with restore; a pending ad is not public', async () => {
    const { seller, adId } = await sellerWithAd();
    await query(`update advertisements set status = 'pending' where id = $1`, [adId]);
    expect((await call(null, 'GET', `/api/ads/${adId}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', '/api/me/ads')).json().ads[0].moderation).toEqual({
      hidden_reason: null,
      review_requested: false,
    });
    await call(moderator, 'POST', `/api/admin/ads/${adId}/restore`);
    expect((await call(null, 'GET', `/api/ads/${adId}`)).statusCode).toBe(200);
    const kinds = await query<{ kind: string }>('select kind from notifications where user_id = $1', [
      seller.id,
    ]);
    expect(kinds.map((row) => row.kind)).toEqual(['ad_approved']);
  });
});

describe('featuring from the console', () => {
  it('features an active ad for a week and unfeatures it; each is audited', async () => {
    const { adId } = await sellerWithAd();
    const featured = await call(moderator, 'POST', `/api/admin/ads/${adId}/feature`);
    expect(featured.statusCode).toBe(200);
    expect(featured.json().ad.featured).toBe(true);
    expect((await call(null, 'GET', `/api/ads/${adId}`)).json().featured).toBe(true);
    const unfeatured = await call(moderator, 'POST', `/api/admin/ads/${adId}/unfeature`);
    expect(unfeatured.json().ad).toMatchObject({ featured: false, featured_until: null });
    const actions = await query<{ action: string }>(
      `select action from audit_log where target_id = $1 order by created_at`,
      [adId],
    );
    expect(actions.map((row) => row.action)).toEqual(['ad_featured', 'ad_unfeatured']);
  });
});

describe('suspending an account', () => {
  it('ends its sessions, takes its ads out of search, refuses sign-in; restoring brings it all back', async () => {
    const { seller, adId } = await sellerWithAd({ title: 'Quetzalcoatl lamp' });
    const suspended = await call(moderator, 'POST', `/api/admin/users/${seller.id}/suspend`, {
      reason: 'Repeated scams',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().user).toMatchObject({ id: seller.id, suspended_reason: 'Repeated scams' });
    expect(await query('select 1 from sessions where user_id = $1', [seller.id])).toHaveLength(0);
    expect((await call(seller, 'GET', '/api/me')).json()).toBeNull();
    expect((await call(null, 'GET', '/api/ads?q=quetzalcoatl')).json().ads).toEqual([]);
    expect((await call(null, 'GET', `/api/ads/${adId}`)).statusCode).toBe(404);
    const { response } = await signIn(testApp.app, { email: seller.email, password: seller.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'account_suspended',
      message: expect.stringMatching(/suspended/),
    });
    const [notification] = await query<{ kind: string }>(
      'select kind from notifications where user_id = $1',
      [seller.id],
    );
    expect(notification?.kind).toBe('account_suspended');
    // One ad at a time cannot bring a suspended seller's ads back.
    const one = await call(moderator, 'POST', `/api/admin/ads/${adId}/restore`);
    expect(one.statusCode).toBe(409);

    expect((await call(moderator, 'POST', `/api/admin/users/${seller.id}/restore`)).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/ads?q=quetzalcoatl')).json().ads).toHaveLength(1);
    const again = await signIn(testApp.app, { email: seller.email, password: seller.password });
    expect(again.response.statusCode).toBe(200);
  });

  it('leaves an ad staff hid hidden when the account is restored', async () => {
    const { seller, adId } = await sellerWithAd();
    await call(moderator, 'POST', `/api/admin/ads/${adId}/hide`, { reason: 'Scam' });
    await call(moderator, 'POST', `/api/admin/users/${seller.id}/suspend`, { reason: 'Scam' });
    await call(moderator, 'POST', `/api/admin/users/${seller.id}/restore`);
    const [ad] = await query<{ status: string }>('select status from advertisements where id = $1', [adId]);
    expect(ad?.status).toBe('hidden');
  });

  it('lets moderators suspend users only; admins also moderators; nobody an admin or themselves', async () => {
    const otherModerator = await createSeller(testApp.app);
    await query(`update users set role = 'moderator' where id = $1`, [otherModerator.id]);
    const cases: [TestSeller, string, number][] = [
      [moderator, otherModerator.id, 403],
      [moderator, admin.id, 403],
      [moderator, moderator.id, 403],
      [admin, admin.id, 403],
      [admin, otherModerator.id, 200],
    ];
    for (const [actor, target, status] of cases) {
      const response = await call(actor, 'POST', `/api/admin/users/${target}/suspend`, { reason: 'Test' });
      expect({ actor: actor.id, target, status: response.statusCode }).toEqual({
        actor: actor.id,
        target,
        status,
      });
    }
  });
});

describe('refusing non-staff', () => {
  it('refuses before looking at the request: a bad body or query is still 401/403, not 400', async () => {
    const person = await createSeller(testApp.app);
    const badHide = await call(person, 'POST', '/api/admin/ads/not-an-id/hide', { reason: '' });
    expect(badHide.statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/users?limit=9999')).statusCode).toBe(401);
    expect((await call(person, 'GET', '/api/admin/audit?cursor=%%%')).statusCode).toBe(403);
    expect(
      (await call(moderator, 'PUT', `/api/admin/users/${person.id}/role`, { role: 'moderator' })).statusCode,
    ).toBe(403);
  });
});

describe('roles', () => {
  it('lets an admin grant and take back the moderator role, audited; the new moderator opens the console', async () => {
    const person = await createSeller(testApp.app, { name: 'New Mod' });
    expect((await call(person, 'GET', '/api/admin/queue')).statusCode).toBe(403);
    const granted = await call(admin, 'PUT', `/api/admin/users/${person.id}/role`, { role: 'moderator' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user.role).toBe('moderator');
    expect((await call(person, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    expect((await call(person, 'GET', '/api/me')).json().user.role).toBe('moderator');
    await call(admin, 'PUT', `/api/admin/users/${person.id}/role`, { role: 'user' });
    expect((await call(person, 'GET', '/api/admin/queue')).statusCode).toBe(403);
    const audit = await query<{ action: string; reason: string; actor_id: string }>(
      'select action, reason, actor_id from audit_log where target_id = $1 order by created_at',
      [person.id],
    );
    expect(audit).toEqual([
      { action: 'role_changed', reason: 'user → moderator', actor_id: admin.id },
      { action: 'role_changed', reason: 'moderator → user', actor_id: admin.id },
    ]);
  });

  it('does not let anyone make an admin through the API', async () => {
    const person = await createSeller(testApp.app);
    const response = await call(admin, 'PUT', `/api/admin/users/${person.id}/role`, { role: 'admin' });
    expect(response.statusCode).toBe(400);
  });
});

describe('users and the audit log in the console', () => {
  it('finds people by e-mail or name, with their ads and the reports about them', async () => {
    const { seller, adId } = await sellerWithAd();
    await testApp.database.pool.query(`update users set name = 'Zebediah Quill' where id = $1`, [seller.id]);
    const reporter = await createSeller(testApp.app);
    await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'wrong_category' });
    const byName = await call(moderator, 'GET', '/api/admin/users?q=zebediah');
    expect(byName.json().items.map((user: { id: string }) => user.id)).toEqual([seller.id]);
    const byEmail = await call(
      moderator,
      'GET',
      `/api/admin/users?q=${encodeURIComponent(seller.email.toUpperCase())}`,
    );
    expect(byEmail.json().items).toMatchObject([
      { id: seller.id, ad_count: 1, report_count: 1, role: 'user' },
    ]);
    const detail = await call(moderator, 'GET', `/api/admin/users/${seller.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      user: { id: seller.id },
      ads: [{ id: adId, open_reports: 1 }],
      reports: [{ ad_id: adId, reason: 'wrong_category', resolved_at: null }],
    });
    expect(
      (await call(moderator, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('writes who, what, on what and why for every staff action, and finds entries by any of them', async () => {
    const { adId } = await sellerWithAd({ title: 'Xylophone for kids' });
    await call(moderator, 'POST', `/api/admin/ads/${adId}/hide`, { reason: 'Pyramid scheme flyer' });
    await call(moderator, 'POST', `/api/admin/ads/${adId}/dismiss`);
    const byReason = await call(admin, 'GET', '/api/admin/audit?q=pyramid%20SCHEME');
    expect(byReason.json().items).toEqual([
      expect.objectContaining({
        action: 'ad_hidden',
        target_type: 'ad',
        target_id: adId,
        target_label: 'Xylophone for kids',
        reason: 'Pyramid scheme flyer',
        actor: { id: moderator.id, name: 'Mo Derator', email: moderator.email },
      }),
    ]);
    const byTarget = await call(admin, 'GET', '/api/admin/audit?q=xylophone');
    expect(byTarget.json().items.map((item: { action: string }) => item.action)).toEqual([
      'ad_dismissed',
      'ad_hidden',
    ]);
    const byLabel = await call(admin, 'GET', '/api/admin/audit?q=hid%20ad');
    expect(byLabel.json().items.map((item: { target_id: string }) => item.target_id)).toContain(adId);
    const byActor = await call(admin, 'GET', '/api/admin/audit?q=mo%20derator&limit=1');
    expect(byActor.json().items).toHaveLength(1);
    expect(byActor.json().next_cursor).toEqual(expect.any(String));
  });
});
