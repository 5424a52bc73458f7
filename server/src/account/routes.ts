import { accountExportSchema, deleteAccountRequestSchema } from '@bazaar/common/profiles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { SessionGuard } from '../auth/session-guard';
import { deleteAccount, type DeleteAccountDependencies } from './delete-account';
import { exportAccountData } from './export-data';

export interface AccountRouteDependencies extends Omit<DeleteAccountDependencies, 'log'> {
  guard: SessionGuard;
}

/** Leaving (issue 13): download everything held about you, and delete your account. */
export function registerAccountRoutes(
  app: FastifyInstance,
  { guard, ...dependencies }: AccountRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  routes.get(
    '/api/me/export',
    {
      schema: {
        tags,
        summary: 'Everything Bazaar holds about the signed-in person, as a JSON file to download',
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const data = await exportAccountData(dependencies.db, dependencies.storage, user.id);
      const day = data.exported_at.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="bazaar-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  routes.delete(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'Deletes the signed-in account, confirmed with its password',
        body: deleteAccountRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      await deleteAccount({ ...dependencies, log: request.log }, user.id, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
