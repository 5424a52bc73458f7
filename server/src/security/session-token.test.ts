import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createSeller, nextRemoteAddress, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * A browser keeps its session in the httpOnly cookie, out of reach of the page's scripts:
 * no answer it gets carries the session token where a script could read it. A client that
 * is not a browser gets it in the `set-auth-token` header, to send as a bearer token.
 */

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
});
afterAll(() => testApp.close());

function signIn(headers: Record<string, string>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextRemoteAddress(),
    headers,
    payload: { email: seller.email, password: seller.password },
  });
}

describe('the session token after signing in', () => {
  it('stays in the httpOnly cookie for a browser: not in the body, not in a header', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: TEST_PUBLIC_URL },
      { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    ]) {
      const response = await signIn(headers);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user.id).toBe(seller.id);
      expect(body).not.toHaveProperty('token');
      expect(response.headers['set-auth-token']).toBeUndefined();
      expect(response.headers['access-control-expose-headers']).toBeUndefined();
      const cookie = cookieFrom(response.headers['set-cookie']);
      expect((await testApp.app.inject({ url: '/api/me', headers: { cookie } })).json().user.id).toBe(
        seller.id,
      );
    }
  });

  it('reaches a client that is not a browser only in the set-auth-token header, for bearer use', async () => {
    const response = await signIn({});
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    const token = String(response.headers['set-auth-token'] ?? '');
    expect(token).not.toBe('');
    const me = await testApp.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.id).toBe(seller.id);
  });
});
