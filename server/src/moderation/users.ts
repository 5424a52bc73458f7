import type { AdminConversationReport, AdminReport, AdminUser, AdminUserAd } from '@bazaar/common/moderation';
import { sql, type SQL } from 'drizzle-orm';
import { cursorKeyFormats, decodeCursor, encodeCursor } from '../http/cursor';
import type { Database, Executor } from '../db/database';
import type { Storage } from '../media/storage';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What staff weigh of the person `userId` names, wherever the console shows them (the Users
 * tab, the queue's people): their number of ads, of reports about their ads and of reports
 * about them by the other side of their conversations, each counted through an index.
 */
export function personCounts(userId: SQL) {
  return {
    ad_count: sql`(select count(*)::int from advertisements a where a.user_id = ${userId})`,
    report_count: sql`(select count(*)::int from ad_reports r join advertisements a on a.id = r.ad_id
      where a.user_id = ${userId})`,
    conversation_report_count: sql`(select count(*)::int from conversation_reports r where r.reported_id = ${userId})`,
  };
}

const counts = personCounts(sql`u.id`);

/** A user as the console lists them, with their counts (personCounts). */
const adminUserColumns = sql`
  u.id, u.name, u.email, u.role, ${iso(sql`u.created_at`)} as created_at,
  ${iso(sql`u.suspended_at`)} as suspended_at, u.suspended_reason,
  ${counts.ad_count} as ad_count, ${counts.report_count} as report_count,
  ${counts.conversation_report_count} as conversation_report_count`;

export async function findAdminUser(executor: Executor, userId: string): Promise<AdminUser | undefined> {
  const { rows } = await executor.execute<AdminUser>(sql`
    select ${adminUserColumns} from users u where u.id = ${userId}`);
  return rows[0];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const USERS_SORT = 'users';

/** People whose e-mail or name holds `q` (any case), newest accounts first. */
export async function searchUsers(
  db: Database,
  { q, cursor, limit }: { q: string; cursor?: string; limit: number },
): Promise<{ items: AdminUser[]; next_cursor: string | null }> {
  const conditions: SQL[] = [sql`true`];
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(sql`(u.email ilike ${pattern} or u.name ilike ${pattern})`);
  }
  if (cursor) {
    const after = decodeCursor(cursor, USERS_SORT, cursorKeyFormats.timestamp);
    conditions.push(sql`(u.created_at, u.id) < (${after.key}::timestamptz, ${after.id}::uuid)`);
  }
  const { rows } = await db.execute<AdminUser & { sort_key: string }>(sql`
    select ${adminUserColumns},
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key
    from users u
    where ${sql.join(conditions, sql` and `)}
    order by u.created_at desc, u.id desc
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ sort_key: _sortKey, ...user }) => user),
    next_cursor:
      rows.length > limit && last
        ? encodeCursor({ sort: USERS_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}

const DETAIL_LIMIT = 100;

/**
 * A person's ads (any status), the reports about their ads and the reports about them in
 * their conversations, newest first, for the console.
 */
export async function findUserDetail(db: Database, storage: Storage, userId: string) {
  const user = await findAdminUser(db, userId);
  if (!user) return undefined;
  const [ads, reports, conversationReports] = await Promise.all([
    db.execute<Omit<AdminUserAd, 'image_url'> & { card_key: string | null }>(sql`
      select a.id, a.title, a.price, a.status, a.category, coalesce(a.featured_until > now(), false) as featured,
        ${iso(sql`a.created_at`)} as created_at, a.hidden_reason,
        (select m.card_key from ad_media m
          where m.ad_id = a.id and m.kind = 'image' order by m.position limit 1) as card_key,
        (select count(*)::int from ad_reports r where r.ad_id = a.id and r.resolved_at is null) as open_reports
      from advertisements a where a.user_id = ${userId}
      order by a.created_at desc, a.id desc
      limit ${DETAIL_LIMIT}`),
    db.execute<AdminReport>(sql`
      select r.id, r.ad_id, a.title as ad_title, r.reason, r.details, ${iso(sql`r.created_at`)} as created_at,
        ${iso(sql`r.resolved_at`)} as resolved_at
      from ad_reports r join advertisements a on a.id = r.ad_id
      where a.user_id = ${userId}
      order by r.created_at desc, r.id desc
      limit ${DETAIL_LIMIT}`),
    db.execute<AdminConversationReport>(sql`
      select r.id, r.conversation_id, c.ad_title, r.reason, r.details,
        ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.resolved_at`)} as resolved_at
      from conversation_reports r join conversations c on c.id = r.conversation_id
      where r.reported_id = ${userId}
      order by r.created_at desc, r.id desc
      limit ${DETAIL_LIMIT}`),
  ]);
  return {
    user,
    ads: ads.rows.map(({ card_key, ...ad }) => ({
      ...ad,
      price: Number(ad.price),
      image_url: card_key ? storage.url(card_key) : null,
    })),
    reports: reports.rows,
    conversation_reports: conversationReports.rows,
  };
}
