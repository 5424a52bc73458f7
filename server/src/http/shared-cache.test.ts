import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let clientDir: string;
let seller: TestSeller;
let activeAdId: string;
let hiddenAdId: string;

const PUBLIC = 'public, max-age=0, s-maxage=30';

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Bazaar</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>',
  );
  testApp = await createTestApp({ clientDir });
  seller = await createSeller(testApp.app);
  [activeAdId = '', hiddenAdId = ''] = await insertAds(testApp, seller.id, [
    { title: 'Brass telescope' },
    { title: 'Hidden lamp', status: 'hidden', hidden_reason: 'Wrong photo.' },
  ]);
});
afterAll(async () => {
  await testApp.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('public reads behind a shared cache (issue 15)', () => {
  it.each(['/api/ads?q=telescope', '/api/categories', '/api/ads/featured', `/api/sellers/{seller}`])(
    '%s: a visitor’s answer may be shared for 30 s, with an ETag',
    async (template) => {
      const response = await get(template.replace('{seller}', seller.id));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(PUBLIC);
      // CDNs alone may serve it stale for as long again while they ask the app anew.
      expect(response.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
      expect(response.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    },
  );

  it('keeps a copy per Accept-Encoding, the plain one and the compressed one alike', async () => {
    await insertAds(
      testApp,
      seller.id,
      Array.from({ length: 8 }, (_, index) => ({ title: `Compressible crate ${index}` })),
    );
    const url = '/api/ads?q=compressible'; // Long enough to be compressed.
    for (const encoding of [undefined, 'br', 'gzip']) {
      const response = await get(url, encoding ? { 'accept-encoding': encoding } : {});
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase(), encoding).toBe('accept-encoding');
    }
  });

  it('answers 304 without a body when the ETag still matches, and 200 with a new one when the ad changed', async () => {
    const url = `/api/ads/${activeAdId}`;
    const first = await get(url);
    const tag = String(first.headers.etag);
    const again = await get(url, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe(PUBLIC);
    // A list of tags, the strong form of the same tag, and `*` match too (weak comparison).
    for (const ifNoneMatch of [`W/"other", ${tag}`, tag.replace(/^W\//, ''), '*']) {
      expect((await get(url, { 'if-none-match': ifNoneMatch })).statusCode, ifNoneMatch).toBe(304);
    }
    expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    await testApp.database.pool.query(
      `update advertisements set title = 'Brass telescope, tripod' where id = $1`,
      [activeAdId],
    );
    const changed = await get(url, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Brass telescope, tripod' });
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('keeps a signed-in person’s copy private, still answering 304 to their browser', async () => {
    const url = `/api/ads/${activeAdId}`;
    const mine = await get(url, { cookie: seller.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers).not.toHaveProperty('cdn-cache-control');
    const again = await get(url, { cookie: seller.cookie, 'if-none-match': String(mine.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('never lets a cache keep a refusal or a hidden ad: no ETag, no-store', async () => {
    const refused = await get(`/api/ads/${hiddenAdId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('no-store');
    // Its owner sees it, privately.
    const owner = await get(`/api/ads/${hiddenAdId}`, { cookie: seller.cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-cache');
  });

  it('serves the ad’s page (with its head) to a shared cache too; a hidden ad’s page stays no-cache', async () => {
    const page = await get(`/ad/${activeAdId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe(PUBLIC);
    expect((await get(`/ad/${activeAdId}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(
      304,
    );
    const hidden = await get(`/ad/${hiddenAdId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/api/me',
    '/api/profile',
    '/api/conversations',
    '/api/notifications',
    '/api/me/favorites',
    '/api/saved-searches',
    '/api/subscription',
    '/api/me/ads',
  ])('%s, a person’s own read: no ETag, and no cache may keep it (no-store)', async (url) => {
    const response = await get(url, { cookie: seller.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says no-store on answers to writes and on refusals too', async () => {
    const signedOut = await get('/api/me/ads');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: seller.email, password: seller.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
