import type { FavoriteListResponse } from '@bazaar/common/favorites';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adKeys } from '../ads/api';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of the favourites list; under ACCOUNT_SCOPE, so signing out forgets it. */
export const favoriteKeys = {
  list: [ACCOUNT_SCOPE, 'favorites'] as const,
};

/** The signed-in person's favourites, most recently liked first, 12 at a time. */
export function useFavorites() {
  return useInfiniteQuery({
    queryKey: favoriteKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FavoriteListResponse>(
        `/api/me/favorites${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Takes an ad off the list, whether or not it is still available. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adId: string) =>
      apiRequest<null>(`/api/me/favorites/${encodeURIComponent(adId)}`, { method: 'DELETE' }),
    // Not awaited: the removed item leaves the list once it is read again, and the callbacks
    // of its mutate() (the toast) would be skipped with it.
    onSuccess: (_answer, adId) => {
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.list });
      void queryClient.invalidateQueries({ queryKey: adKeys.favorite(adId) });
      void queryClient.invalidateQueries({ queryKey: adKeys.detail(adId) });
    },
  });
}
