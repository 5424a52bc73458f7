import {
  PLACE_SUGGESTIONS_LIMIT,
  placeIdParamsSchema,
  placeResponseSchema,
  placeSearchQuerySchema,
  placeSearchResponseSchema,
} from '@bazaar/common/places';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { notFound } from '../http/errors';
import { findPlace, findPlacesByPrefix, isGazetteerLoaded } from './queries';

export function registerPlaceRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/places',
    {
      schema: {
        tags: ['places'],
        summary:
          'Type-ahead over the gazetteer: up to 10 places whose name starts with q, most populous first',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema },
      },
    },
    async (request) => {
      const places = await findPlacesByPrefix(db, request.query.q, PLACE_SUGGESTIONS_LIMIT);
      return { places, is_loading: places.length === 0 && !(await isGazetteerLoaded(db)) };
    },
  );

  routes.get(
    '/api/places/:id',
    {
      schema: {
        tags: ['places'],
        summary: 'One place of the gazetteer (a search page names its place by id)',
        params: placeIdParamsSchema,
        response: { 200: placeResponseSchema },
      },
    },
    async (request) => {
      const place = await findPlace(db, request.params.id);
      if (!place) throw notFound('This place is not in our list of places.');
      return { place };
    },
  );
}
