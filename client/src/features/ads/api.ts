import type {
  AdContactResponse,
  AdDetail,
  FavoriteResponse,
  FeaturedAdsResponse,
  MyAdListResponse,
} from '@bazaar/common/ads';
import { asksForSuggestions, type SearchSuggestionsResponse } from '@bazaar/common/search';
import { searchQueryString, type AdSearchCriteria } from '@bazaar/common/search-criteria';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of ads: public data under `public`, the signed-in user's under ACCOUNT_SCOPE. */
export const adKeys = {
  all: ['public', 'ads'] as const,
  /** `after`: the cursor the first page starts after (usePageStart), '' for the first results. */
  search: (criteria: AdSearchCriteria, after: string) =>
    ['public', 'ads', 'search', criteria, after] as const,
  suggestions: (typed: string) => ['public', 'ads', 'suggestions', typed] as const,
  featured: ['public', 'ads', 'featured'] as const,
  detail: (id: string) => ['public', 'ads', 'detail', id] as const,
  related: (id: string) => ['public', 'ads', 'related', id] as const,
  mine: [ACCOUNT_SCOPE, 'ads'] as const,
  myList: [ACCOUNT_SCOPE, 'ads', 'mine'] as const,
  favorite: (id: string) => [ACCOUNT_SCOPE, 'ads', 'favorite', id] as const,
  contact: (id: string) => [ACCOUNT_SCOPE, 'ads', 'contact', id] as const,
};

/** The API addresses of the public ad reads, which the server's render reads too. */
export const adApiPaths = {
  search: (criteria: AdSearchCriteria, cursor?: string) =>
    `/api/ads?${searchQueryString(criteria, cursor ? { cursor } : {})}`,
  featured: '/api/ads/featured',
  detail: (id: string) => `/api/ads/${encodeURIComponent(id)}`,
  related: (id: string) => `/api/ads/${encodeURIComponent(id)}/related`,
};

/**
 * Suggestions for what is typed in a search box (issue 15); nothing is asked for text the
 * server would refuse (`asksForSuggestions`). The last answer stays shown while the next is fetched.
 */
export function useSearchSuggestions(typed: string) {
  return useQuery({
    queryKey: adKeys.suggestions(typed),
    queryFn: ({ signal }) =>
      apiRequest<SearchSuggestionsResponse>(`/api/search/suggestions?q=${encodeURIComponent(typed)}`, {
        signal,
      }),
    select: (data) => data.suggestions,
    enabled: asksForSuggestions(typed),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useFeaturedAds() {
  return useQuery({
    queryKey: adKeys.featured,
    queryFn: ({ signal }) => apiRequest<FeaturedAdsResponse>(adApiPaths.featured, { signal }),
    select: (data) => data.ads,
    staleTime: 60_000,
  });
}

export function useAd(id: string) {
  return useQuery({
    queryKey: adKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AdDetail>(adApiPaths.detail(id), { signal }),
  });
}

export function useRelatedAds(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adKeys.related(id),
    queryFn: ({ signal }) => apiRequest<FeaturedAdsResponse>(adApiPaths.related(id), { signal }),
    select: (data) => data.ads,
    enabled,
  });
}

/** The signed-in seller's own ads (any status), newest first, 12 at a time. */
export function useMyAds() {
  return useInfiniteQuery({
    queryKey: adKeys.myList,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MyAdListResponse>(`/api/me/ads${pageParam ? `?cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useFavorite(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adKeys.favorite(id),
    queryFn: ({ signal }) =>
      apiRequest<FavoriteResponse>(`/api/ads/${encodeURIComponent(id)}/favorite`, { signal }),
    enabled,
  });
}

export function useAdContact(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adKeys.contact(id),
    queryFn: ({ signal }) =>
      apiRequest<AdContactResponse>(`/api/ads/${encodeURIComponent(id)}/contact`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
