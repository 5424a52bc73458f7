import {
  createSavedSearchBodySchema,
  savedSearchListResponseSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
} from '@bazaar/common/saved-searches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { authorize } from '../policies/authorize';
import {
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  presentSavedSearch,
  updateSavedSearch,
} from './queries';

/**
 * /api/saved-searches (issue 14): save the criteria of a search, list them with "N new since
 * the last visit", run (mark seen), rename, change the alert frequency, delete. Each is its
 * owner's alone (policies/saved-searches.ts).
 */
export function registerSavedSearchRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Database; guard: SessionGuard },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved searches'];

  routes.get(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'Your saved searches, newest first, with how many new ads match each since you last ran it',
        response: { 200: savedSearchListResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { saved_searches: await listSavedSearches(db, user.id) };
    },
  );

  routes.post(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save the criteria of a search under a name (at most 50 per account)',
        body: createSavedSearchBodySchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const row = await createSavedSearch(db, { userId: user.id, ...request.body });
      return reply.status(201).send(await presentSavedSearch(db, row));
    },
  );

  routes.patch(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved search or change how often its alerts come',
        params: savedSearchParamsSchema,
        body: updateSavedSearchBodySchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      authorize(user, 'write', { savedSearch: await findSavedSearch(db, request.params.id) });
      return presentSavedSearch(db, await updateSavedSearch(db, request.params.id, request.body));
    },
  );

  routes.delete(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved search and its alerts',
        params: savedSearchParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      authorize(user, 'write', { savedSearch: await findSavedSearch(db, request.params.id) });
      await deleteSavedSearch(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/saved-searches/:id/seen',
    {
      schema: {
        tags,
        summary: 'You ran the saved search: its "N new" counts from now',
        params: savedSearchParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      authorize(user, 'write', { savedSearch: await findSavedSearch(db, request.params.id) });
      await markSavedSearchSeen(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
