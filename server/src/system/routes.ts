import { healthResponseSchema, readyResponseSchema } from '@bazaar/common/system';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { isDatabaseReachable } from '../db/database';

export async function registerSystemRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The process can serve requests: its database answers',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseReachable(pool)) return { status: 'ready' as const, database: 'up' as const };
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
