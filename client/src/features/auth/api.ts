import type { MeResponse } from '@bazaar/common/accounts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';

/**
 * Query keys of everything that belongs to the signed-in user start with `account`,
 * so signing out (or a session ending) forgets all of it at once.
 */
export const ACCOUNT_SCOPE = 'account';

export const authKeys = {
  me: [ACCOUNT_SCOPE, 'me'] as const,
  socialProviders: ['social-providers'] as const,
};

export type CurrentUser = MeResponse;

/** The signed-in user, or null when signed out. `isPending` until the session is known. */
export function useCurrentUser() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => apiRequest<MeResponse | null>('/api/me', { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** Drops every account query but `me`, which its observers (the header) keep watching. */
export function dropAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({
    queryKey: [ACCOUNT_SCOPE],
    predicate: (query) => query.queryKey[1] !== authKeys.me[1],
  });
}

/** Forgets everything about the user who was signed in. */
export function forgetAccount(queryClient: QueryClient) {
  dropAccountData(queryClient);
  void queryClient.cancelQueries({ queryKey: authKeys.me });
  queryClient.setQueryData(authKeys.me, null);
}

// Other tabs of the same browser share the session cookie; they hear of sign-in and out here.
const ACCOUNT_CHANNEL = 'bazaar-account';

export function announceAccountChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Keeps this tab's idea of who is signed in in step with the other tabs. */
export function useAccountSync(queryClient: QueryClient) {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
    channel.onmessage = () => {
      void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
    };
    return () => channel.close();
  }, [queryClient]);
}
