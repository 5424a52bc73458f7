import type { NotificationsResponse, NotificationUnreadResponse } from '@bazaar/common/notifications';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of the bell; under ACCOUNT_SCOPE, so signing out forgets them. */
export const notificationKeys = {
  all: [ACCOUNT_SCOPE, 'notifications'] as const,
  list: [ACCOUNT_SCOPE, 'notifications', 'list'] as const,
  unread: [ACCOUNT_SCOPE, 'notifications', 'unread'] as const,
};

/** The unread count, for the bell's badge and name. */
export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiRequest<NotificationUnreadResponse>('/api/notifications/unread', { signal }),
    select: (data) => data.unread,
    enabled,
  });
}

/** Recent notifications, newest first, a page at a time; fetched while the bell is open. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationsResponse>(
        `/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

/** Something changed (a live event, a read elsewhere): fetch the count and list again. */
export function refreshNotifications(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

type ListData = InfiniteData<NotificationsResponse, string>;

function markShownRead(queryClient: QueryClient, isRead: (id: string) => boolean, unread: number) {
  queryClient.setQueryData<NotificationUnreadResponse>(notificationKeys.unread, { unread });
  queryClient.setQueryData<ListData>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unread,
            notifications: page.notifications.map((item) =>
              isRead(item.id) ? { ...item, is_read: true } : item,
            ),
          })),
        }
      : data,
  );
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<NotificationUnreadResponse>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ unread }) => markShownRead(queryClient, () => true, unread),
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<NotificationUnreadResponse>(`/api/notifications/${encodeURIComponent(id)}/read`, {
        method: 'POST',
      }),
    onSuccess: ({ unread }, id) => markShownRead(queryClient, (candidate) => candidate === id, unread),
  });
}
