import { categoryListResponseSchema } from '@bazaar/common/categories';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { findCategoriesWithCounts } from './queries';

export async function registerCategoryRoutes(app: FastifyInstance, { db }: { db: Database }) {
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
    async () => ({ categories: await findCategoriesWithCounts(db) }),
  );
}
