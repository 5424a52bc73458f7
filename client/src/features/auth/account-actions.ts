import type {
  ChangePasswordRequest,
  MeResponse,
  PasswordResetRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  SocialProvider,
  SocialProvidersResponse,
  VerificationEmailRequest,
} from '@bazaar/common/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { forgetDrafts } from '../../lib/use-draft';
import { announceAccountChange, authKeys, dropAccountData, forgetAccount } from './api';

// The account's calls: the account pages', and signing out. They live apart from api.ts, which
// the header (and so every page's first load) needs, to keep the home page's first load small.

/**
 * Signs in; resolves once the signed-in user is loaded, so the next page (and the header)
 * shows them at once. Whatever was remembered about a previous user is dropped first.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SignInRequest) => {
      await apiRequest<unknown>('/api/auth/sign-in/email', { method: 'POST', body: credentials });
      dropAccountData(queryClient);
      queryClient.setQueryData(authKeys.me, await apiRequest<MeResponse | null>('/api/me'));
    },
    onSuccess: announceAccountChange,
  });
}

/** Creates an account. It does not sign in: the person confirms their address, then signs in. */
export function useSignUp() {
  return useMutation({
    mutationFn: (form: SignUpRequest) =>
      apiRequest<unknown>('/api/auth/sign-up/email', { method: 'POST', body: form }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (request: PasswordResetRequest) =>
      apiRequest<unknown>('/api/auth/request-password-reset', { method: 'POST', body: request }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) =>
      apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: request }),
    // A reset ends every session of the account, this browser's included.
    onSuccess: () => {
      forgetAccount(queryClient);
      forgetDrafts();
      announceAccountChange();
    },
  });
}

/**
 * Changes the signed-in person's password. The server signs out every other device and gives
 * this browser a new session, so nothing here is forgotten.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) =>
      apiRequest<unknown>('/api/auth/change-password', { method: 'POST', body: request }),
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (request: VerificationEmailRequest) =>
      apiRequest<unknown>('/api/auth/send-verification-email', { method: 'POST', body: request }),
  });
}

/** The social sign-in providers the server has credentials for. */
export function useSocialProviders() {
  return useQuery({
    queryKey: authKeys.socialProviders,
    queryFn: ({ signal }) => apiRequest<SocialProvidersResponse>('/api/social-providers', { signal }),
    staleTime: Infinity,
  });
}

/** Sends the browser to the provider's sign-in page; it comes back to /dashboard. */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: '/dashboard', errorCallbackURL: '/login' },
  });
  window.location.assign(url);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      forgetAccount(queryClient);
      forgetDrafts();
      announceAccountChange();
    },
  });
}
