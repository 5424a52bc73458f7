import type { FastifyInstance } from 'fastify';
import * as z from 'zod';

/**
 * An API route that declares its schema but no query string takes none: a parameter sent to
 * it (`PATCH /api/profile?role=admin`) is refused with the field named, as a body's unknown
 * field is, not silently ignored. Routes without a schema, and the auth library's catch-all
 * (`/api/auth/*`: its endpoints take their own parameters), read their own.
 */
export function registerNoUndeclaredQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    if (!route.schema || route.schema.querystring) return;
    route.schema = { ...route.schema, querystring: z.strictObject({}) };
  });
}
