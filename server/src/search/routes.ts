import { searchSuggestionsQuerySchema, searchSuggestionsResponseSchema } from '@bazaar/common/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findSearchSuggestions } from './queries';

/** Public reads (sharedCache), so they read request.readDb: a replica when one is usable. */
export function registerSearchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search/suggestions',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['ads'],
        summary:
          'Suggestions while typing a search: matching categories, then title words completing the last word',
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsResponseSchema },
      },
    },
    async (request) => ({ suggestions: await findSearchSuggestions(request.readDb, request.query.q) }),
  );
}
