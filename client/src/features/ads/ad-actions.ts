import type { AdDetail, FavoriteResponse, RecordViewResponse } from '@bazaar/common/ads';
import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { authKeys } from '../auth/api';
import { categoryKeys } from '../categories/api';
import { adKeys } from './api';
import type { UploadProgress } from './upload-form';

// What changes ads: the pages that do it load these, apart from api.ts, whose reads the home
// page and the header (every page's first load) need.

/** Adds or removes the ad from the user's favourites; the ad's likes follow the answer. */
export function useSetFavorite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorited: boolean) =>
      apiRequest<FavoriteResponse>(`/api/ads/${encodeURIComponent(id)}/favorite`, {
        method: favorited ? 'PUT' : 'DELETE',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adKeys.favorite(id), answer);
      queryClient.setQueryData<AdDetail>(adKeys.detail(id), (ad) =>
        ad ? { ...ad, likes: answer.likes } : ad,
      );
    },
  });
}

/** Counts a view of the ad page (the server counts each viewer once a day). */
export function useRecordAdView(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<RecordViewResponse>(`/api/ads/${encodeURIComponent(id)}/views`, { method: 'POST' }),
    onSuccess: ({ views }) =>
      queryClient.setQueryData<AdDetail>(adKeys.detail(id), (ad) => (ad ? { ...ad, views } : ad)),
  });
}

/** A read of one ad's own (its detail, related ads, favourite state, contact): its id is in the key. */
const isReadOfAd = (query: Query, adId: string) => query.queryKey.includes(adId);

/**
 * After an ad changes, everything that lists or counts ads is out of date. `deletedAdId`: that
 * ad's own reads are not asked again (they would answer 404 while its page is still open).
 */
function forgetAdLists(queryClient: QueryClient, deletedAdId?: string) {
  const predicate = (query: Query) => deletedAdId === undefined || !isReadOfAd(query, deletedAdId);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adKeys.all, predicate }),
    queryClient.invalidateQueries({ queryKey: adKeys.mine, predicate }),
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ]);
}

/** The ad form's data to send (components/ad-form.tsx), and who hears how far the upload is. */
export interface AdUpload {
  form: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

/** Loaded when a form is sent, so the pages that only read ads do not carry it. */
async function sendAdForm<T>(method: 'POST' | 'PATCH', url: string, upload: AdUpload): Promise<T> {
  const { sendFormWithProgress } = await import('./upload-form');
  return sendFormWithProgress<T>(method, url, upload.form, { onProgress: upload.onProgress });
}

/** A posted or edited ad: its page shows the answer at once, and every list is read again. */
async function rememberSavedAd(queryClient: QueryClient, ad: AdDetail) {
  queryClient.setQueryData(adKeys.detail(ad.id), ad);
  await forgetAdLists(queryClient);
}

export function usePostAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: AdUpload) => sendAdForm<AdDetail>('POST', '/api/ads', upload),
    onSuccess: (ad) => rememberSavedAd(queryClient, ad),
  });
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...upload }: AdUpload & { id: string }) =>
      sendAdForm<AdDetail>('PATCH', `/api/ads/${encodeURIComponent(id)}`, upload),
    onSuccess: (ad) => rememberSavedAd(queryClient, ad),
  });
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(`/api/ads/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The ad's own reads that no page shows go now; the open page's, once it has left (garbage
      // collection), so that it does not fetch them again meanwhile.
      queryClient.removeQueries({ predicate: (query) => isReadOfAd(query, id), type: 'inactive' });
      // Not awaited: the page that deleted the ad moves on at once.
      void forgetAdLists(queryClient, id);
    },
  });
}
