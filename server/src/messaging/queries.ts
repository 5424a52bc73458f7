import type { MessageWarning } from '@bazaar/common/message-safety';
import { MESSAGE_PREVIEW_LENGTH, type ConversationRole, type InboxQuery } from '@bazaar/common/messaging';
import { sql, type SQL } from 'drizzle-orm';
import { cursorKeyFormats, decodeCursor, encodeCursor, timestampCursorKey } from '../http/cursor';
import type { Database } from '../db/database';
import { badRequest } from '../http/errors';
import type { ConversationFacts } from '../policies/conversations';

export type Executor = Pick<Database, 'execute'>;

/** A timestamp as the API gives it: ISO 8601, UTC, milliseconds. */
export const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A conversation as one of its participants sees it. */
export type ConversationRow = {
  id: string;
  ad_id: string | null;
  ad_title: string;
  ad_status: 'active' | 'hidden' | null;
  card_key: string | null;
  my_role: ConversationRole;
  other_id: string | null;
  other_name: string | null;
  unread_count: number;
  /** ISO 8601 */
  last_message_at: string;
  /** The inbox's sort key as text (microseconds), for the cursor. */
  sort_key: string;
  last_preview: string | null;
  last_created_at: string | null;
  last_sender_role: ConversationRole | null;
};

const displayName = (user: string, profile: string) =>
  sql.raw(`coalesce(nullif(${profile}.name, ''), ${user}.name)`);

/**
 * The columns of ConversationRow, for `me` (the asking participant) and `other`. The other
 * person's name and the ad are scalar subqueries, not joins: PostgreSQL plans these statements
 * for every request, and with them as joins it searched the orders of seven relations (about
 * 4 ms of planning against under 1 ms of running, bench/README.md "Stop 23").
 */
const conversationColumns = sql`
  c.id, c.ad_id, c.ad_title, (select a.status from advertisements a where a.id = c.ad_id) as ad_status,
  (select m.card_key from ad_media m
    where m.ad_id = c.ad_id and m.kind = 'image' order by m.position limit 1) as card_key,
  me.role as my_role, other.user_id as other_id,
  (select ${displayName('u', 'p')} from users u left join profiles p on p.id = u.id
    where u.id = other.user_id) as other_name,
  me.unread_count, ${isoTime('me.last_message_at')} as last_message_at,
  ${timestampCursorKey(sql.raw('me.last_message_at'))} as sort_key,
  last.preview as last_preview, ${isoTime('last.created_at')} as last_created_at, last.sender_role as last_sender_role`;

const conversationJoins = sql`
  join conversations c on c.id = me.conversation_id
  join conversation_participants other on other.conversation_id = me.conversation_id and other.role <> me.role
  left join lateral (
    select left(body, ${MESSAGE_PREVIEW_LENGTH}) as preview, created_at, sender_role from messages
    where conversation_id = c.id order by created_at desc, id desc limit 1
  ) last on true`;

const INBOX_SORT = 'inbox';

/**
 * A user's conversations, latest activity first, paged by cursor: an index range scan of
 * conversation_participants_inbox_idx that stops after `limit` rows. With `ad_id`, only those
 * about that ad (the range scan then passes over the user's other conversations).
 */
