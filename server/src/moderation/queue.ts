import {
  QUEUE_CONVERSATION_MESSAGES,
  type AdQueueItem,
  type ConversationQueueItem,
  type QueueFlag,
  type QueueItem,
  type QueueReason,
  type SellerHistory,
} from '@bazaar/common/moderation';
import { sql, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { Database } from '../db/database';
import type { Storage } from '../media/storage';
import { can, type Actor } from '../policies/authorize';
import { personCounts } from './users';

const QUEUE_SORT = 'queue';
/**
 * The queue's sort key: open reports (zero-padded) and the entry's time (an ad's creation, a
 * conversation's newest open report), e.g. `0000000003|2026-…Z`.
 */
const isQueueKey = (key: string) => /^\d{10}\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key);

type Entry = { kind: QueueItem['kind']; id: string; sort_key: string };

type AdRow = {
  id: string;
  title: string;
  price: number;
  status: AdQueueItem['ad']['status'];
  category: string;
  featured: boolean;
  created_at: string;
  hidden_reason: string | null;
  card_key: string | null;
  report_count: number;
  review_requested: boolean;
  reasons: QueueReason[];
  flags: {
    id: string;
    kind: QueueFlag['kind'];
    detail: string;
    created_at: string;
    matching_ad_exists: boolean;
  }[];
  seller: SellerHistory;
};

