import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createSeller, nextRemoteAddress, type TestSeller } from '../../test/factories';
import { routeCollector } from '../../test/routes';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { PAYMENT_WEBHOOK_PREFIX } from '../payments/webhook-routes';

/**
 * Credentials that are not a live session of this server (forged, tampered, expired,
 * revoked), as a cookie or as a bearer token, are no session: 401. A state-changing request
 * a page of another site makes is refused with 403 on every route, before it runs.
 */

let testApp: TestApp;
const collector = routeCollector();

beforeAll(async () => {
  testApp = await createTestApp({ onRoute: collector.onRoute });
});
afterAll(() => testApp.close());

const SESSION_COOKIE = 'bazaar.session_token';

/**
 * A seller with a fresh session, as a cookie value and as the bearer token sign-in hands a
 * client that is not a browser (no Origin).
 */
async function sessionOf(seller: TestSeller) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextRemoteAddress(),
    payload: { email: seller.email, password: seller.password },
  });
  const cookie = cookieFrom(response.headers['set-cookie']);
  const bearer = String(response.headers['set-auth-token'] ?? '');
  expect(bearer).not.toBe('');
  const signed = decodeURIComponent(cookie.split(`${SESSION_COOKIE}=`)[1] ?? '');
  const [token = '', signature = ''] = signed.split('.');
  return { cookie, bearer, token, signature };
}

type Credential = { cookie: string } | { bearer: string };

/** A route only a signed-in user may read. */
function askMe(credential: Credential) {
  return testApp.app.inject({
    url: '/api/profile',
    headers:
      'cookie' in credential
        ? { cookie: credential.cookie }
        : { authorization: `Bearer ${credential.bearer}` },
  });
}

