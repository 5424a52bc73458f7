import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';

/**
 * The request's headers as Fetch `Headers` for the auth library, or undefined when one
 * holds a value `Headers` refuses (a NUL byte, say): such a request carries no usable
 * credentials, and must not become a 500.
 */
export function webHeadersOf(request: FastifyRequest): Headers | undefined {
  try {
    return fromNodeHeaders(request.headers);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
