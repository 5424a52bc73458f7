import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEST_PUBLIC_URL } from './test-app';

export interface TestSeller {
  id: string;
  email: string;
  password: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
  /** A client address of its own, so rate limits of one test do not hit another. */
  remoteAddress: string;
}

let addressCounter = 0;

/** A distinct client address (10.x.y.z) for requests that should not share rate limits. */
export function nextRemoteAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The Cookie header for the Set-Cookie headers of a response. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Signs in through the real endpoint; returns the response and the session's Cookie header. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; rememberMe?: boolean },
  remoteAddress: string = nextRemoteAddress(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL },
    payload: credentials,
  });
  return { response, cookie: cookieFrom(response.headers['set-cookie']) };
}

/**
 * Signs a new seller up through the real endpoint and then in (sign-up itself does not
 * sign in); they start on the 14-day trial.
 */
export async function createSeller(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string; phone?: string; location?: string } = {},
): Promise<TestSeller> {
  const email = overrides.email ?? `seller-${randomBytes(5).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct-horse-battery';
  const remoteAddress = nextRemoteAddress();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL },
    payload: {
      name: overrides.name ?? 'Test Seller',
      email,
      password,
      phone: overrides.phone ?? '+1 555 0100',
      location: overrides.location ?? 'Austin, TX',
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-up failed (${response.statusCode}): ${response.body}`);
  }
  const body = response.json<{ user: { id: string } }>();
  const signedIn = await signIn(app, { email, password, rememberMe: true }, remoteAddress);
  if (signedIn.response.statusCode !== 200) {
    throw new Error(`Sign-in failed (${signedIn.response.statusCode}): ${signedIn.response.body}`);
  }
  return { id: body.user.id, email, password, cookie: signedIn.cookie, remoteAddress };
}
