import type { ReportConversationBody } from '@bazaar/common/messaging';
import { sql } from 'drizzle-orm';
import type { Executor } from './queries';

/**
 * Keeps a participant's report of a conversation, about the other participant, for the
 * moderators' queue. One open report per person per conversation: reporting again while it is
 * open replaces its reason, details and time; once staff closed it (dismissed, or the other
 * person suspended), a new report opens.
 */
export async function reportConversation(
  db: Executor,
  conversation: { id: string; other_id: string | null },
  reporterId: string,
  report: ReportConversationBody,
): Promise<void> {
  await db.execute(sql`
    insert into conversation_reports (conversation_id, reporter_id, reported_id, reason, details)
    values (${conversation.id}, ${reporterId}, ${conversation.other_id}, ${report.reason}, ${report.details})
    on conflict (conversation_id, reporter_id) where resolved_at is null
    do update set reason = excluded.reason, details = excluded.details, created_at = now()`);
}
