import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from './auth';
import type { SessionWithUser } from './queries';
import { createSessionGuard } from './session-guard';

const SECRET = 'a-secret-of-the-stand-in-auth-library';
const DAY_MS = 24 * 60 * 60 * 1000;
const sessionConfig = { expiresIn: (30 * DAY_MS) / 1000, updateAge: DAY_MS / 1000 };

const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

const user = {
  id: '5f0c6f3e-2c1b-4d8e-9a7f-0b1c2d3e4f50',
  email: 'someone@example.com',
  name: 'Someone',
  emailVerified: true,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  role: 'moderator' as const,
  suspendedAt: null,
};

/**
 * A guard over a stand-in Better Auth that counts its session lookups (and finds none), and a
 * stand-in of the one-statement lookup that finds the session `token` ending at `expiresAt`.
 */
async function guardedApp(session: { token: string; expiresAt: Date; suspendedAt?: Date } | undefined) {
  const getSession = vi.fn(async () => ({ headers: new Headers(), response: null }));
  const $context = Promise.resolve({
    authCookies: { sessionToken: { name: 'bazaar.session_token' } },
    secret: SECRET,
    sessionConfig,
  });
  const findSession = vi.fn(async (token: string): Promise<SessionWithUser | undefined> =>
    session && token === session.token
      ? { expiresAt: session.expiresAt, user: { ...user, suspendedAt: session.suspendedAt ?? null } }
      : undefined,
  );
  const app = Fastify();
  const guard = createSessionGuard(app, { api: { getSession }, $context } as unknown as Auth, findSession);
  app.get('/who', async (request) => ({ user: await guard.currentUser(request) }));
  await app.ready();
  return { app, getSession, findSession };
}

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('the session guard', () => {
  it.each([
    ['no cookie at all', {}],
    ["only other sites' or the app's own non-auth cookies", { cookie: 'theme=dark; bazaarish=1' }],
  ])('does not look a session up for a request with %s', async (_case, headers) => {
    const { app, getSession, findSession } = await guardedApp(undefined);
    const response = await app.inject({ url: '/who', headers });
    expect(response.json()).toEqual({ user: null });
    expect(getSession).not.toHaveBeenCalled();
    expect(findSession).not.toHaveBeenCalled();
    await app.close();
  });

  it('reads a fresh session of a signed cookie in one lookup, without the library', async () => {
    const { app, getSession, findSession } = await guardedApp({ token: 'tok', expiresAt: inDays(29.5) });
    const response = await app.inject({
      url: '/who',
      headers: { cookie: `theme=dark; bazaar.session_token=${signed('tok')}` },
    });
    expect(response.json().user).toMatchObject({ id: user.id, role: 'moderator', email: user.email });
    expect(findSession).toHaveBeenCalledExactlyOnceWith('tok');
    expect(getSession).not.toHaveBeenCalled();
    await app.close();
  });

  it.each([
    ['a session due for its daily extension', { token: 'tok', expiresAt: inDays(28.9) }, signed('tok')],
    ['an ended session', { token: 'tok', expiresAt: inDays(-1) }, signed('tok')],
    [
      'a session of a suspended account',
      { token: 'tok', expiresAt: inDays(29.5), suspendedAt: new Date() },
      signed('tok'),
    ],
    [
      'a cookie signed with another secret',
      { token: 'tok', expiresAt: inDays(29.5) },
      signed('tok', 'another'),
    ],
    ['a cookie without a signature', { token: 'tok', expiresAt: inDays(29.5) }, 'tok'],
    ['a cookie that is not URI-encoded text', { token: 'tok', expiresAt: inDays(29.5) }, '%E0%A4%A'],
  ])('leaves %s to the library, which answers no session here', async (_case, session, value) => {
    const { app, getSession } = await guardedApp(session);
    const response = await app.inject({ url: '/who', headers: { cookie: `bazaar.session_token=${value}` } });
    expect(response.json()).toEqual({ user: null });
    expect(getSession).toHaveBeenCalledTimes(1);
    await app.close();
  });

  // A request sent with the cookie of a session that has just ended (a password change, a new
  // sign-in) may be answered after the browser took a newer cookie: clearing it would sign out.
  it('answers no session for a signed cookie whose session is gone, without the library clearing it', async () => {
    const { app, getSession, findSession } = await guardedApp(undefined);
    const response = await app.inject({
      url: '/who',
      headers: { cookie: `bazaar.session_token=${signed('tok')}` },
    });
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(findSession).toHaveBeenCalledExactlyOnceWith('tok');
    expect(getSession).not.toHaveBeenCalled();
    await app.close();
  });

  it.each([
    [
      'two session cookies',
      { cookie: `bazaar.session_token=${signed('tok')}; bazaar.session_token=${signed('tok')}` },
    ],
    ['a secure session cookie', { cookie: `__Secure-bazaar.session_token=${signed('tok')}` }],
    [
      'a bearer token',
      { authorization: `Bearer ${signed('tok')}`, cookie: `bazaar.session_token=${signed('tok')}` },
    ],
  ])('looks the session up with the library, once, for a request with %s', async (_case, headers) => {
    const { app, getSession, findSession } = await guardedApp({ token: 'tok', expiresAt: inDays(29.5) });
    await app.inject({ url: '/who', headers });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(findSession).not.toHaveBeenCalled();
    await app.close();
  });
});