type ConversationRow = {
  id: string;
  created_at: string;
  buyer_id: string | null;
  seller_id: string | null;
  ad_id: string | null;
  ad_title: string;
  ad_status: ConversationQueueItem['conversation']['ad']['status'];
  card_key: string | null;
  reports: ConversationQueueItem['reports'];
  buyer: SellerHistory | null;
  seller: SellerHistory | null;
  /** The newest messages plus one, newest first: the extra one says there are earlier ones. */
  messages: ConversationQueueItem['messages'];
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const counts = personCounts(sql`u.id`);

/** A person's history as the queue shows it, or null when there is no such account. */
const personHistory = (userId: SQL) => sql`(
  select json_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'created_at', ${iso('u.created_at')},
    'ad_count', ${counts.ad_count}, 'report_count', ${counts.report_count},
    'conversation_report_count', ${counts.conversation_report_count},
    'suspended', u.suspended_at is not null)
  from users u where u.id = ${userId})`;

/**
 * The moderation queue, for one staff member: every ad of someone else with an open report or
 * flag, waiting for review (`pending`) or whose owner asked for one, and every conversation
 * with an open report that the staff member takes no part in (nobody on the staff decides
 * about their own); most open reports first, then newest. The
 * candidates are found through partial indexes (open ad reports, open flags, ads awaiting
 * review, open conversation reports), so the queue costs what is in it, not the size of the
 * catalogue or of the messages. A page is read in three statements: its entries, then the
 * details of its ads and of its conversations.
 */
export async function findQueue(
  db: Database,
  storage: Storage,
  staff: NonNullable<Actor>,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<{ items: QueueItem[]; next_cursor: string | null }> {
  const after = cursor ? decodeCursor(cursor, QUEUE_SORT, isQueueKey) : undefined;
  const [afterReports, afterTime] = after ? after.key.split('|') : [];
  const { rows } = await db.execute<Entry>(sql`
    with ad_candidates as (
      select ad_id from ad_reports where resolved_at is null
      union select ad_id from ad_flags where resolved_at is null
      union select id from advertisements where status = 'pending' or review_requested_at is not null
    ), entries as (
      select 'ad' as kind, a.id, a.created_at as sort_time,
        (select count(*)::int from ad_reports r where r.ad_id = a.id and r.resolved_at is null) as open_reports
      from ad_candidates c join advertisements a on a.id = c.ad_id
      where a.user_id <> ${staff.id}
      union all
      select 'conversation', r.conversation_id, max(r.created_at), count(*)::int
      from conversation_reports r join conversations c on c.id = r.conversation_id
      where r.resolved_at is null
        and c.buyer_id is distinct from ${staff.id} and c.seller_id is distinct from ${staff.id}
      group by r.conversation_id
    )
    select e.kind, e.id,
      lpad(e.open_reports::text, 10, '0') || '|' ||
        to_char(e.sort_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key
    from entries e
    ${
      after
        ? sql`where (e.open_reports, e.sort_time, e.id) < (${Number(afterReports)}::int, ${afterTime}::timestamptz, ${after.id}::uuid)`
        : sql``
    }
    order by e.open_reports desc, e.sort_time desc, e.id desc
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const idsOf = (kind: Entry['kind']) => page.filter((entry) => entry.kind === kind).map((entry) => entry.id);
  const [ads, conversations] = await Promise.all([
    findAdItems(db, storage, idsOf('ad')),
    findConversationItems(db, storage, staff, idsOf('conversation')),
  ]);
  const last = page.at(-1);
  return {
    // An entry decided between the statements (its reports closed) is left out of this page.
    items: page.flatMap((entry) => {
      const item = entry.kind === 'ad' ? ads.get(entry.id) : conversations.get(entry.id);
      return item ? [item] : [];
    }),
    next_cursor:
      rows.length > limit && last
        ? encodeCursor({ sort: QUEUE_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}

/** The queued ads with their reasons (counts and details), flags and the seller's history. */
async function findAdItems(db: Database, storage: Storage, ids: string[]): Promise<Map<string, QueueItem>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<AdRow>(sql`
    select a.id, a.title, a.price, a.status, a.category, coalesce(a.featured_until > now(), false) as featured,
      ${iso('a.created_at')} as created_at, a.hidden_reason,
      (select count(*)::int from ad_reports r where r.ad_id = a.id and r.resolved_at is null) as report_count,
      a.review_requested_at is not null as review_requested,
      (select m.card_key from ad_media m
        where m.ad_id = a.id and m.kind = 'image' order by m.position limit 1) as card_key,
      coalesce((
        select json_agg(json_build_object('reason', g.reason, 'count', g.count, 'details', g.details)
                        order by g.count desc, g.reason)
        from (
          select r.reason, count(*)::int as count,
            coalesce((array_agg(r.details order by r.created_at desc) filter (where r.details is not null and r.details <> ''))[1:10], '{}') as details
          from ad_reports r where r.ad_id = a.id and r.resolved_at is null
          group by r.reason
        ) g), '[]'::json) as reasons,
      coalesce((
        select json_agg(json_build_object('id', f.id, 'kind', f.kind, 'detail', f.detail,
                          'created_at', ${iso('f.created_at')},
                          'matching_ad_exists', exists(select 1 from advertisements o where o.id::text = f.detail))
                        order by f.created_at)
        from ad_flags f where f.ad_id = a.id and f.resolved_at is null), '[]'::json) as flags,
      ${personHistory(sql`a.user_id`)} as seller
    from advertisements a
    where a.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((row): [string, QueueItem] => [
      row.id,
      {
        kind: 'ad',
        ad: {
          id: row.id,
          title: row.title,
          price: row.price,
          image_url: row.card_key ? storage.url(row.card_key) : null,
          status: row.status,
          category: row.category,
          featured: row.featured,
          created_at: row.created_at,
          hidden_reason: row.hidden_reason,
        },
        report_count: row.report_count,
        reasons: row.reasons,
        flags: row.flags.map((flag): QueueFlag =>
          flag.kind === 'reused_photo'
            ? {
                id: flag.id,
                kind: 'reused_photo',
                matching_ad_id: flag.matching_ad_exists ? flag.detail : null,
                created_at: flag.created_at,
              }
            : { id: flag.id, kind: 'blocked_term', term: flag.detail, created_at: flag.created_at },
        ),
        review_requested: row.review_requested,
        seller: row.seller,
      },
    ]),
  );
}

const sideOf = (userId: string) =>
  sql.raw(`case
    when ${userId} = c.buyer_id then 'buyer' when ${userId} = c.seller_id then 'seller' end`);

/**
 * The queued conversations: their open reports (newest first), the ad, both people's
 * history and the newest messages (QUEUE_CONVERSATION_MESSAGES, each read through the
 * thread index). The policy decides, conversation by conversation, that this staff member
 * may read them: open reports, and no part in it.
 */
async function findConversationItems(
  db: Database,
  storage: Storage,
  staff: NonNullable<Actor>,
  ids: string[],
): Promise<Map<string, QueueItem>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<ConversationRow>(sql`
    select c.id, ${iso('c.created_at')} as created_at, c.buyer_id, c.seller_id, c.ad_id, c.ad_title,
      (select a.status from advertisements a where a.id = c.ad_id) as ad_status,
      (select m.card_key from ad_media m
        where m.ad_id = c.ad_id and m.kind = 'image' order by m.position limit 1) as card_key,
      coalesce((
        select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'details', r.details,
                          'created_at', ${iso('r.created_at')},
                          'reporter_role', ${sideOf('r.reporter_id')}, 'reported_role', ${sideOf('r.reported_id')})
                        order by r.created_at desc, r.id desc)
        from conversation_reports r where r.conversation_id = c.id and r.resolved_at is null), '[]'::json) as reports,
      ${personHistory(sql`c.buyer_id`)} as buyer,
      ${personHistory(sql`c.seller_id`)} as seller,
      coalesce((
        select json_agg(json_build_object('id', m.id, 'sender_role', m.sender_role, 'body', m.body,
                          'warnings', m.warnings, 'created_at', ${iso('m.created_at')})
                        order by m.created_at desc, m.id desc)
        from (select * from messages m where m.conversation_id = c.id
              order by m.created_at desc, m.id desc limit ${QUEUE_CONVERSATION_MESSAGES + 1}) m), '[]'::json) as messages
    from conversations c
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    rows
      .filter((row) =>
        can(staff, 'review', {
          conversation: {
            buyer_id: row.buyer_id,
            seller_id: row.seller_id,
            open_reports: row.reports.length,
          },
        }),
      )
      .map((row): [string, QueueItem] => [
        row.id,
        {
          kind: 'conversation',
          conversation: {
            id: row.id,
            created_at: row.created_at,
            ad: {
              id: row.ad_id,
              title: row.ad_title,
              image_url: row.card_key ? storage.url(row.card_key) : null,
              status: row.ad_status,
            },
          },
          report_count: row.reports.length,
          reports: row.reports,
          buyer: row.buyer,
          seller: row.seller,
          messages: row.messages.slice(0, QUEUE_CONVERSATION_MESSAGES).reverse(),
          has_earlier_messages: row.messages.length > QUEUE_CONVERSATION_MESSAGES,
        },
      ]),
  );
}
