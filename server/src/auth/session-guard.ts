import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../http/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
}

const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * Who is asking: the user of a valid session cookie or bearer token, looked up once per
 * request. Expired, revoked and forged sessions are simply no session.
 */
export function createSessionGuard(auth: Auth) {
  function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
    let lookup = sessions.get(request);
    if (!lookup) {
      lookup = auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .then((session) => (session ? session.user : null));
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
