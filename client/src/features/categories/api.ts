import type { CategoryListResponse } from '@bazaar/common/categories';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const categoryKeys = {
  all: ['public', 'categories'] as const,
};

/** All categories with their ad counts; they change slowly, so they are kept a minute. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>('/api/categories', { signal }),
    select: (data) => data.categories,
    staleTime: 60_000,
  });
}
