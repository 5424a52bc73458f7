import { signUpRequestSchema } from '@bazaar/common/accounts';
import { errorMessages, type ErrorCode } from '@bazaar/common/errors';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, errorBody } from '../http/errors';
import { requestOrigin } from '../http/origin-check';
import { CLIENT_ADDRESS_HEADER, type Auth } from './auth';

/** The auth library's error codes that the client meets, in our vocabulary. */
const authErrorCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'email_taken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_taken',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
};

/** Our error messages win where we have one; otherwise the library's sentence is kept. */
function toApiError(status: number, body: { code?: string; message?: string }) {
  if (status === 429) return errorBody('rate_limited', errorMessages.rate_limited);
  const code = body.code ? authErrorCodes[body.code] : undefined;
  if (code) return errorBody(code, errorMessages[code]);
  if (status === 401) return errorBody('unauthenticated', body.message || errorMessages.unauthenticated);
  if (status === 403) return errorBody('forbidden', body.message || errorMessages.forbidden);
  return errorBody(
    status >= 500 ? 'internal_error' : 'validation_failed',
    body.message || (status >= 500 ? errorMessages.internal_error : errorMessages.validation_failed),
  );
}

function validateSignUp(request: FastifyRequest): void {
  const parsed = signUpRequestSchema.safeParse(request.body);
  if (parsed.success) return;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] = issue.message;
  throw badRequest(undefined, fields);
}

async function sendAuthResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
    const body = JSON.parse(text || '{}') as { code?: string; message?: string };
    return reply.send(toApiError(response.status, body));
  }
  return reply.send(text || undefined);
}

/** Mounts the auth library's endpoints under /api/auth/*. */
export async function registerAuthRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split('?')[0];
      if (request.method === 'POST' && path === '/api/auth/sign-up/email') validateSignUp(request);

      const headers = fromNodeHeaders(request.headers);
      // Only the address Fastify established (proxy headers only with TRUST_PROXY) counts.
      headers.set(CLIENT_ADDRESS_HEADER, request.ip);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(new URL(request.url, requestOrigin(request)), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      return sendAuthResponse(reply, response);
    },
  });
}
