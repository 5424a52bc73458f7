import type { Notification } from '@bazaar/common/notifications';
import { notificationKindSchema } from '@bazaar/common/notifications';
import { sql, type SQL } from 'drizzle-orm';
import { cursorKeyFormats, decodeCursor, encodeCursor, timestampCursorKey } from '../http/cursor';
import type { Executor } from '../db/database';
import { publishLive } from '../live/live-hub';

const NOTIFICATIONS_SORT = 'notifications';

type NotificationRow = {
  id: string;
  kind: string;
  title: string;
  link: string | null;
  created_at: string;
  is_read: boolean;
  /** created_at to the microsecond, for the cursor. */
  sort_key: string;
};

function present(row: NotificationRow): Notification {
  const kind = notificationKindSchema.safeParse(row.kind);
  return {
    id: row.id,
    // A kind this build does not know yet (written by a newer process) reads as a plain message.
    kind: kind.success ? kind.data : 'message',
    title: row.title,
    link: row.link,
    created_at: row.created_at,
    is_read: row.is_read,
  };
}

/**
 * A user's notifications, newest first, paged by cursor: a range scan of
 * notifications_user_recent_idx that stops after `limit` rows.
 */
export async function findNotifications(
  db: Executor,
  userId: string,
  page: { cursor?: string; limit: number },
): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const conditions: SQL[] = [sql`user_id = ${userId}`];
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor, NOTIFICATIONS_SORT, cursorKeyFormats.timestamp);
    conditions.push(sql`(created_at, id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`);
  }
  const { rows } = await db.execute<NotificationRow>(sql`
    select id, kind, title, link, read_at is not null as is_read,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      ${timestampCursorKey(sql.raw('created_at'))} as sort_key
    from notifications
    where ${sql.join(conditions, sql` and `)}
    order by created_at desc nulls last, id desc nulls last
    limit ${page.limit + 1}`);
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    notifications: pageRows.map(present),
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({ sort: NOTIFICATIONS_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}

/** How many of the user's notifications are unread (notifications_user_unread_idx). */
export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const { rows } = await db.execute<{ unread: number }>(sql`
    select count(*)::int as unread from notifications where user_id = ${userId} and read_at is null`);
  return rows[0]?.unread ?? 0;
}

/** Whose a notification is, for the policy; undefined when there is no such notification. */
export async function findNotificationFacts(
  db: Executor,
  notificationId: string,
): Promise<{ id: string; user_id: string } | undefined> {
  const { rows } = await db.execute<{ id: string; user_id: string }>(sql`
    select id, user_id from notifications where id = ${notificationId}`);
  return rows[0];
}

/** Tells the user's other tabs that their read state changed (they refetch). */
async function publishReadState(tx: Executor, userId: string): Promise<void> {
  await publishLive(tx, { userIds: [userId], type: 'notification', data: { notification_id: null } });
}

/** Marks one notification of the user read; call after the policy let them. */
export async function markNotificationRead(tx: Executor, notificationId: string, userId: string) {
  const { rows } = await tx.execute(sql`
    update notifications set read_at = clock_timestamp()
    where id = ${notificationId} and user_id = ${userId} and read_at is null
    returning id`);
  if (rows.length > 0) await publishReadState(tx, userId);
}

/** "Mark all as read". */
export async function markAllNotificationsRead(tx: Executor, userId: string) {
  const { rows } = await tx.execute(sql`
    update notifications set read_at = clock_timestamp()
    where user_id = ${userId} and read_at is null
    returning id`);
  if (rows.length > 0) await publishReadState(tx, userId);
}
