import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveResync } from '../live/live-provider';
import { messagingKeys, refreshConversationLists } from './api';

/**
 * Keeps the inbox and the unread count current from live events (a message, a read), and
 * refetches them after a reconnect. Mounted once, with the header's Messages icon.
 */
export function useMessagingLiveUpdates() {
  const queryClient = useQueryClient();
  const refresh = (data: Record<string, unknown>) =>
    refreshConversationLists(
      queryClient,
      typeof data.conversation_id === 'string' ? data.conversation_id : undefined,
    );
  useLiveEvent('message', refresh);
  useLiveEvent('conversation_read', refresh);
  useLiveResync(messagingKeys.unread);
  useLiveResync(messagingKeys.inbox);
}
