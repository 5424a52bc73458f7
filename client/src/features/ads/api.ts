import type {
  AdContactResponse,
  AdDetail,
  AdListResponse,
  FavoriteResponse,
  FeaturedAdsResponse,
  MyAdListResponse,
  RecordViewResponse,
} from '@bazaar/common/ads';
import { SUGGESTIONS_MIN_LENGTH, type SearchSuggestionsResponse } from '@bazaar/common/search';
import { searchQueryString, type AdSearchCriteria } from '@bazaar/common/search-criteria';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE, authKeys } from '../auth/api';
import { categoryKeys } from '../categories/api';
import type { UploadProgress } from './upload-form';

/** Query keys of ads: public data under `public`, the signed-in user's under ACCOUNT_SCOPE. */
export const adKeys = {
  all: ['public', 'ads'] as const,
  search: (criteria: AdSearchCriteria) => ['public', 'ads', 'search', criteria] as const,
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

/** Search results, 12 at a time; `fetchNextPage` loads the next page after the cursor. */
export function useAdSearch(criteria: AdSearchCriteria) {
  return useInfiniteQuery({
    queryKey: adKeys.search(criteria),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdListResponse>(adApiPaths.search(criteria, pageParam), { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/**
 * Suggestions for what is typed in a search box (issue 15); nothing is asked for fewer than
 * SUGGESTIONS_MIN_LENGTH characters. The last answer stays shown while the next is fetched.
 */
export function useSearchSuggestions(typed: string) {
  return useQuery({
    queryKey: adKeys.suggestions(typed),
    queryFn: ({ signal }) =>
      apiRequest<SearchSuggestionsResponse>(`/api/search/suggestions?q=${encodeURIComponent(typed)}`, {
        signal,
      }),
    select: (data) => data.suggestions,
    enabled: typed.length >= SUGGESTIONS_MIN_LENGTH,
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

/** Adds or removes the ad from the user's favourites; the ad's likes follow the answer. */
export function useSetFavorite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorited: boolean) =>
      apiRequest<FavoriteResponse>(`/api/ads/${encodeURIComponent(id)}/favorite`, {
        method: favorited ? 'PUT' : 'DELETE',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adKeys.favorite(id), answer);
      queryClient.setQueryData<AdDetail>(adKeys.detail(id), (ad) =>
        ad ? { ...ad, likes: answer.likes } : ad,
      );
    },
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

/** Counts a view of the ad page (the server counts each viewer once a day). */
export function useRecordAdView(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<RecordViewResponse>(`/api/ads/${encodeURIComponent(id)}/views`, { method: 'POST' }),
    onSuccess: ({ views }) =>
      queryClient.setQueryData<AdDetail>(adKeys.detail(id), (ad) => (ad ? { ...ad, views } : ad)),
  });
}

/** A read of one ad's own (its detail, related ads, favourite state, contact): its id is in the key. */
const isReadOfAd = (query: Query, adId: string) => query.queryKey.includes(adId);

/**
 * After an ad changes, everything that lists or counts ads is out of date. `deletedAdId`: that
 * ad's own reads are not asked again (they would answer 404 while its page is still open).
 */
function forgetAdLists(queryClient: QueryClient, deletedAdId?: string) {
  const predicate = (query: Query) => deletedAdId === undefined || !isReadOfAd(query, deletedAdId);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adKeys.all, predicate }),
    queryClient.invalidateQueries({ queryKey: adKeys.mine, predicate }),
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ]);
}

/** Loaded when a form is sent, so the home page (which uses this module) does not carry it. */
async function sendAdForm<T>(
  method: 'POST' | 'PATCH',
  url: string,
  submission: AdFormSubmission,
): Promise<T> {
  const { sendFormWithProgress } = await import('./upload-form');
  return sendFormWithProgress<T>(method, url, submission.form, { onProgress: submission.onProgress });
}

export interface AdFormSubmission {
  form: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

export function usePostAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: AdFormSubmission) => sendAdForm<AdDetail>('POST', '/api/ads', submission),
    onSuccess: async (ad) => {
      queryClient.setQueryData(adKeys.detail(ad.id), ad);
      await forgetAdLists(queryClient);
    },
  });
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...submission }: AdFormSubmission & { id: string }) =>
      sendAdForm<AdDetail>('PATCH', `/api/ads/${encodeURIComponent(id)}`, submission),
    onSuccess: async (ad) => {
      queryClient.setQueryData(adKeys.detail(ad.id), ad);
      await forgetAdLists(queryClient);
    },
  });
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(`/api/ads/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The ad's own reads that no page shows go now; the open page's, once it has left (garbage
      // collection), so that it does not fetch them again meanwhile.
      queryClient.removeQueries({ predicate: (query) => isReadOfAd(query, id), type: 'inactive' });
      // Not awaited: the page that deleted the ad moves on at once.
      void forgetAdLists(queryClient, id);
    },
  });
}
