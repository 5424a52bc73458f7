import { SELLER_REPLY_WITHIN_HOURS, SELLER_RESPONSE_WINDOW_DAYS } from '@bazaar/common/constants';
import { isUuid } from '@bazaar/common/ids';
import type { SellerPageResponse, SellerResponse } from '@bazaar/common/sellers';
import { sql } from 'drizzle-orm';
import type { AdSummaryRow } from '../ads/queries';
import { summaryColumns } from '../ads/queries';
import type { Database } from '../db/database';
import { cursorKeyFormats, decodeCursor, encodeCursor, timestampCursorKey } from '../http/cursor';
import { authorize, can, type Actor } from '../policies/authorize';

/** The seller as the public page shows them, and whether staff suspended the account. */
async function findSeller(db: Database, sellerId: string) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    member_since: Date;
    verified: boolean;
    location: string;
    suspended_at: Date | null;
    active_ads: number;
  }>(sql`
    select u.id, coalesce(nullif(p.name, ''), u.name) as name, u.created_at as member_since,
      u.email_verified as verified, coalesce(p.location, '') as location, u.suspended_at,
      (select count(*)::int from advertisements a where a.user_id = u.id and a.status = 'active') as active_ads
    from users u left join profiles p on p.id = u.id
    where u.id = ${sellerId}`);
  return rows[0];
}

/**
 * How the seller answers (decision 0019): conversations buyers started with them in the last
 * SELLER_RESPONSE_WINDOW_DAYS days: asked at the buyer's first message, answered at the seller's
 * first message. One still unanswered and younger than SELLER_REPLY_WITHIN_HOURS is not
 * counted yet (its outcome is open). The rate is the share answered within that time; the typical time the median of
 * all first replies.
 *
 * Indexed without an index of its own: the seller's side of each conversation is found by the
 * inbox index (user_id, last_message_at desc), whose range on last_message_at bounds the window
 * because a conversation's last message is never older than its start; the first question and
 * the first reply are short scans of messages_conversation_created_idx from the conversation's
 * start (correlated subqueries, so the planner cannot turn them into a scan of all messages).
 */
export async function findSellerResponse(db: Database, sellerId: string): Promise<SellerResponse> {
  const window = sql`now() - make_interval(days => ${SELLER_RESPONSE_WINDOW_DAYS})`;
  const replyWithin = sql`make_interval(hours => ${SELLER_REPLY_WITHIN_HOURS})`;
  const { rows } = await db.execute<{
    counted: number;
    answered_in_time: number;
    median_seconds: number | null;
  }>(sql`
    with asked as (
      select
        (select m.created_at from messages m
          where m.conversation_id = p.conversation_id and m.sender_role = 'buyer'
          order by m.created_at limit 1) as asked_at,
        (select m.created_at from messages m
          where m.conversation_id = p.conversation_id and m.sender_role = 'seller'
          order by m.created_at limit 1) as replied_at
      from conversation_participants p
      where p.user_id = ${sellerId} and p.role = 'seller' and p.last_message_at >= ${window}
    ), counted as (
      select * from asked where asked_at >= ${window}
    )
    select
      count(*) filter (where replied_at is not null or asked_at < now() - ${replyWithin})::int as counted,
      count(*) filter (where replied_at - asked_at <= ${replyWithin})::int as answered_in_time,
      round(percentile_cont(0.5) within group (order by extract(epoch from replied_at - asked_at))
        filter (where replied_at is not null))::int as median_seconds
    from counted`);
  const row = rows[0] ?? { counted: 0, answered_in_time: 0, median_seconds: null };
  return {
    rate_percent: row.counted > 0 ? Math.round((100 * row.answered_in_time) / row.counted) : null,
    typical_seconds: row.median_seconds,
    conversations: row.counted,
  };
}

/** Does the public see this seller's page (an account, not suspended)? */
export async function isPublicSeller(db: Database, sellerId: string): Promise<boolean> {
  return isUuid(sellerId) && can(null, 'read', { seller: await findSeller(db, sellerId) });
}

/** GET /api/sellers/:id: 404 when there is no such account or it is suspended. */
export async function sellerPage(db: Database, actor: Actor, sellerId: string): Promise<SellerPageResponse> {
  const [seller, response] = await Promise.all([findSeller(db, sellerId), findSellerResponse(db, sellerId)]);
  const found = authorize(actor, 'read', { seller });
  return {
    id: found.id,
    name: found.name,
    member_since: new Date(found.member_since).toISOString(),
    verified: found.verified,
    location: found.location,
    response,
    active_ads: found.active_ads,
  };
}

const SELLER_ADS_SORT = 'seller';

/**
 * A seller's active ads, newest first, read along advertisements_user_created_idx
 * (user_id, created_at desc). Asks the seller policy first, so a suspended seller's list is a 404.
 */
export async function findActiveAdsOfSeller(
  db: Database,
  actor: Actor,
  sellerId: string,
  page: { cursor?: string; limit: number },
): Promise<{ rows: AdSummaryRow[]; nextCursor: string | null }> {
  authorize(actor, 'read', { seller: await findSeller(db, sellerId) });
  const cursor = page.cursor
    ? decodeCursor(page.cursor, SELLER_ADS_SORT, cursorKeyFormats.timestamp)
    : undefined;
  const after = cursor
    ? sql`and (a.created_at, a.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<AdSummaryRow & { sort_key: string }>(sql`
    select ${summaryColumns}, ${timestampCursorKey(sql`a.created_at`)} as sort_key
    from advertisements a
    where a.user_id = ${sellerId} and a.status = 'active' ${after}
    order by a.created_at desc, a.id desc
    limit ${page.limit + 1}`);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ sort_key: _sortKey, ...row }) => row),
    nextCursor:
      hasMore && last ? encodeCursor({ sort: SELLER_ADS_SORT, key: last.sort_key, id: last.id }) : null,
  };
}
