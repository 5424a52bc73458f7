import type {
  MyAdReportResponse,
  ReportAdBodyInput,
  ReportAdResponse,
  ReviewRequestResponse,
} from '@bazaar/common/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adKeys } from '../ads/api';

const adPath = (adId: string) => `/api/ads/${encodeURIComponent(adId)}`;

const myReportKey = (adId: string) => ['ads', adId, 'my-report'] as const;

/** Whether the signed-in person's report of the ad is still open (asked when they open Report). */
export function useMyAdReport(adId: string) {
  return useQuery({
    queryKey: myReportKey(adId),
    queryFn: ({ signal }) => apiRequest<MyAdReportResponse>(`${adPath(adId)}/reports/mine`, { signal }),
  });
}

/**
 * Reports someone else's ad to the moderators (issue 13): one open report per person per ad.
 * Once sent, the person's report is open.
 */
export function useReportAd(adId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportAdBodyInput) =>
      apiRequest<ReportAdResponse>(`${adPath(adId)}/reports`, { method: 'POST', body }),
    onSuccess: () => queryClient.setQueryData<MyAdReportResponse>(myReportKey(adId), { open: true }),
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
