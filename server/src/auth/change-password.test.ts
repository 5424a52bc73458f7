import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createSeller, nextRemoteAddress, signIn, type TestSeller } from '../../test/factories';
import { countMail, linkOf, waitForMail } from '../../test/mail';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const CHANGED_SUBJECT = 'Your Bazaar password was changed';

function changePassword(
  cookie: string | undefined,
  payload: Record<string, unknown>,
  remoteAddress = nextRemoteAddress(),
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** A route only a signed-in user may read: 401 once the session has ended. */
const profileStatus = async (cookie: string) =>
  (await testApp.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode;

const signInStatus = async (seller: TestSeller, password: string) =>
  (await signIn(testApp.app, { email: seller.email, password })).response.statusCode;

describe('changing one’s password while signed in', () => {
  it('sets the new password, keeps this session, ends the others and tells the address', async () => {
    const seller = await createSeller(testApp.app);
    const elsewhere = await signIn(testApp.app, { email: seller.email, password: seller.password });

    const response = await changePassword(seller.cookie, {
      currentPassword: seller.password,
      newPassword: 'a-new-long-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    // This browser goes on with the session the answer sets; the other device is signed out.
    const renewed = cookieFrom(response.headers['set-cookie']);
    expect(renewed).toContain('session_token');
    expect(await profileStatus(renewed)).toBe(200);
    expect(await profileStatus(elsewhere.cookie)).toBe(401);
    // A request this browser sent with its old cookie, answered now, leaves the new cookie be.
    const late = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toBeNull();
    expect(late.headers['set-cookie']).toBeUndefined();

    expect(await signInStatus(seller, seller.password)).toBe(401);
    expect(await signInStatus(seller, 'a-new-long-secret')).toBe(200);

    const notice = await waitForMail(testApp, seller.email, CHANGED_SUBJECT);
    expect(notice.text).toContain('every other device signed in to it was signed out');
    expect(linkOf(notice).toString()).toBe(`${TEST_PUBLIC_URL}/forgot-password`);
  });

  it('refuses a wrong current password, a short new one, a stranger and unknown fields, changing nothing', async () => {
    const seller = await createSeller(testApp.app);

    const wrong = await changePassword(seller.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-long-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'validation_failed', message: 'Your current password is not right.' },
    });

    const short = await changePassword(seller.cookie, {
      currentPassword: seller.password,
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');

    const extra = await changePassword(seller.cookie, {
      currentPassword: seller.password,
      newPassword: 'a-new-long-secret',
      revokeOtherSessions: false,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('validation_failed');

    const stranger = await changePassword(undefined, {
      currentPassword: seller.password,
      newPassword: 'a-new-long-secret',
    });
    expect(stranger.statusCode).toBe(401);

    expect(await signInStatus(seller, seller.password)).toBe(200);
    expect(await profileStatus(seller.cookie)).toBe(200);
    expect(await countMail(testApp, seller.email)).toBe(1); // The sign-up's confirmation only.
  });

  it('limits the tries at the current password', async () => {
    const seller = await createSeller(testApp.app);
    const address = nextRemoteAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await changePassword(
        seller.cookie,
        { currentPassword: `guess-${attempt}`, newPassword: 'a-new-long-secret' },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
