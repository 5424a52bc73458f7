import type { DeleteAccountRequest, ProfileResponse, UpdateProfileRequest } from '@bazaar/common/profiles';
import type { SellerStatsResponse } from '@bazaar/common/sellers';
import type { ProfileSettings } from '@bazaar/common/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE, announceAccountChange, authKeys, forgetAccount } from '../auth/api';

/** The signed-in seller's own profile, settings and numbers: all under the account scope. */
export const profileKeys = {
  details: [ACCOUNT_SCOPE, 'profile', 'details'] as const,
  settings: [ACCOUNT_SCOPE, 'profile', 'settings'] as const,
  stats: [ACCOUNT_SCOPE, 'profile', 'stats'] as const,
};

export function useProfile(isSignedIn: boolean) {
  return useQuery({
    queryKey: profileKeys.details,
    queryFn: ({ signal }) => apiRequest<ProfileResponse>('/api/profile', { signal }),
    enabled: isSignedIn,
  });
}

/** Saves name, phone and location; the header's greeting (from /api/me) follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) =>
      apiRequest<ProfileResponse>('/api/profile', { method: 'PATCH', body: changes }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.details, profile);
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

/** Views, likes, ads, average price, engagement and achievements, as the server counts them. */
export function useSellerStats(isSignedIn: boolean) {
  return useQuery({
    queryKey: profileKeys.stats,
    queryFn: ({ signal }) => apiRequest<SellerStatsResponse>('/api/me/stats', { signal }),
    enabled: isSignedIn,
  });
}

export function useProfileSettings(isSignedIn: boolean) {
  return useQuery({
    queryKey: profileKeys.settings,
    queryFn: ({ signal }) => apiRequest<ProfileSettings>('/api/profile/settings', { signal }),
    enabled: isSignedIn,
  });
}

export type SettingName = keyof ProfileSettings;

/**
 * Changes one setting at once on screen and then on the server. Saves run one after another
 * (a shared scope), each sending every setting as shown at that moment; a failed save puts
 * back only the setting it changed, so a later change is never lost with it.
 */
export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: profileKeys.settings,
    scope: { id: 'profile-settings' },
    onMutate: async ({ name, value }: { name: SettingName; value: boolean }) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.settings });
      const shown = queryClient.getQueryData<ProfileSettings>(profileKeys.settings);
      queryClient.setQueryData<ProfileSettings>(profileKeys.settings, (settings) =>
        settings ? { ...settings, [name]: value } : settings,
      );
      return { name, previousValue: shown?.[name] };
    },
    mutationFn: () => {
      const settings = queryClient.getQueryData<ProfileSettings>(profileKeys.settings);
      if (!settings) return Promise.reject(new Error('Your settings have not loaded yet.'));
      return apiRequest<ProfileSettings>('/api/profile/settings', { method: 'PUT', body: settings });
    },
    // Told here, not by the checkbox: the save may fail after its tab has been left.
    onError: (error, _change, rollback) => {
      toast({ title: 'Error saving settings', description: error.message, variant: 'destructive' });
      if (rollback?.previousValue === undefined) return;
      queryClient.setQueryData<ProfileSettings>(profileKeys.settings, (settings) =>
        settings ? { ...settings, [rollback.name]: rollback.previousValue } : settings,
      );
    },
    onSettled: () => {
      // Once the last save is done, show what the server holds.
      if (queryClient.isMutating({ mutationKey: profileKeys.settings }) === 1) {
        return queryClient.invalidateQueries({ queryKey: profileKeys.settings });
      }
    },
  });
}

/** Deletes the account, confirmed with its password; afterwards nobody is signed in. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeleteAccountRequest) =>
      apiRequest<unknown>('/api/me', { method: 'DELETE', body: request }),
    onSuccess: () => {
      forgetAccount(queryClient);
      announceAccountChange();
    },
  });
}

/** Where "Download my data" points: the server answers one JSON file as an attachment. */
export const ACCOUNT_EXPORT_URL = '/api/me/export';
