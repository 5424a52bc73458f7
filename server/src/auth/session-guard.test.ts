import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from './auth';
import { createSessionGuard } from './session-guard';

/** A guard over a stand-in Better Auth that counts its session lookups (and finds none). */
async function guardedApp() {
  const getSession = vi.fn(async () => ({ headers: new Headers(), response: null }));
  const app = Fastify();
  const guard = createSessionGuard(app, { api: { getSession } } as unknown as Auth);
  app.get('/who', async (request) => ({ user: await guard.currentUser(request) }));
  await app.ready();
  return { app, getSession };
}

describe('the session guard', () => {
  it.each([
    ['no cookie at all', {}],
    ["only other sites' or the app's own non-auth cookies", { cookie: 'theme=dark; bazaarish=1' }],
  ])('does not look a session up for a request with %s', async (_case, headers) => {
    const { app, getSession } = await guardedApp();
    const response = await app.inject({ url: '/who', headers });
    expect(response.json()).toEqual({ user: null });
    expect(getSession).not.toHaveBeenCalled();
    await app.close();
  });

  it.each([
    ['a session cookie', { cookie: 'theme=dark; bazaar.session_token=abc.def' }],
    ['a secure session cookie', { cookie: '__Secure-bazaar.session_token=abc.def' }],
    ['a bearer token', { authorization: 'Bearer abc' }],
  ])('looks the session up, once, for a request with %s', async (_case, headers) => {
    const { app, getSession } = await guardedApp();
    await app.inject({ url: '/who', headers });
    expect(getSession).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
