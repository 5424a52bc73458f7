import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { giveSellerPlan, insertAds, postAd } from '../../test/ad-factories';
import { cookieFrom, createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { profiles, users } from '../db/schema';

let testApp: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A stand-in for the built client, so that /ad/:id serves a shell with a head to fill.
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Bazaar</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>',
  );
  testApp = await createTestApp({ clientDir });
});
afterAll(async () => {
  await testApp.close();
  await rm(clientDir, { recursive: true, force: true });
});

function as(seller: TestSeller | undefined, extra: Record<string, string> = {}) {
  return { ...(seller ? { cookie: seller.cookie } : {}), origin: TEST_PUBLIC_URL, ...extra };
}

async function postedAdId(seller: TestSeller, fields: Record<string, string> = {}): Promise<string> {
  const response = await postAd(testApp, seller, { fields });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function hide(adId: string) {
  await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [adId]);
}

describe('GET /api/ads/:id', () => {
  it("shows the ad with its category's name and the seller's name, member-since date and verified tick", async () => {
    const seller = await createSeller(testApp.app, { name: 'Paula Reyes' });
    await testApp.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, seller.id));
    const adId = await postedAdId(seller, { category: 'music-instruments' });
    const response = await testApp.app.inject(`/api/ads/${adId}`);
    expect(response.statusCode).toBe(200);
    const { rows } = await testApp.database.pool.query('select created_at from users where id = $1', [
      seller.id,
    ]);
    expect(response.json()).toMatchObject({
      id: adId,
      category_name: 'Music & Instruments',
      seller: {
        id: seller.id,
        name: 'Paula Reyes',
        verified: true,
        phone_visible: true,
        member_since: rows[0].created_at.toISOString(),
      },
    });
    // The detail never carries the phone number itself (see /contact). (Not just "555": a
    // random id may hold those digits.)
    expect(response.body).not.toContain('+1 555 0100');
    expect(response.body).not.toContain('"phone"');
  });

  it('answers 404 for an unknown ad and 400 for a malformed id', async () => {
    expect((await testApp.app.inject('/api/ads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await testApp.app.inject('/api/ads/not-an-id')).statusCode).toBe(400);
  });

  it('hides a hidden ad from everyone but its owner', async () => {
    const owner = await createSeller(testApp.app);
    const stranger = await createSeller(testApp.app);
    const adId = await postedAdId(owner);
    await hide(adId);
    expect((await testApp.app.inject(`/api/ads/${adId}`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: `/api/ads/${adId}`, headers: as(stranger) })).statusCode).toBe(
      404,
    );
    const own = await testApp.app.inject({ url: `/api/ads/${adId}`, headers: as(owner) });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('hidden');
  });
});

describe('GET /api/ads/:id/related', () => {
  it('lists up to four other active ads of the same category, newest first', async () => {
    const seller = await createSeller(testApp.app);
    const [main, ...others] = await insertAds(testApp, seller.id, [
      { category: 'pets', created_at: new Date('2024-01-10') },
      ...Array.from({ length: 5 }, (_, index) => ({
        category: 'pets',
        created_at: new Date(`2024-01-0${index + 1}`),
      })),
      { category: 'pets', status: 'hidden' as const, created_at: new Date('2024-02-01') },
      { category: 'jobs', created_at: new Date('2024-02-01') },
    ]);
    const response = await testApp.app.inject(`/api/ads/${main}/related`);
    expect(response.statusCode).toBe(200);
    const related = response.json().ads.map((ad: { id: string }) => ad.id);
    expect(related).toEqual(others.slice(0, 5).reverse().slice(0, 4));
    expect(related).not.toContain(main);
  });
});

