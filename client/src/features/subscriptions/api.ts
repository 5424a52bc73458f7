import type { PlanId } from '@bazaar/common/plans';
import type {
  CheckoutResponse,
  CreateCheckoutResponse,
  PaymentListResponse,
  PlanQuoteResponse,
  SubscriptionResponse,
} from '@bazaar/common/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Everything here belongs to the signed-in seller, so it lives under the account scope. */
export const subscriptionKeys = {
  all: [ACCOUNT_SCOPE, 'subscription'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
  payments: () => [...subscriptionKeys.all, 'payments'] as const,
  quote: (planId: PlanId) => [...subscriptionKeys.all, 'quote', planId] as const,
};

export function useSubscription(isSignedIn: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.current(),
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>('/api/subscription', { signal }),
    select: (data) => data.subscription,
    enabled: isSignedIn,
  });
}

export function usePaymentHistory(isSignedIn: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.payments(),
    queryFn: ({ signal }) =>
      apiRequest<PaymentListResponse>('/api/subscription/payments?limit=12', { signal }),
    enabled: isSignedIn,
  });
}

/** What switching to `planId` costs now (credit for the running plan included). */
export function usePlanQuote(planId: PlanId | null) {
  return useQuery({
    queryKey: subscriptionKeys.quote(planId ?? 'starter'),
    queryFn: ({ signal }) =>
      apiRequest<PlanQuoteResponse>(`/api/subscription/quote?plan_id=${planId}`, { signal }),
    select: (data) => data.quote,
    enabled: planId !== null,
    // The credit shrinks by the minute; always ask again when the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function createCheckout(planId: PlanId, signal?: AbortSignal) {
  return apiRequest<CreateCheckoutResponse>('/api/subscription/checkouts', {
    method: 'POST',
    body: { plan_id: planId },
    signal,
  });
}

export async function fetchCheckout(checkoutId: string, signal?: AbortSignal) {
  const { checkout } = await apiRequest<CheckoutResponse>(
    `/api/subscription/checkouts/${encodeURIComponent(checkoutId)}`,
    { signal },
  );
  return checkout;
}

/** Cancel (true) or resume (false) renewal; everything about the account is read again. */
export function useChangeRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      apiRequest<SubscriptionResponse>(cancel ? '/api/subscription/cancel' : '/api/subscription/resume', {
        method: 'POST',
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionKeys.current(), data);
      return queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
    },
  });
}
