import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, signIn } from '../../test/factories';
import { confirmAddress } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    environment: { ADMIN_EMAILS: ' Boss@Example.com ,other-admin@example.com' },
  });
});
afterAll(() => testApp.close());

async function roleOf(userId: string): Promise<string> {
  const { rows } = await testApp.database.pool.query<{ role: string }>(
    'select role from users where id = $1',
    [userId],
  );
  return rows[0]!.role;
}

async function me(cookie: string) {
  const response = await testApp.app.inject({ url: '/api/me', headers: { cookie } });
  return response.json<{ user: { role: string } } | null>();
}

describe('ADMIN_EMAILS', () => {
  it('makes an account named in it an admin once its address is confirmed (any case), in the session it has', async () => {
    const boss = await createSeller(testApp.app, { email: 'boss@example.com' });
    // Whoever registers a listed address first must not get the console by that alone.
    expect(await roleOf(boss.id)).toBe('user');
    expect((await me(boss.cookie))?.user.role).toBe('user');

    await confirmAddress(testApp, boss.email);
    expect(await roleOf(boss.id)).toBe('admin');
    expect((await me(boss.cookie))?.user.role).toBe('admin');
  });

  it('makes an account with a confirmed address an admin when it signs in', async () => {
    const other = await createSeller(testApp.app, { email: 'other-admin@example.com' });
    // Confirmed before the address was listed: the next sign-in grants the role.
    await testApp.database.pool.query('update users set email_verified = true where id = $1', [other.id]);
    expect(await roleOf(other.id)).toBe('user');
    const { cookie } = await signIn(testApp.app, { email: other.email, password: other.password });
    expect(await roleOf(other.id)).toBe('admin');
    expect((await me(cookie))?.user.role).toBe('admin');
  });

  it('leaves everyone else a user, confirmed or not', async () => {
    const seller = await createSeller(testApp.app);
    await confirmAddress(testApp, seller.email);
    expect(await roleOf(seller.id)).toBe('user');
    expect((await me(seller.cookie))?.user.role).toBe('user');
  });

  it('reads a role staff changed on the next request, without signing in again', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [seller.id]);
    expect((await me(seller.cookie))?.user.role).toBe('moderator');
  });
});

describe('signing in to a suspended account', () => {
  it('is refused with 403 account_suspended and a sentence a person understands; no session is made', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.pool.query(
      `update users set suspended_at = now(), suspended_reason = 'Scam' where id = $1`,
      [seller.id],
    );
    const { response, cookie } = await signIn(testApp.app, {
      email: seller.email,
      password: seller.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('account_suspended');
    expect(response.json().error.message).toMatch(/suspended/);
    expect(cookie).not.toMatch(/session_token/);
    // A session that existed before is no session any more either.
    expect(await me(seller.cookie)).toBeNull();
  });

  it('still answers a wrong password as a wrong password (the suspension is told only to the owner)', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.pool.query(`update users set suspended_at = now() where id = $1`, [seller.id]);
    const { response } = await signIn(testApp.app, { email: seller.email, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('invalid_credentials');
  });
});
