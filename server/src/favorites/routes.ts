import { adIdParamsSchema, favoriteResponseSchema } from '@bazaar/common/ads';
import {
  favoriteListResponseSchema,
  favoriteParamsSchema,
  favoritesQuerySchema,
} from '@bazaar/common/favorites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import { presentAdSummary } from '../ads/presenters';
import type { Storage } from '../media/storage';
import { authorize } from '../policies/authorize';
import { addFavorite, isFavorite, removeFavorite } from './favorites';
import { findFavoritesOfUser, removeFavoriteOfUser } from './queries';
import { findAdAccess } from '../ads/queries';

/**
 * /api/ads/:id/favorite: whether an ad is in your favourites, adding and removing it;
 * /api/me/favorites: your list (issue 14), and taking an ad off it even when it is gone from view.
 */
export function registerFavoriteRoutes(
  app: FastifyInstance,
  { db, guard, storage }: { db: Database; guard: SessionGuard; storage: Storage },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me/favorites',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Your favourites, most recently liked first; ads no longer available come without content',
        querystring: favoritesQuerySchema,
        response: { 200: favoriteListResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const page = await findFavoritesOfUser(db, user.id, request.query);
      return {
        items: page.rows.map((row) => ({
          ad_id: row.ad_id,
          liked_at: row.liked_at,
          ad: row.ad ? presentAdSummary(row.ad, storage) : null,
          sold_at: row.sold_at,
        })),
        next_cursor: page.nextCursor,
      };
    },
  );

  routes.delete(
    '/api/me/favorites/:ad_id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Take an ad off your favourites, whether or not it is still available',
        params: favoriteParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      await removeFavoriteOfUser(db, user, request.params.ad_id);
      return reply.status(204).send(null);
    },
  );

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
