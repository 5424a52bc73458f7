import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { publishLive } from '../live/live-hub';
import { messageCoalesceKey } from '../notifications/events';

/**
 * Marks everything in a conversation read for one participant (opening the thread does
 * this). When that changes anything, both people's tabs are told: the other sees "Read",
 * the reader's other tabs their counts (the bell's notification of the conversation is read too).
 */
export async function markConversationRead(
  tx: Executor,
  conversation: { id: string; other_id: string | null },
  userId: string,
): Promise<void> {
  const conversationId = conversation.id;
  const { rows } = await tx.execute<{ conversation_id: string }>(sql`
    update conversation_participants me set
      unread_count = 0,
      unread_email_sent = false,
      last_read_at = newest.created_at
    from (select max(created_at) as created_at from messages where conversation_id = ${conversationId}) newest
    where me.conversation_id = ${conversationId} and me.user_id = ${userId}
      and (me.unread_count > 0 or me.last_read_at is distinct from newest.created_at)
    returning me.conversation_id`);
  if (rows.length === 0) return;
  // The bell's notification of these messages is read too.
  const { rows: readNotifications } = await tx.execute(sql`
    update notifications set read_at = clock_timestamp()
    where user_id = ${userId} and read_at is null and coalesce_key = ${messageCoalesceKey(conversationId)}
    returning id`);
  if (readNotifications.length > 0) {
    await publishLive(tx, { userIds: [userId], type: 'notification', data: { notification_id: null } });
  }
  await publishLive(tx, {
    userIds: conversation.other_id ? [userId, conversation.other_id] : [userId],
    type: 'conversation_read',
    data: { conversation_id: conversationId },
  });
}
