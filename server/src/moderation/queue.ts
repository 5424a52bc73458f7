import type { QueueFlag, QueueItem, QueueReason } from '@bazaar/common/moderation';
import { sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { Database } from '../db/database';
import type { Storage } from '../media/storage';

const QUEUE_SORT = 'queue';
/** The queue's sort key: open reports (zero-padded) and the ad's creation time, e.g. `0000000003|2026-…Z`. */
const isQueueKey = (key: string) => /^\d{10}\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key);

type QueueRow = {
  id: string;
  title: string;
  price: number;
  status: QueueItem['ad']['status'];
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
  seller: QueueItem['seller'];
  sort_key: string;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The moderation queue: every ad with an open report or flag, waiting for review (`pending`)
 * or whose owner asked for one; most open reports first, then newest. Each comes with its
 * reasons (counts and details), flags and the seller's history. The candidates are found
 * through partial indexes (open reports, open flags, ads awaiting review), so the queue costs
 * what is in it, not the size of the catalogue.
 */
export async function findQueue(
  db: Database,
  storage: Storage,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<{ items: QueueItem[]; next_cursor: string | null }> {
  const after = cursor ? decodeCursor(cursor, QUEUE_SORT, isQueueKey) : undefined;
  const [afterReports, afterCreated] = after ? after.key.split('|') : [];
  const { rows } = await db.execute<QueueRow>(sql`
    with candidates as (
      select ad_id from ad_reports where resolved_at is null
      union select ad_id from ad_flags where resolved_at is null
      union select id from advertisements where status = 'pending' or review_requested_at is not null
    ), ranked as (
      select a.*, (select count(*)::int from ad_reports r where r.ad_id = a.id and r.resolved_at is null) as open_reports
      from candidates c join advertisements a on a.id = c.ad_id
    ), page as (
      select * from ranked a
      ${
        after
          ? sql`where (a.open_reports, a.created_at, a.id) < (${Number(afterReports)}::int, ${afterCreated}::timestamptz, ${after.id}::uuid)`
          : sql``
      }
      order by a.open_reports desc, a.created_at desc, a.id desc
      limit ${limit + 1}
    )
    select a.id, a.title, a.price, a.status, a.category, coalesce(a.featured_until > now(), false) as featured,
      ${iso('a.created_at')} as created_at, a.hidden_reason, a.open_reports as report_count,
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
      json_build_object(
        'id', u.id, 'name', u.name, 'email', u.email, 'created_at', ${iso('u.created_at')},
        'ad_count', (select count(*)::int from advertisements s where s.user_id = u.id),
        'report_count', (select count(*)::int from ad_reports r join advertisements s on s.id = r.ad_id
                          where s.user_id = u.id),
        'suspended', u.suspended_at is not null) as seller,
      lpad(a.open_reports::text, 10, '0') || '|' ||
        to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key
    from page a join users u on u.id = a.user_id
    order by a.open_reports desc, a.created_at desc, a.id desc`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
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
    })),
    next_cursor:
      rows.length > limit && last
        ? encodeCursor({ sort: QUEUE_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}
