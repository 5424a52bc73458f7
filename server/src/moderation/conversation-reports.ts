import type {
  ConversationActionResponse,
  StaffMessage,
  StaffMessagesQuery,
  StaffMessagesResponse,
} from '@bazaar/common/moderation';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/database';
import { findMessages } from '../messaging/queries';
import { authorize } from '../policies/authorize';
import type { ConversationFacts } from '../policies/conversations';
import { CONSOLE } from '../policies/staff';
import type { StaffActor } from './ad-actions';
import { writeAudit } from './audit';

type ReviewFacts = Required<ConversationFacts> & { id: string; ad_title: string };

/**
 * A conversation as the policy judges it for staff: its two people and its open reports.
 * With `lock`, the conversation row is locked first and the reports counted after the lock
 * is held, so two staff deciding at once see each other's decision.
 */
async function findConversationForReview(
  executor: Executor,
  conversationId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReviewFacts | undefined> {
  const { rows } = await executor.execute<Omit<ReviewFacts, 'open_reports'>>(sql`
    select id, buyer_id, seller_id, ad_title from conversations where id = ${conversationId}
    ${lock ? sql`for update` : sql``}`);
  const conversation = rows[0];
  if (!conversation) return undefined;
  const { rows: counts } = await executor.execute<{ open_reports: number }>(sql`
    select count(*)::int as open_reports from conversation_reports
    where conversation_id = ${conversationId} and resolved_at is null`);
  return { ...conversation, open_reports: counts[0]?.open_reports ?? 0 };
}

/** What the audit log calls a conversation: the ad it is about, as it was titled then. */
const conversationLabel = (conversation: { ad_title: string }) =>
  `Conversation about “${conversation.ad_title}”`;

/**
 * A page of a reported conversation's messages, older than `before` (or the newest), for
 * staff who take no part in it, while a report of it is open (404 otherwise: the
 * participants' privacy stands).
 */
export async function findStaffMessages(
  db: Database,
  actor: StaffActor,
  conversationId: string,
  query: StaffMessagesQuery,
): Promise<StaffMessagesResponse> {
  authorize(actor, 'use', { console: CONSOLE });
  const conversation = authorize(actor, 'review', {
    conversation: await findConversationForReview(db, conversationId),
  });
  const { rows, hasMore } = await findMessages(db, conversation.id, {
    before: query.before,
    limit: query.limit,
  });
  return {
    messages: rows.map((row): StaffMessage => ({
      id: row.id,
      sender_role: row.sender_role,
      body: row.body,
      created_at: row.created_at,
      warnings: row.warnings,
    })),
    has_more: hasMore,
  };
}

/**
 * Staff decide a reported conversation needs nothing more: its open reports close, with the
 * audit row in the same transaction (decision 0017). Its people may report it again later.
 */
export async function dismissConversationReports(
  db: Database,
  actor: StaffActor,
  conversationId: string,
): Promise<ConversationActionResponse> {
  authorize(actor, 'use', { console: CONSOLE });
  return db.transaction(async (tx) => {
    const conversation = authorize(actor, 'review', {
      conversation: await findConversationForReview(tx, conversationId, { lock: true }),
    });
    await tx.execute(sql`
      update conversation_reports set resolved_at = now(), resolved_by = ${actor.id}
      where conversation_id = ${conversation.id} and resolved_at is null`);
    await writeAudit(tx, {
      actor,
      action: 'conversation_dismissed',
      targetType: 'conversation',
      targetId: conversation.id,
      targetLabel: conversationLabel(conversation),
    });
    return { conversation: { id: conversation.id, open_reports: 0 } };
  });
}

/**
 * Closes the open reports about a person in any of their conversations: staff suspended them,
 * which decides those reports. Call it in the suspension's transaction.
 */
export async function closeReportsAbout(tx: Transaction, actor: StaffActor, userId: string): Promise<void> {
  await tx.execute(sql`
    update conversation_reports set resolved_at = now(), resolved_by = ${actor.id}
    where reported_id = ${userId} and resolved_at is null`);
}
