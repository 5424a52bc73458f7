import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { cookieFrom, createSeller, nextRemoteAddress, signIn } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const SESSION_COOKIE = 'bazaar.session_token';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((candidate) => candidate.includes(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`No ${SESSION_COOKIE} in ${JSON.stringify(cookies)}`);
  return cookie;
}

function me(cookie: string) {
  return testApp.app.inject({ url: '/api/profile', headers: { cookie } });
}

function sessionTokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split(`${SESSION_COOKIE}=`)[1]?.split(';')[0] ?? '');
  return value.split('.')[0] ?? '';
}

describe('POST /api/auth/sign-in/email', () => {
  it('signs in with the right password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const seller = await createSeller(testApp.app);
    const { response, cookie } = await signIn(testApp.app, {
      email: seller.email,
      password: seller.password,
      rememberMe: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(seller.id);
    const setCookie = sessionCookieOf(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).toContain(`Max-Age=${THIRTY_DAYS_SECONDS}`);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('with Remember me unchecked, gives a cookie that ends with the browser session', async () => {
    const seller = await createSeller(testApp.app);
    const { response, cookie } = await signIn(testApp.app, {
      email: seller.email,
      password: seller.password,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(200);
    const setCookie = sessionCookieOf(response.headers['set-cookie']);
    expect(setCookie).not.toMatch(/Max-Age/i);
    expect(setCookie).not.toMatch(/Expires/i);
    const meResponse = await me(cookie);
    expect(meResponse.statusCode).toBe(200);
    // Using it does not turn it into a lasting cookie.
    expect(JSON.stringify(meResponse.headers['set-cookie'] ?? '')).not.toMatch(/Max-Age=\d{4,}/);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const seller = await createSeller(testApp.app);
    const wrongPassword = await signIn(testApp.app, { email: seller.email, password: 'not-the-password' });
    const unknownEmail = await signIn(testApp.app, {
      email: 'nobody-here@example.com',
      password: 'not-the-password',
    });
    for (const { response } of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Invalid e-mail or password.' },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a body with unknown keys or without a password', async () => {
    const seller = await createSeller(testApp.app);
    for (const payload of [
      { email: seller.email, password: seller.password, isAdmin: true },
      { email: seller.email },
      { email: seller.email, password: seller.password, callbackURL: 'https://evil.example/' },
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: nextRemoteAddress(),
        headers: { origin: TEST_PUBLIC_URL },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('refuses a sign-in posted by a page of another site', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: seller.email, password: seller.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sessions', () => {
  it('treats a tampered or made-up session cookie as no session', async () => {
    const seller = await createSeller(testApp.app);
    const value = decodeURIComponent(seller.cookie.split(`${SESSION_COOKIE}=`)[1] ?? '');
    const [token, signature = ''] = value.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`made-up-token.${signature}`)}`,
    ]) {
      const response = await me(forged);
      expect(response.statusCode, forged).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
    expect((await me(seller.cookie)).statusCode).toBe(200);
  });

  it('ends an expired session and clears its cookie', async () => {
    const seller = await createSeller(testApp.app);
    const token = sessionTokenOf(seller.cookie);
    await testApp.database.pool.query(
      "update sessions set expires_at = now() - interval '1 minute' where token = $1",
      [token],
    );
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(401);
    expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const { rowCount } = await testApp.database.pool.query('select 1 from sessions where token = $1', [
      token,
    ]);
    expect(rowCount).toBe(0);
  });

  it('extends a session in use once a day, and renews its cookie with the response', async () => {
    const seller = await createSeller(testApp.app);
    const token = sessionTokenOf(seller.cookie);
    await testApp.database.pool.query(
      "update sessions set expires_at = now() + interval '28 days' where token = $1",
      [token],
    );
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response.headers['set-cookie'])).toContain(`Max-Age=${THIRTY_DAYS_SECONDS}`);
    const { rows } = await testApp.database.pool.query<{ days: number }>(
      'select extract(epoch from expires_at - now()) / 86400 as days from sessions where token = $1',
      [token],
    );
    expect(rows[0]?.days).toBeGreaterThan(29.9);
  });

  it('answers an unchanged session without setting any cookie', async () => {
    const seller = await createSeller(testApp.app);
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/auth/sign-out', () => {
  function signOut(cookie: string, headers: Record<string, string> = { origin: TEST_PUBLIC_URL }) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, ...headers },
      payload: {},
    });
  }

  it('ends the session on the server, so the old cookie no longer works', async () => {
    const seller = await createSeller(testApp.app);
    const token = sessionTokenOf(seller.cookie);
    const response = await signOut(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const { rowCount } = await testApp.database.pool.query('select 1 from sessions where token = $1', [
      token,
    ]);
    expect(rowCount).toBe(0);
    expect((await me(seller.cookie)).statusCode).toBe(401);
  });

  it('ends only that session: the same account signed in elsewhere stays signed in', async () => {
    const seller = await createSeller(testApp.app);
    const other = await signIn(testApp.app, { email: seller.email, password: seller.password });
    await signOut(seller.cookie);
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it('refuses a sign-out posted from another site, and the session goes on', async () => {
    const seller = await createSeller(testApp.app);
    const fromOrigin = await signOut(seller.cookie, { origin: 'https://evil.example' });
    expect(fromOrigin.statusCode).toBe(403);
    expect(fromOrigin.json().error.code).toBe('cross_origin_refused');
    const fromFetchMetadata = await signOut(seller.cookie, { 'sec-fetch-site': 'cross-site' });
    expect(fromFetchMetadata.statusCode).toBe(403);
    expect((await me(seller.cookie)).statusCode).toBe(200);
  });
});

describe('the endpoints under /api/auth', () => {
  it('offers only the ones the app uses', async () => {
    const seller = await createSeller(testApp.app);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const response = await testApp.app.inject({ url, headers: { cookie: seller.cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(seller.cookie.split('=')[1]?.split('.')[0] ?? 'token');
    }
    for (const url of ['/api/auth/update-user', '/api/auth/delete-user', '/api/auth/change-email']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
        payload: { name: 'Changed', email: 'changed@example.com' },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('route_not_found');
    }
    const { rows } = await testApp.database.pool.query('select name, email from users where id = $1', [
      seller.id,
    ]);
    expect(rows[0]).toEqual({ name: 'Test Seller', email: seller.email });
  });
});

describe('behind HTTPS', () => {
  let secureApp: TestApp;
  beforeAll(async () => {
    secureApp = await createTestApp({ environment: { PUBLIC_URL: 'https://bazaar.example' } });
  });
  afterAll(() => secureApp.close());

  it('marks the session cookie Secure', async () => {
    const email = `secure-${Date.now()}@example.com`;
    const headers = { origin: 'https://bazaar.example' };
    const signUp = await secureApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { name: 'Sam', email, password: 'secret-enough' },
    });
    expect(signUp.statusCode).toBe(200);
    const response = await secureApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password: 'secret-enough' },
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.includes('session_token='));
    expect(session).toMatch(/^__Secure-bazaar\.session_token=/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/HttpOnly/);
    const meResponse = await secureApp.app.inject({
      url: '/api/me',
      headers: { cookie: cookieFrom(response.headers['set-cookie']) },
    });
    expect(meResponse.json().user.email).toBe(email);
  });

  it("marks the ad page's visitor cookie Secure, as the TLS in front of the app ends before it", async () => {
    const signUp = await secureApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://bazaar.example' },
      payload: { name: 'Sam', email: `seller-${Date.now()}@example.com`, password: 'secret-enough' },
    });
    const [adId] = await insertAds(secureApp, signUp.json().user.id, [{}]);
    const view = await secureApp.app.inject({
      method: 'POST',
      url: `/api/ads/${adId}/views`,
      headers: { origin: 'https://bazaar.example' },
    });
    expect(view.statusCode).toBe(200);
    expect(String(view.headers['set-cookie'])).toMatch(/^bazaar\.visitor=.*; Secure/);
  });
});
