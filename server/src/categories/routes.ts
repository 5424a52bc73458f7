import { categoryListResponseSchema } from '@bazaar/common/categories';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCategoriesWithCounts } from './queries';

export async function registerCategoryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/categories',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['categories'],
        summary: 'All categories with their number of active ads',
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request) => ({ categories: await findCategoriesWithCounts(request.readDb) }),
  );
}
