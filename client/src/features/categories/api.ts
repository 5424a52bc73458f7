import type { CategoryListResponse } from '@bazaar/common/categories';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const categoryKeys = {
  all: ['public', 'categories'] as const,
};

/** The API address of the categories, which the server's render reads too. */
export const CATEGORIES_API_PATH = '/api/categories';

/** All categories with their ad counts; they change slowly, so they are kept a minute. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(CATEGORIES_API_PATH, { signal }),
    select: (data) => data.categories,
    staleTime: 60_000,
  });
}
