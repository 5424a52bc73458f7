import { roleSchema, type Role } from '@bazaar/common/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../http/errors';
import { AUTH_COOKIE_PREFIX, type Auth } from './auth';
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

/** Does the request carry a session cookie or token that Better Auth could read (or must clear)? */
export function carriesCredentials(request: FastifyRequest): boolean {
  const { cookie, authorization } = request.headers;
  return Boolean(authorization) || (cookie !== undefined && AUTH_COOKIE.test(cookie));
}

/**
 * Who is asking: the user of a valid session cookie or bearer token, looked up once per
 * request. Expired, revoked and forged sessions are simply no session.
 *
 * The lookup extends a session that is in use (once a day) and clears the cookie of one
 * that has ended; the cookies it sets for that are passed on with the response.
 */
export function createSessionGuard(app: FastifyInstance, auth: Auth) {
  const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const cookiesToSet = new WeakMap<FastifyRequest, string[]>();

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
      const headers = webHeadersOf(request);
      lookup = !headers
        ? Promise.resolve(null)
        : auth.api
            .getSession({ headers, returnHeaders: true })
            .then(({ headers: responseHeaders, response }) => {
              const cookies = responseHeaders?.getSetCookie() ?? [];
              if (cookies.length > 0) cookiesToSet.set(request, cookies);
              if (!response) return null;
              const { role, suspendedAt, ...user } = response.user;
              // A suspended account's sessions are deleted with the suspension; one that slipped
              // through (created while it was being suspended) is no session either.
              if (suspendedAt) return null;
              return { ...user, role: roleSchema.catch('user').parse(role) };
            });
      sessions.set(request, lookup);
    }
    return lookup;
  }

  async function requireUser(request: FastifyRequest): Promise<SessionUser> {
    const user = await currentUser(request);
    if (!user) throw unauthenticated();
    return user;
  }

  return { currentUser, requireUser };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;
