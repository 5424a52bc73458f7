import type { AdLifeResponse } from '@bazaar/common/ads';
import { ANALYTICS_DAYS_DEFAULT } from '@bazaar/common/constants';
import type { SellerAnalyticsResponse } from '@bazaar/common/sellers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adKeys } from '../ads/api';
import { ACCOUNT_SCOPE } from '../auth/api';

export const dashboardKeys = {
  analytics: (days: number) => [ACCOUNT_SCOPE, 'dashboard', 'analytics', days] as const,
};

/** Views and likes of the seller's ads per day, oldest first, today included. */
export function useSellerAnalytics(days: number = ANALYTICS_DAYS_DEFAULT) {
  return useQuery({
    queryKey: dashboardKeys.analytics(days),
    queryFn: ({ signal }) =>
      apiRequest<SellerAnalyticsResponse>(`/api/me/analytics?days=${days}`, { signal }),
  });
}

/**
 * Renews the owner's expired ad, or marks their active ad sold (issue 14). Either changes the
 * quota, the owner's lists and the public ones, so all of them are read again.
 */
export function useAdLifeAction(action: 'renew' | 'sold') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adId: string) =>
      apiRequest<AdLifeResponse>(`/api/ads/${encodeURIComponent(adId)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    // Not awaited: the button that asked leaves once the lists are read again, and TanStack
    // Query skips the callbacks of a mutate() whose component is gone (its toast with them).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
    },
  });
}