const asCookie = (value: string): Credential => ({
  cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
});
const asBearer = (value: string): Credential => ({ bearer: value });
const flip = (text: string) => (text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`);

describe('credentials that are not a live session', () => {
  it.each([
    ['cookie', asCookie],
    ['bearer token', asBearer],
  ] as const)('refuses a forged, tampered, expired or revoked %s with 401', async (_kind, as) => {
    const seller = await createSeller(testApp.app);
    const live = await sessionOf(seller);
    expect((await askMe(as(`${live.token}.${live.signature}`))).statusCode).toBe(200);

    const forged = [
      `${live.token}.${flip(live.signature)}`,
      `${flip(live.token)}.${live.signature}`,
      live.token,
      `made-up-token.${live.signature}`,
      'x'.repeat(4000),
      '',
    ];
    for (const value of forged) {
      const response = await askMe(as(value));
      expect(response.statusCode, value.slice(0, 40)).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }

    const expired = await sessionOf(seller);
    await testApp.database.pool.query(
      "update sessions set expires_at = now() - interval '1 second' where token = $1",
      [expired.token],
    );
    expect((await askMe(as(`${expired.token}.${expired.signature}`))).statusCode).toBe(401);

    const revoked = await sessionOf(seller);
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: revoked.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await askMe(as(`${revoked.token}.${revoked.signature}`))).statusCode).toBe(401);

    // Another user's signature does not sign this user's token.
    const stranger = await sessionOf(await createSeller(testApp.app));
    expect((await askMe(as(`${live.token}.${stranger.signature}`))).statusCode).toBe(401);
  });

  it('refuses malformed Authorization and Cookie headers with 401, never a 500', async () => {
    const malformed = [
      ...['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b c', 'Bearer \u0000'].map(
        (authorization) => ({ authorization }),
      ),
      ...[`${SESSION_COOKIE}=\u0000`, `${SESSION_COOKIE}=%00.%00`, `${SESSION_COOKIE}=%E0%A4%A`].map(
        (cookie) => ({ cookie }),
      ),
    ];
    for (const headers of malformed) {
      const response = await testApp.app.inject({ url: '/api/profile', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(
        (await testApp.app.inject({ url: '/api/me', headers })).json(),
        JSON.stringify(headers),
      ).toBeNull();
      const signOut = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { ...headers, origin: TEST_PUBLIC_URL },
      });
      expect(signOut.statusCode, JSON.stringify(headers)).toBeLessThan(500);
    }
  });
});

describe('requests from pages of other sites', () => {
  it('takes a write from a page of the address the request was sent to, and from PUBLIC_URL only besides', async () => {
    const seller = await createSeller(testApp.app);
    const rename = (host: string, origin: string, name: string) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { host, origin, cookie: seller.cookie, 'content-type': 'application/json' },
        payload: { name },
      });
    const publicHost = new URL(TEST_PUBLIC_URL).host;
    // The same server opened at 127.0.0.1 (or a LAN address) while PUBLIC_URL says localhost.
    expect((await rename('127.0.0.1:3000', 'http://127.0.0.1:3000', 'At 127.0.0.1')).statusCode).toBe(200);
    expect((await rename('127.0.0.1:3000', TEST_PUBLIC_URL, 'From PUBLIC_URL')).statusCode).toBe(200);
    for (const [host, origin] of [
      [publicHost, 'http://127.0.0.1:3000'],
      ['127.0.0.1:3000', 'http://127.0.0.1:4000'],
      ['127.0.0.1:3000', 'https://127.0.0.1:3000'],
      ['127.0.0.1:3000', 'http://127.0.0.1:3000.evil.example'],
      ['127.0.0.1:3000', 'null'],
    ] as const) {
      const response = await rename(host, origin, 'Forged');
      expect({ host, origin, status: response.statusCode }).toEqual({ host, origin, status: 403 });
    }
    const profile = await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } });
    expect(profile.json().name).toBe('From PUBLIC_URL');
  });

  const stateChanging = () =>
    collector
      .routes()
      .filter((route) => !/^(GET|HEAD|OPTIONS) /.test(route))
      .map((route) => route.split(' ') as [string, string])
      .filter(([, url]) => url.startsWith('/api/') && !url.startsWith(PAYMENT_WEBHOOK_PREFIX));

  it('refuses every state-changing API request with 403 before it runs, even with a valid session', async () => {
    const seller = await createSeller(testApp.app);
    const routes = stateChanging();
    expect(routes.length).toBeGreaterThan(10);
    const before = await testApp.database.pool.query('select * from profiles where id = $1', [seller.id]);
    for (const [method, url] of routes) {
      const concrete = url.replace(':id', '00000000-0000-4000-8000-000000000000').replace('*', 'sign-out');
      // The last: the session cookie from something that does not say where it sends from.
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}]) {
        const response = await testApp.app.inject({
          method: method as 'POST',
          url: concrete,
          headers: { ...headers, cookie: seller.cookie, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect({ route: `${method} ${concrete}`, status: response.statusCode }).toEqual({
          route: `${method} ${concrete}`,
          status: 403,
        });
        expect(response.json().error.code).toBe('cross_origin_refused');
      }
    }
    const after = await testApp.database.pool.query('select * from profiles where id = $1', [seller.id]);
    expect(after.rows).toEqual(before.rows);
    expect((await askMe({ cookie: seller.cookie })).statusCode).toBe(200);
  });

  it('takes a write without Origin or Sec-Fetch-Site from a bearer client, never with the session cookie', async () => {
    const seller = await createSeller(testApp.app);
    const rename = (headers: Record<string, string>) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { name: 'Renamed' },
      });
    const byCookie = await rename({ cookie: seller.cookie });
    expect(byCookie.statusCode).toBe(403);
    expect(byCookie.json().error.code).toBe('cross_origin_refused');
    const token = decodeURIComponent(seller.cookie.split(`${SESSION_COOKIE}=`)[1] ?? '');
    expect((await rename({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // A same-origin browser request that sends Sec-Fetch-Site but no Origin is a browser's.
    expect((await rename({ cookie: seller.cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