export async function findInbox(
  db: Executor,
  userId: string,
  page: InboxQuery,
): Promise<{ rows: ConversationRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [sql`me.user_id = ${userId}`];
  if (page.ad_id) conditions.push(sql`c.ad_id = ${page.ad_id}`);
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor, INBOX_SORT, cursorKeyFormats.timestamp);
    conditions.push(
      sql`(me.last_message_at, me.conversation_id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const { rows } = await db.execute<ConversationRow>(sql`
    select ${conversationColumns}
    from conversation_participants me ${conversationJoins}
    where ${sql.join(conditions, sql` and `)}
    order by me.last_message_at desc nulls last, me.conversation_id desc nulls last
    limit ${page.limit + 1}`);
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({ sort: INBOX_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}

/** Who the conversation is between, for the policy; undefined when there is no such conversation. */
export async function findConversationFacts(
  db: Executor,
  conversationId: string,
  options: { lock?: boolean } = {},
): Promise<{ id: string; buyer_id: string | null; seller_id: string | null } | undefined> {
  const { rows } = await db.execute<{ id: string; buyer_id: string | null; seller_id: string | null }>(sql`
    select id, buyer_id, seller_id from conversations where id = ${conversationId}
    ${options.lock ? sql`for update` : sql``}`);
  return rows[0];
}

type ConversationOfUser = Pick<ConversationFacts, 'buyer_id' | 'seller_id'> & {
  view: ConversationRow | null;
};

/**
 * A conversation's facts for the policy, with the asking user's view of it when they take
 * part in it (`view`), in one statement: a thread's every read and write starts here.
 * Undefined when there is no such conversation.
 */
export async function findConversationForUser(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<ConversationOfUser | undefined> {
  const { rows } = await db.execute<ConversationOfUser>(sql`
    select facts.buyer_id, facts.seller_id, to_jsonb(mine) as view
    from conversations facts
    left join lateral (
      select ${conversationColumns}
      from conversation_participants me ${conversationJoins}
      where me.conversation_id = facts.id and me.user_id = ${userId}
    ) mine on true
    where facts.id = ${conversationId}`);
  return rows[0];
}

/** Is either of the two blocking the other? */
export async function isBlockedEitherWay(db: Executor, userId: string, otherId: string): Promise<boolean> {
  const { rows } = await db.execute<{ blocked: boolean }>(sql`
    select exists (
      select 1 from user_blocks
      where (blocker_id = ${userId} and blocked_id = ${otherId})
         or (blocker_id = ${otherId} and blocked_id = ${userId})
    ) as blocked`);
  return rows[0]?.blocked ?? false;
}

/** The thread's flags for the asking user: have they blocked the other, is their report of it open. */
export async function findConversationFlags(
  db: Executor,
  conversation: Pick<ConversationRow, 'id' | 'other_id'>,
  userId: string,
) {
  const { rows } = await db.execute<{ blocked_by_me: boolean; blocked_me: boolean; reported: boolean }>(sql`
    select
      exists (select 1 from user_blocks where blocker_id = ${userId} and blocked_id = ${conversation.other_id})
        as blocked_by_me,
      exists (select 1 from user_blocks where blocker_id = ${conversation.other_id} and blocked_id = ${userId})
        as blocked_me,
      exists (select 1 from conversation_reports
              where conversation_id = ${conversation.id} and reporter_id = ${userId} and resolved_at is null)
        as reported`);
  return rows[0]!;
}

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_role: ConversationRole;
  body: string;
  warnings: MessageWarning[];
  /** ISO 8601 */
  created_at: string;
  /** The recipient's read state reaches this message. */
  is_read: boolean;
};

/**
 * A page of a thread, oldest to newest: the newest messages, those older than `before`, or
 * those newer than `after` (a catch-up), each read with the recipient's read state.
 */
export async function findMessages(
  db: Executor,
  conversationId: string,
  page: { before?: string; after?: string; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const anchorId = page.before ?? page.after;
  const conditions: SQL[] = [sql`m.conversation_id = ${conversationId}`];
  if (anchorId) {
    // No such message in this conversation: no row compares with it, and the page is empty.
    const anchor = sql`(select created_at, id from messages where id = ${anchorId} and conversation_id = ${conversationId})`;
    conditions.push(
      page.after ? sql`(m.created_at, m.id) > ${anchor}` : sql`(m.created_at, m.id) < ${anchor}`,
    );
  }
  const direction = page.after ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<MessageRow>(sql`
    select m.id, m.conversation_id, m.sender_role, m.body, m.warnings, ${isoTime('m.created_at')} as created_at,
           coalesce(recipient.last_read_at >= m.created_at, false) as is_read
    from messages m
    join conversation_participants recipient
      on recipient.conversation_id = m.conversation_id and recipient.role <> m.sender_role
    where ${sql.join(conditions, sql` and `)}
    order by m.created_at ${direction}, m.id ${direction}
    limit ${page.limit + 1}`);
  // Only an empty page asks whether its anchor exists: a page of messages found it.
  if (anchorId && rows.length === 0 && !(await isMessageOf(db, anchorId, conversationId))) {
    throw badRequest(undefined, {
      [page.before ? 'before' : 'after']: 'No such message in this conversation.',
    });
  }
  const pageRows = rows.slice(0, page.limit);
  if (!page.after) pageRows.reverse();
  return { rows: pageRows, hasMore: rows.length > page.limit };
}

async function isMessageOf(db: Executor, messageId: string, conversationId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from messages where id = ${messageId} and conversation_id = ${conversationId}`);
  return rows.length > 0;
}

/** Unread messages over all of a user's conversations (the header's Messages count). */
export async function countUnreadMessages(db: Executor, userId: string): Promise<number> {
  const { rows } = await db.execute<{ unread: number }>(sql`
    select coalesce(sum(unread_count), 0)::int as unread from conversation_participants
    where user_id = ${userId} and unread_count > 0`);
  return rows[0]?.unread ?? 0;
}
