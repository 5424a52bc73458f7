import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, nextRemoteAddress, signIn } from '../../test/factories';
import { countMail, linkOf, waitForMail } from '../../test/mail';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const RESET_SUBJECT = 'Reset your Bazaar password';

function requestReset(payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: nextRemoteAddress(),
    headers: { origin: TEST_PUBLIC_URL },
    payload,
  });
}

function resetPassword(payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: nextRemoteAddress(),
    headers: { origin: TEST_PUBLIC_URL },
    payload,
  });
}

/** Requests a reset for the address and returns the token its e-mailed link carries. */
async function mailedResetToken(email: string): Promise<string> {
  expect((await requestReset({ email })).statusCode).toBe(200);
  const link = linkOf(await waitForMail(testApp, email, RESET_SUBJECT));
  const token = link.pathname.split('/').at(-1);
  if (!token) throw new Error(`No token in ${link.toString()}`);
  return token;
}

/** A route only a signed-in user may read: 401 once the session has ended. */
const me = (cookie: string) => testApp.app.inject({ url: '/api/profile', headers: { cookie } });

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and mails only a real one', async () => {
    const seller = await createSeller(testApp.app);
    const known = await requestReset({ email: seller.email.toUpperCase() });
    const unknown = await requestReset({ email: 'no-account-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const message = await waitForMail(testApp, seller.email, RESET_SUBJECT);
    expect(message.text).toContain('expires in one hour');
    expect(await countMail(testApp, 'no-account-here@example.com')).toBe(0);
  });

  it('leads from the e-mailed link to the reset page with the token', async () => {
    const seller = await createSeller(testApp.app);
    await requestReset({ email: seller.email });
    const link = linkOf(await waitForMail(testApp, seller.email, RESET_SUBJECT));
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    const token = link.pathname.split('/').at(-1);
    const response = await testApp.app.inject({ url: link.pathname + link.search });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/reset-password?token=${token}`);
  });

  it('sets the new password, retires the old one and ends every session of the account', async () => {
    const seller = await createSeller(testApp.app);
    const elsewhere = await signIn(testApp.app, { email: seller.email, password: seller.password });
    const token = await mailedResetToken(seller.email);

    const response = await resetPassword({ token, newPassword: 'brand-new-secret' });
    expect(response.statusCode).toBe(200);

    expect((await me(seller.cookie)).statusCode).toBe(401);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    const { rowCount } = await testApp.database.pool.query('select 1 from sessions where user_id = $1', [
      seller.id,
    ]);
    expect(rowCount).toBe(0);
    expect(
      (await signIn(testApp.app, { email: seller.email, password: seller.password })).response.statusCode,
    ).toBe(401);
    expect(
      (await signIn(testApp.app, { email: seller.email, password: 'brand-new-secret' })).response.statusCode,
    ).toBe(200);
  });

  it('works once: a second use of the same link is refused with invalid_token', async () => {
    const seller = await createSeller(testApp.app);
    const token = await mailedResetToken(seller.email);
    expect((await resetPassword({ token, newPassword: 'first-new-secret' })).statusCode).toBe(200);

    const again = await resetPassword({ token, newPassword: 'second-new-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: 'This link is invalid or has expired.',
    });
    const reopened = await testApp.app.inject({
      url: `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    });
    expect(reopened.headers.location).toBe(`${TEST_PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
    expect(
      (await signIn(testApp.app, { email: seller.email, password: 'first-new-secret' })).response.statusCode,
    ).toBe(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const seller = await createSeller(testApp.app);
    const token = await mailedResetToken(seller.email);
    await testApp.database.pool.query(
      "update verifications set expires_at = now() - interval '1 second' where identifier = $1",
      [`reset-password:${token}`],
    );
    const opened = await testApp.app.inject({
      url: `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    });
    expect(opened.headers.location).toBe(`${TEST_PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
    const response = await resetPassword({ token, newPassword: 'too-late-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_token');
    expect((await me(seller.cookie)).statusCode).toBe(200);
    expect(
      (await signIn(testApp.app, { email: seller.email, password: seller.password })).response.statusCode,
    ).toBe(200);
  });

  it('refuses a made-up token and a too-short new password, changing nothing', async () => {
    const seller = await createSeller(testApp.app);
    const madeUp = await resetPassword({ token: 'aaaaaaaaaaaaaaaaaaaaaaaa', newPassword: 'whatever-secret' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.code).toBe('invalid_token');

    const token = await mailedResetToken(seller.email);
    const short = await resetPassword({ token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
    // The link still works after a refused attempt.
    expect((await resetPassword({ token, newPassword: 'long-enough-now' })).statusCode).toBe(200);
  });

  it('does not let the request choose where the link leads', async () => {
    const response = await requestReset({
      email: 'someone@example.com',
      redirectTo: 'https://evil.example/steal',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('body');
  });
});
