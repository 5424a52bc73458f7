import { PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@bazaar/common/account-messages';
import {
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  RESET_PASSWORD_PATH,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  socialProviderSchema,
  socialProvidersResponseSchema,
  socialSignInRequestSchema,
  verificationEmailRequestSchema,
  type SocialProvider,
} from '@bazaar/common/accounts';
import { errorMessages, type ErrorCode } from '@bazaar/common/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { badRequest, errorBody, routeNotFound, socialLoginUnavailable } from '../http/errors';
import { isFromBrowser, requestOrigin } from '../http/origin-check';
import { CLIENT_ADDRESS_HEADER, type Auth } from './auth';
import { webHeadersOf } from './web-headers';

const AUTH_PREFIX = '/api/auth';

interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: string | RegExp;
  /** Our strict contract for the body; the library's own checks still run after it. */
  body?: z.ZodType;
}

/**
 * The library's endpoints this app offers, and no others: an upgrade that adds endpoints
 * does not widen what is reachable. Left out on purpose: those that hand the session token
 * to scripts (get-session, list-sessions), which the httpOnly cookie keeps from them, and
 * the account-changing ones no page uses yet. Paths are relative to /api/auth.
 */
const authEndpoints: AuthEndpoint[] = [
  { method: 'POST', path: '/sign-up/email', body: signUpRequestSchema },
  { method: 'POST', path: '/sign-in/email', body: signInRequestSchema },
  { method: 'POST', path: '/sign-in/social', body: socialSignInRequestSchema },
  { method: 'GET', path: /^\/callback\/[a-z]+$/ },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email', body: verificationEmailRequestSchema },
  { method: 'POST', path: '/request-password-reset', body: passwordResetRequestSchema },
  { method: 'GET', path: /^\/reset-password\/[A-Za-z0-9_-]+$/ },
  { method: 'POST', path: '/reset-password', body: resetPasswordRequestSchema },
  { method: 'POST', path: '/change-password', body: changePasswordRequestSchema },
];

function findEndpoint(method: string, path: string): AuthEndpoint | undefined {
  return authEndpoints.find(
    (endpoint) =>
      endpoint.method === method &&
      (typeof endpoint.path === 'string' ? endpoint.path === path : endpoint.path.test(path)),
  );
}

/** The auth library's error codes that the client meets, in our vocabulary. */
const authErrorCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'email_taken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_taken',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  EMAIL_ALREADY_VERIFIED: 'email_already_verified',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
  PROVIDER_NOT_FOUND: 'social_login_unavailable',
  ACCOUNT_SUSPENDED: 'account_suspended',
};

/** Library codes whose sentence we word ourselves but which stay validation errors. */
const authValidationMessages: Record<string, string> = {
  PASSWORD_TOO_SHORT: PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_LONG: PASSWORD_TOO_LONG_MESSAGE,
  INVALID_PASSWORD: 'Your current password is not right.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account signs in with Google or Twitter and has no password to change.',
};

/** Our error messages win where we have one; otherwise the library's sentence is kept. */
function toApiError(status: number, body: { code?: string; message?: string }) {
  if (status === 429) return errorBody('rate_limited', errorMessages.rate_limited);
  const code = body.code ? authErrorCodes[body.code] : undefined;
  if (code) return errorBody(code, errorMessages[code]);
  const validationMessage = body.code ? authValidationMessages[body.code] : undefined;
  if (validationMessage) return errorBody('validation_failed', validationMessage);
  // The library's own check of a request (a link without its token, say) names its schema's
  // path in a developer's words: our bodies were checked before it, so this is a bad address.
  if (body.code === 'VALIDATION_ERROR')
    return errorBody('validation_failed', errorMessages.validation_failed);
  if (status === 401) return errorBody('unauthenticated', body.message || errorMessages.unauthenticated);
  if (status === 403) return errorBody('forbidden', body.message || errorMessages.forbidden);
  return errorBody(
    status >= 500 ? 'internal_error' : 'validation_failed',
    body.message || (status >= 500 ? errorMessages.internal_error : errorMessages.validation_failed),
  );
}

/** Checks the body against our contract; answers 400 naming each bad field. */
function parseBody(schema: z.ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] = issue.message;
  throw badRequest(parsed.error.issues[0]?.message, fields);
}

/** Server-chosen values the client does not send (where a link in an e-mail leads). */
function completeBody(path: string, body: unknown): unknown {
  if (path === '/request-password-reset') {
    return { ...(body as object), redirectTo: RESET_PASSWORD_PATH };
  }
  // Whoever knew the old password is signed out everywhere but here.
  if (path === '/change-password') return { ...(body as object), revokeOtherSessions: true };
  return body;
}

/**
 * The library's headers that hand the session token to a bearer client (`set-auth-token`,
 * exposed to scripts of other origins): a browser keeps its session in the httpOnly cookie,
 * out of reach of the page's scripts, and never gets them.
 */
const BEARER_TOKEN_HEADERS = new Set(['set-auth-token', 'access-control-expose-headers']);

/** The body without the raw session token the library puts in sign-in answers. */
function withoutSessionToken(text: string): string {
  const body = JSON.parse(text) as unknown;
  if (body === null || typeof body !== 'object' || !('token' in body)) return text;
  const { token: _token, ...rest } = body;
  return JSON.stringify(rest);
}

async function sendAuthResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  const isBrowser = isFromBrowser(reply.request);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length') return;
    if (isBrowser && BEARER_TOKEN_HEADERS.has(name)) return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (response.ok && isJson && text) return reply.send(withoutSessionToken(text));
  if (response.status >= 400 && isJson) {
    if (response.status === 429) {
      reply.header('retry-after', response.headers.get('x-retry-after') ?? '60');
    }
    const body = JSON.parse(text || '{}') as { code?: string; message?: string };
    return reply.send(toApiError(response.status, body));
  }
  return reply.send(text || undefined);
}

/**
 * Mounts the auth library's endpoints under /api/auth/* (only those in `authEndpoints`,
 * with our strict bodies), and GET /api/social-providers.
 */
export async function registerAuthRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  const socialProviders = Object.keys(auth.options.socialProviders ?? {}).filter(
    (id): id is SocialProvider => socialProviderSchema.safeParse(id).success,
  );
  app.addHook('onClose', () => auth.shutdown());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/social-providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The social sign-in providers this server is configured for',
        response: { 200: socialProvidersResponseSchema },
      },
    },
    () => ({ providers: socialProviders }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_PREFIX}/*`,
    schema: { hide: true },
    async handler(request: FastifyRequest, reply) {
      const path = (request.url.split('?')[0] ?? '').slice(AUTH_PREFIX.length);
      const endpoint = findEndpoint(request.method, path);
      if (!endpoint) throw routeNotFound();

      let body = endpoint.body ? parseBody(endpoint.body, request.body) : request.body;
      if (path === '/sign-in/social') {
        const { provider } = body as { provider: SocialProvider };
        if (!socialProviders.includes(provider)) throw socialLoginUnavailable();
      }
      body = completeBody(path, body);

      const headers = webHeadersOf(request);
      if (!headers) throw badRequest('The request has a header that cannot be read.');
      // Only the address Fastify established (proxy headers only with TRUST_PROXY) counts.
      headers.set(CLIENT_ADDRESS_HEADER, request.ip);
      const hasBody = request.method === 'POST' && body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(new URL(request.url, requestOrigin(request)), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(body) : undefined,
        }),
      );
      return sendAuthResponse(reply, response);
    },
  });
}
