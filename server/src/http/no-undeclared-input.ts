import type { FastifyInstance } from 'fastify';
import * as z from 'zod';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The body of a write that declares none (renew, restore, dismiss, mark read...): none at all,
 * or `{}`; anything in it is refused. A POST sent without a body reaches the validator as null,
 * which a plain optional object refused.
 */
const noBodySchema = z.strictObject({}).nullish();

/**
 * An API route that declares its schema but no query string takes none, and a write that
 * declares no body takes none: a parameter or field sent to it (`PATCH /api/profile?role=admin`,
 * `POST /api/ads/:id/feature` with `{"featured_until": …}`) is refused with the field named, as
 * a declared body's unknown field is, not silently ignored. Routes without a schema, the auth
 * library's catch-all (`/api/auth/*`: its endpoints take their own parameters), and writes that
 * name the format they read (`consumes`: the multipart forms of an ad) read their own.
 */
export function registerNoUndeclaredInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    if (!route.schema) return;
    const isWrite = [route.method].flat().some((method) => WRITES.has(method));
    const declaresBody = route.schema.body !== undefined || route.schema.consumes !== undefined;
    route.schema = {
      ...route.schema,
      querystring: route.schema.querystring ?? z.strictObject({}),
      ...(isWrite && !declaresBody ? { body: noBodySchema } : {}),
    };
  });
}
