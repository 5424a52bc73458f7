import type { PlaceResponse, PlaceSearchResponse } from '@bazaar/common/places';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const placeKeys = {
  suggestions: (text: string) => ['public', 'places', 'suggestions', text] as const,
  detail: (id: number) => ['public', 'places', 'detail', id] as const,
};

/** The API paths of the reads the server's render makes too (entry-server.tsx). */
export const placeApiPaths = {
  detail: (id: number) => `/api/places/${id}`,
};

/**
 * Places whose name starts with `text` (issue 14), most populous first. While the gazetteer
 * is still loading after a first start the server says so, and this asks again shortly.
 */
export function usePlaceSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: placeKeys.suggestions(trimmed.toLowerCase()),
    queryFn: ({ signal }) =>
      apiRequest<PlaceSearchResponse>(`/api/places?q=${encodeURIComponent(trimmed)}`, { signal }),
    enabled: trimmed.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.is_loading ? 3_000 : false),
  });
}

/** One place by id: a search page's URL names its place by id, the field shows its name. */
export function usePlace(id: number | undefined) {
  return useQuery({
    queryKey: placeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest<PlaceResponse>(placeApiPaths.detail(id ?? 0), { signal }),
    select: (data) => data.place,
    enabled: id !== undefined,
    staleTime: Infinity,
  });
}