describe('POST /api/ads/:id/views', () => {
  it('counts each viewer once a day, never the owner, and keeps no raw address', async () => {
    const owner = await createSeller(testApp.app);
    const viewer = await createSeller(testApp.app);
    const adId = await postedAdId(owner);
    const view = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      testApp.app.inject({ method: 'POST', url: `/api/ads/${adId}/views`, headers, remoteAddress });

    expect((await view(as(owner))).json()).toEqual({ views: 0, counted: false });
    expect((await view(as(viewer))).json()).toEqual({ views: 1, counted: true });
    expect((await view(as(viewer))).json()).toEqual({ views: 1, counted: false });
    // A visitor is known by the cookie of their first view, whatever browser they claim.
    const first = await view(as(undefined, { 'user-agent': 'Firefox' }));
    expect(first.json()).toEqual({ views: 2, counted: true });
    const visitor = as(undefined, {
      cookie: cookieFrom(first.headers['set-cookie']),
      'user-agent': 'Safari',
    });
    expect((await view(visitor)).json()).toEqual({ views: 2, counted: false });
    // Someone at another address is another viewer.
    expect((await view(as(undefined), '198.51.100.4')).json()).toEqual({ views: 3, counted: true });

    const { rows } = await testApp.database.pool.query('select viewer_key from ad_views where ad_id = $1', [
      adId,
    ]);
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
    expect((await testApp.app.inject(`/api/ads/${adId}`)).json().views).toBe(3);
  });

  it('counts concurrent views by one viewer once', async () => {
    const owner = await createSeller(testApp.app);
    const viewer = await createSeller(testApp.app);
    const adId = await postedAdId(owner);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        testApp.app.inject({ method: 'POST', url: `/api/ads/${adId}/views`, headers: as(viewer) }),
      ),
    );
    expect((await testApp.app.inject(`/api/ads/${adId}`)).json().views).toBe(1);
  });

  it('does not count views of hidden or unknown ads', async () => {
    const owner = await createSeller(testApp.app);
    const adId = await postedAdId(owner);
    await hide(adId);
    const hidden = await testApp.app.inject({
      method: 'POST',
      url: `/api/ads/${adId}/views`,
      headers: as(undefined),
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('favourites', () => {
  const favorite = (seller: TestSeller | undefined, adId: string, method: 'PUT' | 'DELETE' | 'GET') =>
    testApp.app.inject({ method, url: `/api/ads/${adId}/favorite`, headers: as(seller) });

  it('keeps likes equal to the number of users who favourited the ad, idempotently', async () => {
    const owner = await createSeller(testApp.app);
    const [first, second] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    const adId = await postedAdId(owner);

    expect((await favorite(first, adId, 'GET')).json()).toEqual({ favorited: false, likes: 0 });
    expect((await favorite(first, adId, 'PUT')).json()).toEqual({ favorited: true, likes: 1 });
    expect((await favorite(first, adId, 'PUT')).json()).toEqual({ favorited: true, likes: 1 });
    await Promise.all([favorite(second, adId, 'PUT'), favorite(second, adId, 'PUT')]);
    expect((await favorite(first, adId, 'GET')).json()).toEqual({ favorited: true, likes: 2 });
    expect((await favorite(first, adId, 'DELETE')).json()).toEqual({ favorited: false, likes: 1 });
    expect((await favorite(first, adId, 'DELETE')).json()).toEqual({ favorited: false, likes: 1 });

    const { rows } = await testApp.database.pool.query(
      `select a.likes, (select count(*)::int from favorites f where f.ad_id = a.id) as rows
       from advertisements a where a.id = $1`,
      [adId],
    );
    expect(rows[0]).toEqual({ likes: 1, rows: 1 });
  });

  it('asks anonymous visitors to sign in, refuses the owner, and hides hidden ads', async () => {
    const owner = await createSeller(testApp.app);
    const stranger = await createSeller(testApp.app);
    const adId = await postedAdId(owner);
    expect((await favorite(undefined, adId, 'PUT')).statusCode).toBe(401);
    const own = await favorite(owner, adId, 'PUT');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('own_ad_favorite');
    await hide(adId);
    expect((await favorite(stranger, adId, 'PUT')).statusCode).toBe(404);
  });
});

describe('GET /api/ads/:id/contact', () => {
  it("gives signed-in users the seller's phone, unless the seller hides it", async () => {
    const seller = await createSeller(testApp.app, { name: 'Omar Haddad', phone: '+1 555 0188' });
    const buyer = await createSeller(testApp.app);
    const adId = await postedAdId(seller);
    expect((await testApp.app.inject(`/api/ads/${adId}/contact`)).statusCode).toBe(401);
    const shown = await testApp.app.inject({ url: `/api/ads/${adId}/contact`, headers: as(buyer) });
    expect(shown.json()).toEqual({ name: 'Omar Haddad', phone: '+1 555 0188' });

    await testApp.database.db
      .update(profiles)
      .set({ settings: { showPhoneNumber: false } })
      .where(eq(profiles.id, seller.id));
    const hidden = await testApp.app.inject({ url: `/api/ads/${adId}/contact`, headers: as(buyer) });
    expect(hidden.json()).toEqual({ name: 'Omar Haddad', phone: null });
    expect((await testApp.app.inject(`/api/ads/${adId}`)).json().seller.phone_visible).toBe(false);
  });

  it("refuses one account harvesting sellers' numbers, and never the seller their own", async () => {
    const seller = await createSeller(testApp.app);
    const harvester = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{}]);
    const lookUp = (who: TestSeller) =>
      testApp.app.inject({ url: `/api/ads/${adId}/contact`, headers: as(who) });
    for (let lookup = 0; lookup < 40; lookup++) expect((await lookUp(harvester)).statusCode).toBe(200);
    const refused = await lookUp(harvester);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('contact_rate_limited');
    expect(refused.headers['retry-after']).toBe('900');
    for (let lookup = 0; lookup < 41; lookup++) expect((await lookUp(seller)).statusCode).toBe(200);
  });
});

describe('GET /ad/:id (the page)', () => {
  it("carries the ad's title, description cut to 160 characters and first photo in its head", async () => {
    const seller = await createSeller(testApp.app);
    await giveSellerPlan(testApp, seller.id, 5);
    const description = `Perfect <condition> & "ready". ${'Lots of detail. '.repeat(20)}`;
    const adId = await postedAdId(seller, { title: 'Espresso machine <3', description });
    const ad = (await testApp.app.inject(`/api/ads/${adId}`)).json();

    const page = await testApp.app.inject(`/ad/${adId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Espresso machine &#60;3 · Bazaar</title>');
    const meta = /<meta name="description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
    const decoded = meta.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
    expect(decoded.length).toBeLessThanOrEqual(160);
    expect(decoded.startsWith('Perfect <condition> & "ready". Lots of detail.')).toBe(true);
    expect(page.body).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}${ad.images[0].url}" />`,
    );
    expect(page.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${ad.images[0].url}" />`,
    );
    expect(page.body).not.toContain('<script>');
  });

  it('serves the plain shell with 404 for an unknown, malformed or hidden ad', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await postedAdId(seller);
    await hide(adId);
    for (const url of ['/ad/00000000-0000-4000-8000-000000000000', '/ad/whatever', `/ad/${adId}`]) {
      const page = await testApp.app.inject(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('og:image');
    }
    // Its owner still gets the page.
    expect((await testApp.app.inject({ url: `/ad/${adId}`, headers: as(seller) })).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('documents the ad endpoints in /api/openapi.json', async () => {
    const response = await testApp.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/ads', '/api/ads/{id}', '/api/ads/{id}/favorite', '/api/me/ads']),
    );
    expect(paths['/api/ads'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining([
        'q',
        'category',
        'minPrice',
        'maxPrice',
        'location',
        'sort',
        'cursor',
        'limit',
      ]),
    );
  });
});
