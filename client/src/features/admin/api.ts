import type {
  AdActionResponse,
  AuditResponse,
  ConversationActionResponse,
  QueueResponse,
  StaffMessagesResponse,
  SetRoleBody,
  UserActionResponse,
  UserDetailResponse,
  UsersResponse,
} from '@bazaar/common/moderation';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adKeys } from '../ads/api';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of the moderation console; under ACCOUNT_SCOPE, so signing out forgets them. */
export const adminKeys = {
  all: [ACCOUNT_SCOPE, 'admin'] as const,
  queue: [ACCOUNT_SCOPE, 'admin', 'queue'] as const,
  users: (query: string) => [ACCOUNT_SCOPE, 'admin', 'users', query] as const,
  user: (id: string) => [ACCOUNT_SCOPE, 'admin', 'user', id] as const,
  audit: (query: string) => [ACCOUNT_SCOPE, 'admin', 'audit', query] as const,
  earlierMessages: (conversationId: string, before: string) =>
    [ACCOUNT_SCOPE, 'admin', 'conversation', conversationId, 'messages', before] as const,
};

/** `/api/admin/x?q=..&cursor=..` with only the parameters that are set. */
function listPath(path: string, parameters: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(parameters).filter(([, value]) => value !== ''));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Reported, flagged, pending and review-requested ads and reported conversations, most reported first. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: adminKeys.queue,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<QueueResponse>(listPath('/api/admin/queue', { cursor: pageParam }), { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Accounts whose e-mail or name holds `query`; everyone, newest first, when it is empty. */
export function useAdminUsers(query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UsersResponse>(listPath('/api/admin/users', { q: query, cursor: pageParam }), { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** One account with its ads and the reports about them. */
export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<UserDetailResponse>(`/api/admin/users/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/** Every staff action, newest first; `query` matches who, what, the target and the reason. */
export function useAuditLog(query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditResponse>(listPath('/api/admin/audit', { q: query, cursor: pageParam }), { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/**
 * A reported conversation's messages older than `before` (the oldest one its queue item
 * carries), a page at a time, once `enabled`: staff read them only while a report is open.
 */
export function useEarlierMessages(conversationId: string, before: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.earlierMessages(conversationId, before),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<StaffMessagesResponse>(
        listPath(`/api/admin/conversations/${encodeURIComponent(conversationId)}/messages`, {
          before: pageParam,
        }),
        { signal },
      ),
    initialPageParam: before,
    getNextPageParam: (page) => (page.has_more ? page.messages[0]?.id : undefined),
    enabled,
  });
}

/** Closes a reported conversation's open reports; the queue is read again. */
export function useDismissConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest<ConversationActionResponse>(
        `/api/admin/conversations/${encodeURIComponent(conversationId)}/dismiss`,
        { method: 'POST', body: {} },
      ),
    // Not awaited, as for ads: the toast's callback must run before the card leaves the queue.
    // Its messages are not read again: closed, the conversation is no longer staff's to read.
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => query.queryKey[2] !== 'conversation',
      }),
  });
}

export type AdAction = 'hide' | 'restore' | 'dismiss' | 'feature' | 'unfeature';

/** The success toast's title of each decision, wherever the console offers it. */
export const adActionToasts: Record<AdAction, string> = {
  hide: 'Ad Hidden',
  restore: 'Ad Restored',
  dismiss: 'Reports Dismissed',
  feature: 'Ad Featured',
  unfeature: 'Ad No Longer Featured',
};

/**
 * A staff decision about an ad. Afterwards the console and every public list are read again:
 * a hidden ad leaves them, a restored or featured one comes back.
 */
export function useAdAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adId, action, reason }: { adId: string; action: AdAction; reason?: string }) =>
      apiRequest<AdActionResponse>(`/api/admin/ads/${encodeURIComponent(adId)}/${action}`, {
        method: 'POST',
        body: action === 'hide' ? { reason } : {},
      }),
    // Not awaited: a decided ad's card leaves the queue once it is read again, and the
    // callbacks of its mutate() (the toast) would be skipped with it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
    },
  });
}

export type UserAction = { action: 'suspend'; reason: string } | { action: 'restore' } | SetRoleBody;

/** Suspends or restores an account, or sets its role (admins only). */
export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserAction) => {
      const path = `/api/admin/users/${encodeURIComponent(userId)}`;
      if ('role' in change) {
        return apiRequest<UserActionResponse>(`${path}/role`, { method: 'PUT', body: { role: change.role } });
      }
      return apiRequest<UserActionResponse>(`${path}/${change.action}`, {
        method: 'POST',
        body: change.action === 'suspend' ? { reason: change.reason } : {},
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: adKeys.all }),
      ]),
  });
}
