import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, nextRemoteAddress, signIn } from '../../test/factories';
import { countMail, linkOf, waitForMail } from '../../test/mail';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const CONFIRM_SUBJECT = 'Confirm your e-mail address';

/** Follows a link of an e-mail the way a browser would (a GET with no Origin). */
function follow(app: TestApp, link: URL) {
  return app.app.inject({ url: link.pathname + link.search });
}

async function isVerified(app: TestApp, userId: string): Promise<boolean> {
  const { rows } = await app.database.pool.query<{ email_verified: boolean }>(
    'select email_verified from users where id = $1',
    [userId],
  );
  return rows[0]?.email_verified ?? false;
}

describe('e-mail verification', () => {
  it('confirms the address: users.email_verified, /api/me and the profile’s verified tick follow', async () => {
    const seller = await createSeller(testApp.app);
    const before = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(before.json().user.email_verified).toBe(false);

    const message = await waitForMail(testApp, seller.email, CONFIRM_SUBJECT);
    const response = await follow(testApp, linkOf(message));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/email-verified');

    expect(await isVerified(testApp, seller.id)).toBe(true);
    const after = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(after.json().user.email_verified).toBe(true);
    const profile = await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } });
    expect(profile.json().verified).toBe(true);

    // A tab still showing the reminder asks for a new link: it is told, in the app's words.
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      remoteAddress: nextRemoteAddress(),
      headers: { origin: TEST_PUBLIC_URL, cookie: seller.cookie },
      payload: { email: seller.email },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'email_already_verified',
      message: 'Your e-mail address is already confirmed.',
    });
  });

  it('sends a tampered link back with error=INVALID_TOKEN and confirms nothing', async () => {
    const seller = await createSeller(testApp.app);
    const link = linkOf(await waitForMail(testApp, seller.email, CONFIRM_SUBJECT));
    const token = link.searchParams.get('token') ?? '';
    link.searchParams.set('token', `${token.slice(0, -3)}${token.endsWith('abc') ? 'xyz' : 'abc'}`);
    const response = await follow(testApp, link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/email-verified?error=INVALID_TOKEN');
    expect(await isVerified(testApp, seller.id)).toBe(false);
  });

  it('sends an expired link back with error=TOKEN_EXPIRED and confirms nothing', async () => {
    const seller = await createSeller(testApp.app);
    const expired = await createEmailVerificationToken(TEST_AUTH_SECRET, seller.email, undefined, -60, {
      userId: seller.id,
    });
    const response = await testApp.app.inject({
      url: `/api/auth/verify-email?token=${expired}&callbackURL=%2Femail-verified`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/email-verified?error=TOKEN_EXPIRED');
    expect(await isVerified(testApp, seller.id)).toBe(false);
  });

  it("answers a link cut short (no token) in the app's words, not the library's schema path", async () => {
    const response = await testApp.app.inject({ url: '/api/auth/verify-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_failed',
      message: 'Some fields are missing or invalid.',
    });
  });

  it('sends a new link on request, and answers the same for an address it does not know', async () => {
    const seller = await createSeller(testApp.app);
    await waitForMail(testApp, seller.email, CONFIRM_SUBJECT);
    const resend = (email: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        remoteAddress: nextRemoteAddress(),
        headers: { origin: TEST_PUBLIC_URL },
        payload: { email },
      });
    const known = await resend(seller.email);
    const unknown = await resend('nobody-at-all@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => countMail(testApp, seller.email)).toBe(2);
    expect(await countMail(testApp, 'nobody-at-all@example.com')).toBe(0);

    const response = await follow(testApp, linkOf(await waitForMail(testApp, seller.email, CONFIRM_SUBJECT)));
    expect(response.headers.location).toBe('/email-verified');
    expect(await isVerified(testApp, seller.id)).toBe(true);
  });
});

describe('with AUTH_REQUIRE_EMAIL_CONFIRMATION=true', () => {
  let strictApp: TestApp;
  beforeAll(async () => {
    strictApp = await createTestApp({ environment: { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' } });
  });
  afterAll(() => strictApp.close());

  it('lets a person sign in only after confirming, and mails a fresh link when they try before', async () => {
    const email = `strict-${Date.now()}@example.com`;
    const signUp = await strictApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextRemoteAddress(),
      headers: { origin: TEST_PUBLIC_URL },
      payload: { name: 'Uma', email, password: 'secret-enough' },
    });
    expect(signUp.statusCode).toBe(200);
    await waitForMail(strictApp, email, CONFIRM_SUBJECT);

    const early = await signIn(strictApp.app, { email, password: 'secret-enough' });
    expect(early.response.statusCode).toBe(403);
    expect(early.response.json().error).toEqual({
      code: 'email_not_verified',
      message: 'Please verify your e-mail address before signing in. We have sent you a new link.',
    });
    expect(early.response.headers['set-cookie']).toBeUndefined();
    await expect.poll(() => countMail(strictApp, email)).toBe(2);

    const link = linkOf(await waitForMail(strictApp, email, CONFIRM_SUBJECT));
    expect((await follow(strictApp, link)).headers.location).toBe('/email-verified');
    const later = await signIn(strictApp.app, { email, password: 'secret-enough' });
    expect(later.response.statusCode).toBe(200);
  });

  it('still refuses a second sign-up with the same address clearly', async () => {
    const email = `strict-twice-${Date.now()}@example.com`;
    const payload = { name: 'Uma', email, password: 'secret-enough' };
    const signUp = () =>
      strictApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: nextRemoteAddress(),
        headers: { origin: TEST_PUBLIC_URL },
        payload,
      });
    expect((await signUp()).statusCode).toBe(200);
    const again = await signUp();
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('email_taken');
  });
});
