import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRemoteAddress, signIn } from '../../test/factories';
import { waitForMail } from '../../test/mail';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function uniqueEmail(): string {
  return `new-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

function signUp(payload: Record<string, unknown>, remoteAddress = nextRemoteAddress()) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL },
    payload,
  });
}

const form = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Nora Quinn',
  email,
  password: 'secret-enough',
  phone: '+1 555 0101',
  location: 'Denver, CO',
  ...extra,
});

async function countUsersWithEmail(email: string): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: number }>(
    'select count(*)::int as count from users where lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.count ?? 0;
}

describe('POST /api/auth/sign-up/email', () => {
  it('creates the account and its trial profile in one go, without signing in', async () => {
    const email = uniqueEmail();
    const response = await signUp(form(email, { name: '  Nora Quinn ', location: ' Denver, CO ' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('token');
    expect(body.user.email).toBe(email);
    expect(response.headers['set-cookie']).toBeUndefined();

    const { rows } = await testApp.database.pool.query(
      `select p.name, p.phone, p.location, p.subscription_status, p.subscription_plan, p.max_ads,
              extract(epoch from p.trial_end_date - u.created_at)::int as trial_seconds, u.email_verified
         from profiles p join users u on u.id = p.id where u.id = $1`,
      [body.user.id],
    );
    expect(rows).toEqual([
      {
        name: 'Nora Quinn',
        phone: '+1 555 0101',
        location: 'Denver, CO',
        subscription_status: 'trial',
        subscription_plan: null,
        max_ads: 1,
        trial_seconds: 14 * 24 * 60 * 60,
        email_verified: false,
      },
    ]);
  });

  it('sends a confirmation e-mail whose link confirms the address and lands on /email-verified', async () => {
    const email = uniqueEmail();
    await signUp(form(email));
    const message = await waitForMail(testApp, email, 'Confirm your e-mail address');
    expect(message.text).toContain('Hello Nora Quinn');
    const [link] = message.links;
    const url = new URL(link ?? '');
    expect(url.origin + url.pathname).toBe(`${TEST_PUBLIC_URL}/api/auth/verify-email`);
    expect(url.searchParams.get('callbackURL')).toBe('/email-verified');
  });

  it('refuses a second account for the same address, whatever its case, with email_taken', async () => {
    const email = uniqueEmail();
    expect((await signUp(form(email))).statusCode).toBe(200);
    const again = await signUp(form(email.toUpperCase(), { password: 'another-password' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      error: { code: 'email_taken', message: 'An account with this e-mail already exists.' },
    });
    expect(await countUsersWithEmail(email)).toBe(1);
  });

  it('creates one account when the same address signs up twice at once', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all([signUp(form(email)), signUp(form(email))]);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(await countUsersWithEmail(email)).toBe(1);
  });

  it('stores the address in lower case, so sign-in ignores case', async () => {
    const email = uniqueEmail();
    await signUp(form(email.replace('new-', 'New-')));
    const { response } = await signIn(testApp.app, { email: email.toUpperCase(), password: 'secret-enough' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
  });

  it('refuses a password shorter than 6 characters with the spec’s sentence', async () => {
    const email = uniqueEmail();
    const response = await signUp(form(email, { password: '12345' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Password must be at least 6 characters long',
      fields: { password: 'Password must be at least 6 characters long' },
    });
    expect(await countUsersWithEmail(email)).toBe(0);
  });

  it('accepts 6 and 128 characters, refuses 129, and never truncates a password', async () => {
    const six = uniqueEmail();
    expect((await signUp(form(six, { password: 'abcdef' }))).statusCode).toBe(200);

    const longest = uniqueEmail();
    const password = 'p'.repeat(127) + 'Z';
    expect((await signUp(form(longest, { password }))).statusCode).toBe(200);
    const truncated = await signIn(testApp.app, { email: longest, password: password.slice(0, 127) });
    expect(truncated.response.statusCode).toBe(401);
    const whole = await signIn(testApp.app, { email: longest, password });
    expect(whole.response.statusCode).toBe(200);

    const tooLong = await signUp(form(uniqueEmail(), { password: 'p'.repeat(129) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Password must be at most 128 characters long');
  });

  it('refuses fields the server owns and unknown keys, creating nothing', async () => {
    for (const extra of [
      { subscription_status: 'active' },
      { max_ads: 30 },
      { verified: true },
      { emailVerified: true },
      { subscription_plan: 'master' },
      { callbackURL: 'https://evil.example/' },
    ]) {
      const email = uniqueEmail();
      const response = await signUp(form(email, extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(await countUsersWithEmail(email)).toBe(0);
    }
  });

  it('requires a name and a valid e-mail address', async () => {
    const noName = await signUp(form(uniqueEmail(), { name: '   ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('name');
    const badEmail = await signUp(form('not-an-address'));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields).toHaveProperty('email');
  });

  it('leaves no account behind when the profile cannot be created', async () => {
    await testApp.database.pool.query(
      "alter table profiles add constraint test_refuse_location check (location <> 'Nowhere')",
    );
    try {
      const email = uniqueEmail();
      const response = await signUp(form(email, { location: 'Nowhere' }));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('internal_error');
      expect(await countUsersWithEmail(email)).toBe(0);
    } finally {
      await testApp.database.pool.query('alter table profiles drop constraint test_refuse_location');
    }
  });
});
