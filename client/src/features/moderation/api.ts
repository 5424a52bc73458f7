import type { ReportAdBodyInput, ReportAdResponse, ReviewRequestResponse } from '@bazaar/common/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adKeys } from '../ads/api';

const adPath = (adId: string) => `/api/ads/${encodeURIComponent(adId)}`;

/** Reports someone else's ad to the moderators (issue 13): one open report per person per ad. */
export function useReportAd(adId: string) {
  return useMutation({
    mutationFn: (body: ReportAdBodyInput) =>
      apiRequest<ReportAdResponse>(`${adPath(adId)}/reports`, { method: 'POST', body }),
  });
}

/** The owner asks staff to look again at their hidden ad, after editing it. */
export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adId: string) =>
      apiRequest<ReviewRequestResponse>(`${adPath(adId)}/review-request`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adKeys.mine }),
  });
}
