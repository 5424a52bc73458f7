import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A page's route (web/client-app.ts): it reads its address leniently, as the browser's
     * router does, so what holds a NUL character is no criterion or no page, not a 400.
     */
    rendersPage?: boolean;
  }
}

const NUL = '\u0000';
export const NUL_MESSAGE = 'This value contains a NUL character, which text cannot hold.';

/** The path (`a.b.0`) of the first string inside `value` that holds a NUL character. */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || 'body' : undefined;
  // JSON nesting is already bounded by the body size; the depth guard keeps recursion safe.
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key].join('.');
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL character anywhere in a body, query or path
 * would fail deep in a query as a 500. It is refused up front as the validation error it is,
 * except by the pages, which show what they can, and by an address that leads nowhere, which
 * is the not-found answer whatever it holds.
 */
export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.rendersPage || request.is404) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field !== undefined) throw badRequest(undefined, { [field]: NUL_MESSAGE });
    }
  });
}
