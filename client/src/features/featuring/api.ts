import type { FeatureOfferResponse, FeatureResponse } from '@bazaar/common/featuring';
import type { CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

export const featureKeys = {
  offer: (adId: string) => [ACCOUNT_SCOPE, 'feature-offer', adId] as const,
};

/** What featuring the owner's ad costs now, and the plan's included features left. */
export function useFeatureOffer(adId: string) {
  return useQuery({
    queryKey: featureKeys.offer(adId),
    queryFn: ({ signal }) =>
      apiRequest<FeatureOfferResponse>(`/api/ads/${encodeURIComponent(adId)}/feature`, { signal }),
    select: (data) => data.offer,
    staleTime: 0,
  });
}

export function createFeatureCheckout(adId: string, signal?: AbortSignal) {
  return apiRequest<CreateCheckoutResponse>(`/api/ads/${encodeURIComponent(adId)}/feature/checkouts`, {
    method: 'POST',
    signal,
  });
}

/** Features the ad with one of the plan's included features; everything shown of it is read again. */
export function useIncludedFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adId: string) =>
      apiRequest<FeatureResponse>(`/api/ads/${encodeURIComponent(adId)}/feature`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
