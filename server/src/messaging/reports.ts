import type { ReportConversationBody } from '@bazaar/common/messaging';
import { sql } from 'drizzle-orm';
import type { Executor } from './queries';

/**
 * Keeps a participant's report of a conversation for moderation; reporting again replaces
 * the reason, so a conversation counts one report per person.
 */
export async function reportConversation(
  db: Executor,
  conversationId: string,
  reporterId: string,
  report: ReportConversationBody,
): Promise<void> {
  await db.execute(sql`
    insert into conversation_reports (conversation_id, reporter_id, reason, details)
    values (${conversationId}, ${reporterId}, ${report.reason}, ${report.details})
    on conflict (conversation_id, reporter_id)
    do update set reason = excluded.reason, details = excluded.details, created_at = now()`);
}
