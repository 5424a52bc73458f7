import type {
  BlockResponse,
  ConversationDetail,
  InboxResponse,
  Message,
  MessagePageResponse,
  ReportConversationBody,
  ReportResponse,
  SentMessageResponse,
  StartConversationBody,
  UnreadCountResponse,
} from '@bazaar/common/messaging';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import { ACCOUNT_SCOPE } from '../auth/api';

/** Query keys of messaging; all under ACCOUNT_SCOPE, so signing out forgets them. */
export const messagingKeys = {
  all: [ACCOUNT_SCOPE, 'messaging'] as const,
  inbox: [ACCOUNT_SCOPE, 'messaging', 'inbox'] as const,
  unread: [ACCOUNT_SCOPE, 'messaging', 'unread'] as const,
  /** Under the inbox's key, so whatever refreshes the inbox refreshes it too. */
  about: (adId: string) => [ACCOUNT_SCOPE, 'messaging', 'inbox', 'about', adId] as const,
  conversation: (id: string) => [ACCOUNT_SCOPE, 'messaging', 'conversation', id] as const,
  messages: (id: string) => [ACCOUNT_SCOPE, 'messaging', 'messages', id] as const,
  /** Fetching what is newer than the last message shown (after a live event or a reconnect). */
  catchUp: (id: string) => [ACCOUNT_SCOPE, 'messaging', 'catch-up', id] as const,
};

const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** The inbox, latest activity first, 12 conversations at a time. */
export function useInbox(enabled = true) {
  return useInfiniteQuery({
    queryKey: messagingKeys.inbox,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<InboxResponse>(`/api/conversations${pageParam ? `?cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

/** The id of the signed-in buyer's conversation about an ad, or null when they have not asked yet. */
export function useConversationAbout(adId: string, enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.about(adId),
    queryFn: ({ signal }) =>
      apiRequest<InboxResponse>(`/api/conversations?ad_id=${encodeURIComponent(adId)}&limit=1`, { signal }),
    select: (data) => data.conversations[0]?.id ?? null,
    enabled,
  });
}

/** Unread messages over all conversations, for the header's Messages icon. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.unread,
    queryFn: ({ signal }) => apiRequest<UnreadCountResponse>('/api/conversations/unread', { signal }),
    select: (data) => data.unread,
    enabled,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => apiRequest<ConversationDetail>(conversationPath(id), { signal }),
  });
}

type ThreadData = InfiniteData<MessagePageResponse, string>;

/**
 * A thread in pages: the first page is the newest messages, each next page older ones (by
 * the oldest id shown). Show `threadMessages(data)`, oldest to newest.
 */
export function useThreadMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePageResponse>(
        `${conversationPath(id)}/messages${pageParam ? `?before=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.messages[0]?.id : undefined),
    // New messages come by catch-up (below); refetching every page would only repeat them.
    staleTime: Infinity,
  });
}

/** The messages of every loaded page, oldest to newest, each once. */
export function threadMessages(data: InfiniteData<MessagePageResponse, unknown> | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const ordered: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      ordered.push(message);
    }
  }
  return ordered;
}

/** Puts messages into the newest page (or replaces them there by id, e.g. a changed read state). */
function mergeIntoThread(queryClient: QueryClient, id: string, messages: Message[]) {
  if (messages.length === 0) return;
  queryClient.setQueryData<ThreadData>(messagingKeys.messages(id), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...older] = data.pages;
    const incoming = new Map(messages.map((message) => [message.id, message]));
    const kept = newest!.messages.map((message) => incoming.get(message.id) ?? message);
    const known = new Set(kept.map((message) => message.id));
    const added = messages.filter((message) => !known.has(message.id));
    return { ...data, pages: [{ ...newest!, messages: [...kept, ...added] }, ...older] };
  });
}

/**
 * Brings the thread up to date from the last message it shows, page by page (`after`), so a
 * live event or a reconnect misses nothing and shows nothing twice. Returns how many
 * messages of the other person arrived.
 */
export function useThreadCatchUp(id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.catchUp(id),
    queryFn: async ({ signal }) => {
      let arrived = 0;
      for (;;) {
        const shown = threadMessages(queryClient.getQueryData<ThreadData>(messagingKeys.messages(id)));
        const last = shown.at(-1);
        if (!last) return arrived;
        const page = await apiRequest<MessagePageResponse>(
          `${conversationPath(id)}/messages?after=${last.id}`,
          { signal },
        );
        mergeIntoThread(queryClient, id, page.messages);
        arrived += page.messages.filter((message) => !message.is_mine).length;
        if (!page.has_more) return arrived;
      }
    },
    enabled,
    staleTime: Infinity,
  });
}

/**
 * The thread's read states changed (the other person read it): refetch the newest page's
 * states. Started by a live event, with no one to tell: when it fails (the connection or the
 * process serving it dropped), the states stay as shown until the next read or visit, rather
 * than the failure escaping as an unhandled error of the page.
 */
export async function refreshReadStates(queryClient: QueryClient, id: string) {
  try {
    const page = await apiRequest<MessagePageResponse>(`${conversationPath(id)}/messages`);
    mergeIntoThread(queryClient, id, page.messages);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/** Everything that lists or counts conversations changed (a message, a read). */
export function refreshConversationLists(queryClient: QueryClient, conversationId?: string) {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.inbox });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.unread });
  if (conversationId)
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(conversationId) });
}

/** Asks about an ad: starts or continues the conversation; answers with its id. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) =>
      apiRequest<SentMessageResponse>('/api/conversations', { method: 'POST', body }),
    onSuccess: (sent) => {
      queryClient.removeQueries({ queryKey: messagingKeys.messages(sent.conversation_id) });
      refreshConversationLists(queryClient, sent.conversation_id);
    },
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<SentMessageResponse>(`${conversationPath(id)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (sent) => {
      mergeIntoThread(queryClient, id, [sent.message]);
      refreshConversationLists(queryClient);
    },
  });
}

export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCountResponse>(`${conversationPath(id)}/read`, { method: 'POST' }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<UnreadCountResponse>(messagingKeys.unread, { unread });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.inbox });
      queryClient.setQueryData<ConversationDetail>(messagingKeys.conversation(id), (conversation) =>
        conversation ? { ...conversation, unread_count: 0 } : conversation,
      );
    },
  });
}

export function useSetBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiRequest<BlockResponse>(`${conversationPath(id)}/block`, { method: blocked ? 'PUT' : 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(id) }),
  });
}

export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportConversationBody) =>
      apiRequest<ReportResponse>(`${conversationPath(id)}/reports`, { method: 'POST', body: report }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(id) }),
  });
}
