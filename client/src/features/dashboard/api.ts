import { ANALYTICS_DAYS_DEFAULT } from '@bazaar/common/constants';
import type { SellerAnalyticsResponse } from '@bazaar/common/sellers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
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
