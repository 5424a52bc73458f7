import type {
  CreateSavedSearchBody,
  SavedSearch,
  SavedSearchListResponse,
  UpdateSavedSearchBody,
} from '@bazaar/common/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of the saved searches; under ACCOUNT_SCOPE, so signing out forgets them. */
const savedSearchKeys = {
  list: [ACCOUNT_SCOPE, 'saved-searches'] as const,
};

const pathOf = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

/** The signed-in person's saved searches, newest first, with "N new" each. */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.list,
    queryFn: ({ signal }) => apiRequest<SavedSearchListResponse>('/api/saved-searches', { signal }),
  });
}

function useInvalidatingMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: a card that leaves the list would skip its mutate() callbacks (the toast).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
  });
}

export function useSaveSearch() {
  return useInvalidatingMutation((body: CreateSavedSearchBody) =>
    apiRequest<SavedSearch>('/api/saved-searches', { method: 'POST', body }),
  );
}

export function useUpdateSavedSearch() {
  return useInvalidatingMutation(({ id, ...body }: UpdateSavedSearchBody & { id: string }) =>
    apiRequest<SavedSearch>(pathOf(id), { method: 'PATCH', body }),
  );
}

export function useDeleteSavedSearch() {
  return useInvalidatingMutation((id: string) => apiRequest<null>(pathOf(id), { method: 'DELETE' }));
}

/** Running a saved search: its "N new" counts from now. */
export function useMarkSavedSearchSeen() {
  return useInvalidatingMutation((id: string) => apiRequest<null>(`${pathOf(id)}/seen`, { method: 'POST' }));
}
