import type { MeResponse } from '@bazaar/common/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';

/**
 * Query keys of everything that belongs to the signed-in user start with `account`,
 * so signing out (or a session ending) forgets all of it at once.
 */
export const ACCOUNT_SCOPE = 'account';

export const authKeys = {
  me: [ACCOUNT_SCOPE, 'me'] as const,
};

export type CurrentUser = MeResponse;

/** The signed-in user, or null when signed out. `isPending` until the session is known. */
export function useCurrentUser() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<MeResponse>('/api/me', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** Forgets everything about the user who was signed in. */
export function forgetAccount(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ queryKey: [ACCOUNT_SCOPE] });
  queryClient.setQueryData(authKeys.me, null);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => forgetAccount(queryClient),
  });
}
