import { NOTIFICATION_TITLE_MAX_LENGTH, type NotificationKind } from '@bazaar/common/notifications';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { publishLive } from '../live/live-hub';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** The sentence shown in the bell, plain text; cut to NOTIFICATION_TITLE_MAX_LENGTH. */
  title: string;
  /** A path on this site ('/messages/…'), or null. */
  link: string | null;
  /**
   * While a notification with this key is unread, a new one replaces it (its title, link and
   * time) instead of adding another: one 'message' notification per conversation, say.
   */
  coalesceKey?: string;
  /**
   * Written at most once per user with this key, ever: a reminder per period
   * (`trial_ending:<period end>`). A second call does nothing and returns null.
   */
  onceKey?: string;
}

/**
 * A path on this site: one leading slash, no backslash (browsers read `/\host` as another
 * site), no whitespace or control characters.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;

function cutTitle(title: string): string {
  const text = title.trim().replace(/\s+/g, ' ');
  if (text.length <= NOTIFICATION_TITLE_MAX_LENGTH) return text;
  return `${text.slice(0, NOTIFICATION_TITLE_MAX_LENGTH - 1)}…`;
}

/**
 * Tells a user something happened: writes the notification and publishes the `notification`
 * live event to their tabs. Call it with the transaction of the change it tells about: if that
 * rolls back, nothing is written and nothing is sent (PostgreSQL delivers NOTIFY on commit).
 *
 *   await db.transaction(async (tx) => {
 *     await hideAd(tx, adId, reason);
 *     await notify(tx, { userId: ownerId, kind: 'ad_hidden', title: `Your ad “${title}” was hidden`, link: '/dashboard' });
 *   });
 *
 * Returns the notification's id, or null when `onceKey` had already been used.
 */
export async function notify(executor: Executor, input: NotificationInput): Promise<string | null> {
  const title = cutTitle(input.title);
  const link = input.link && SITE_PATH.test(input.link) ? input.link : null;
  const coalesceKey = input.coalesceKey ?? null;
  const onceKey = input.onceKey ?? null;
  const { rows } = coalesceKey
    ? await executor.execute<{ id: string }>(sql`
        insert into notifications (user_id, kind, title, link, coalesce_key, once_key)
        values (${input.userId}, ${input.kind}, ${title}, ${link}, ${coalesceKey}, ${onceKey})
        on conflict (user_id, coalesce_key) where read_at is null and coalesce_key is not null
        do update set kind = excluded.kind, title = excluded.title, link = excluded.link,
                      created_at = clock_timestamp()
        returning id`)
    : await executor.execute<{ id: string }>(sql`
        insert into notifications (user_id, kind, title, link, once_key)
        values (${input.userId}, ${input.kind}, ${title}, ${link}, ${onceKey})
        on conflict do nothing
        returning id`);
  const id = rows[0]?.id ?? null;
  if (!id) return null;
  await publishLive(executor, {
    userIds: [input.userId],
    type: 'notification',
    data: { notification_id: id },
  });
  return id;
}
