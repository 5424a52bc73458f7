import type { SellerAdsResponse, SellerPageResponse } from '@bazaar/common/sellers';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query keys of public seller pages. */
export const sellerKeys = {
  page: (id: string) => ['public', 'sellers', id] as const,
  ads: (id: string) => ['public', 'sellers', id, 'ads'] as const,
};

const sellerPath = (id: string) => `/api/sellers/${encodeURIComponent(id)}`;

export function useSellerPage(id: string) {
  return useQuery({
    queryKey: sellerKeys.page(id),
    queryFn: ({ signal }) => apiRequest<SellerPageResponse>(sellerPath(id), { signal }),
  });
}

/** The seller's active ads, newest first, 12 at a time. */
export function useSellerAds(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: sellerKeys.ads(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SellerAdsResponse>(
        `${sellerPath(id)}/ads${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}
