import { adIdParamsSchema, favoriteResponseSchema } from '@bazaar/common/ads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { authorize } from '../policies/authorize';
import { addFavorite, isFavorite, removeFavorite } from './favorites';
import { findAdAccess } from './queries';

/** /api/ads/:id/favorite: whether an ad is in your favourites, adding and removing it. */
export function registerFavoriteRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Database; guard: SessionGuard },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/ads/:id/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Is this ad in your favourites?',
        params: adIdParamsSchema,
        response: { 200: favoriteResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const [row, favorited] = await Promise.all([
        findAdAccess(db, request.params.id),
        isFavorite(db, user.id, request.params.id),
      ]);
      const ad = authorize(user, 'read', { ad: row });
      return { favorited, likes: ad.likes };
    },
  );

  routes.put(
    '/api/ads/:id/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Add the ad to your favourites (idempotent)',
        params: adIdParamsSchema,
        response: { 200: favoriteResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return addFavorite(db, user, request.params.id);
    },
  );

  routes.delete(
    '/api/ads/:id/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove the ad from your favourites (idempotent)',
        params: adIdParamsSchema,
        response: { 200: favoriteResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return removeFavorite(db, user, request.params.id);
    },
  );
}
