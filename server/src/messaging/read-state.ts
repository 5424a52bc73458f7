import { sql } from 'drizzle-orm';
import type { Executor } from './queries';

/**
 * Marks everything in a conversation read for one participant (opening the thread does
 * this). Returns whether anything changed, so that the other side is told only then.
 */
export async function markConversationRead(
  tx: Executor,
  conversationId: string,
  userId: string,
): Promise<{ changed: boolean }> {
  const { rows } = await tx.execute<{ conversation_id: string }>(sql`
    update conversation_participants me set
      unread_count = 0,
      unread_email_sent = false,
      last_read_at = newest.created_at
    from (select max(created_at) as created_at from messages where conversation_id = ${conversationId}) newest
    where me.conversation_id = ${conversationId} and me.user_id = ${userId}
      and (me.unread_count > 0 or me.last_read_at is distinct from newest.created_at)
    returning me.conversation_id`);
  return { changed: rows.length > 0 };
}
