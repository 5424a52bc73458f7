import type { SellerAdsResponse, SellerPageResponse } from '@bazaar/common/sellers';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query keys of public seller pages. */
export const sellerKeys = {
  page: (id: string) => ['public', 'sellers', id] as const,
  /** `after`: the cursor the first page starts after (usePageStart), '' for the newest. */
  ads: (id: string, after: string) => ['public', 'sellers', id, 'ads', after] as const,
};

const sellerPath = (id: string) => `/api/sellers/${encodeURIComponent(id)}`;

/** The API addresses of a seller's public page, which the server's render reads too. */
export const sellerApiPaths = {
  page: sellerPath,
  ads: (id: string, cursor?: string) =>
    `${sellerPath(id)}/ads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
};

export function useSellerPage(id: string) {
  return useQuery({
    queryKey: sellerKeys.page(id),
    queryFn: ({ signal }) => apiRequest<SellerPageResponse>(sellerApiPaths.page(id), { signal }),
  });
}

/** The seller's active ads, newest first (or after the cursor `after`), 12 at a time. */
export function useSellerAds(id: string, enabled: boolean, after: string) {
  return useInfiniteQuery({
    queryKey: sellerKeys.ads(id, after),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SellerAdsResponse>(sellerApiPaths.ads(id, pageParam), { signal }),
    initialPageParam: after,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}
