import { createHmac, timingSafeEqual } from 'node:crypto';
import { roleSchema, type Role } from '@bazaar/common/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieValuesOf } from '../http/cookies';
import { unauthenticated } from '../http/errors';
import { AUTH_COOKIE_PREFIX, type Auth } from './auth';
import type { SessionWithUser } from './queries';
import { webHeadersOf } from './web-headers';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  role: Role;
}

const AUTH_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.`);

/** Does the request carry one of Better Auth's cookies (a browser's session)? */
export function carriesSessionCookie(request: FastifyRequest): boolean {
  const { cookie } = request.headers;
  return cookie !== undefined && AUTH_COOKIE.test(cookie);
}

/** Does the request carry a session cookie or token that Better Auth could read (or must clear)? */
export function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization) || carriesSessionCookie(request);
}

/**
 * The token of the request's session cookie when the cookie is signed with `secret`, as Better
 * Auth signs it (`token.base64(HMAC-SHA256(token))`, URI-encoded); undefined for anything else,
 * a second cookie of the same name included.
 */
function signedTokenOf(cookieHeader: string | undefined, name: string, secret: string): string | undefined {
  const values = cookieValuesOf(cookieHeader, name);
  if (values.length !== 1) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(values[0]!);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * Who is asking: the user of a valid session cookie or bearer token, looked up once per
 * request. Expired, revoked and forged sessions are simply no session.
 *
 * A signed session cookie whose session is neither ended nor due for its daily extension is
 * read in one statement (`findSession`, the session with its user): most signed-in requests.
 * Anything else is Better Auth's to answer (decision 0026): it extends a session that is in
 * use (once a day) and clears the cookie of one that has ended or was forged; the cookies it
 * sets for that are passed on with the response.
 *
 * Except a signed cookie whose session is gone (signed out, or ended by a password change):
 * that is no session, and its cookie is not cleared. The browser may hold a newer cookie by
 * the time the answer arrives (a request sent just before a password change or a new sign-in),
 * and clearing the name would sign the person out of the session they have just been given.
 */
export function createSessionGuard(
  app: FastifyInstance,
  auth: Auth,
  findSession: (token: string) => Promise<SessionWithUser | undefined>,
) {
  const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const cookiesToSet = new WeakMap<FastifyRequest, string[]>();
  const sessionTokens = new WeakMap<FastifyRequest, string>();

  app.addHook('onSend', async (request, reply) => {
    const cookies = cookiesToSet.get(request);
    // Fastify appends to any Set-Cookie the route has set already.
    if (cookies) reply.header('set-cookie', cookies);
  });

  function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
    let lookup = sessions.get(request);
    if (!lookup && !carriesCredentials(request)) {
      // Most reads come from visitors who never signed in: no cookie of ours, no token, no lookup.
      lookup = Promise.resolve(null);
      sessions.set(request, lookup);
    }
    if (!lookup) {
      lookup = cookieSessionUser(request).then((user) =>
        user === undefined ? libraryLookup(request) : user,
      );
      sessions.set(request, lookup);
    }
    return lookup;
  }

  /**
   * The user of a fresh session from the request's signed cookie, or null when that session is
   * gone; undefined when Better Auth must answer.
   */
  async function cookieSessionUser(request: FastifyRequest): Promise<SessionUser | null | undefined> {
    if (request.headers.authorization) return undefined;
    const { authCookies, secret, sessionConfig } = await auth.$context;
    const token = signedTokenOf(request.headers.cookie, authCookies.sessionToken.name, secret);
    if (!token) return undefined;
    const session = await findSession(token);
    if (!session) return null;
    const dueForExtensionAt =
      session.expiresAt.getTime() - (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
    if (dueForExtensionAt <= Date.now()) return undefined;
    sessionTokens.set(request, token);
    return userOf(session.user) ?? undefined;
  }

  async function libraryLookup(request: FastifyRequest): Promise<SessionUser | null> {
    const headers = webHeadersOf(request);
    if (!headers) return null;
    const { headers: responseHeaders, response } = await auth.api.getSession({
      headers,
      returnHeaders: true,
    });
    const cookies = responseHeaders?.getSetCookie() ?? [];
    if (cookies.length > 0) cookiesToSet.set(request, cookies);
    if (response) sessionTokens.set(request, response.session.token);
    return response ? userOf(response.user) : null;
  }

  async function requireUser(request: FastifyRequest): Promise<SessionUser> {
    const user = await currentUser(request);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The user and their session's token, for what must end with the session (a live stream). */
  async function requireSession(
    request: FastifyRequest,
  ): Promise<{ user: SessionUser; sessionToken: string }> {
    const user = await requireUser(request);
    const sessionToken = sessionTokens.get(request);
    if (!sessionToken) throw unauthenticated();
    return { user, sessionToken };
  }

  return { currentUser, requireUser, requireSession };
}

/**
 * A session's user as the routes see it. A suspended account's sessions are deleted with the
 * suspension; one that slipped through (created while it was being suspended) is no session.
 */
function userOf({
  role,
  suspendedAt,
  ...user
}: Omit<SessionUser, 'role'> & { role?: string | null; suspendedAt?: Date | null }): SessionUser | null {
  if (suspendedAt) return null;
  return { ...user, role: roleSchema.catch('user').parse(role) };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;
