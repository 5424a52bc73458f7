import type { AdStatus } from '@bazaar/common/ads';
import { HOME_FEATURED_LIMIT, RELATED_ADS_LIMIT, SEARCH_COUNT_CAP } from '@bazaar/common/constants';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  sortOfSearch,
  type AdSearchCriteria,
  type AdSort,
} from '@bazaar/common/search-criteria';
import { readProfileSettings } from '@bazaar/common/settings';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { adMedia, advertisements, categories, profiles, users } from '../db/schema';
import { textSearchConfig } from '../db/text-search';
import {
  cursorKeyFormats,
  cursorSortOf,
  decodeCursor,
  encodeCursor,
  timestampCursorKey,
  type Cursor,
} from '../http/cursor';
import { distanceFromCentre, nearnessToCentre, withinCircle, type SearchCircle } from '../places/distance';
import { coordinatesOfPlace, escapeLike } from '../places/queries';
import { searchTextQuery } from './search-text';

/** An ad as lists show it, with the storage key of its first image's card variant. */
export type AdSummaryRow = {
  id: string;
  title: string;
  price: number;
  category: string;
  location: string;
  /** Featured now (its featured week has not ended). */
  featured: boolean;
  /** ISO 8601, UTC: end of the running featured week; null when not featured now. */
  featured_until: string | null;
  views: number;
  likes: number;
  status: AdStatus;
  /** ISO 8601, UTC: when it expires (or expired) (issue 14). */
  expires_at: string;
  /** ISO 8601, UTC: when its owner marked it sold; null unless sold. */
  sold_at: string | null;
  /** Why staff hid it (issue 13); only the owner's list shows it. */
  hidden_reason: string | null;
  /** The owner asked staff to look again. */
  review_requested: boolean;
  /** ISO 8601, UTC, milliseconds. */
  created_at: string;
  card_key: string | null;
  /** Kilometres from the place of a search by place (issue 14); absent otherwise. */
  distance_km?: number;
};

export interface AdPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  /**
   * How many ads match, up to SEARCH_COUNT_CAP + 1, read by the page's own statement: on the
   * first page of a search outside a category (PageQuery.isCounted).
   */
  matches?: number;
}

/** Featured now: its week has not ended (the end-of-feature job clears the column later). */
const featuredNow = sql`a.featured_until > now()`;
const notFeaturedNow = sql`(a.featured_until is null or a.featured_until <= now())`;

/** The columns of an `AdSummaryRow`, read from `advertisements a`. */
export const summaryColumns = sql`
  a.id, a.title, a.price, a.category, a.location, coalesce(${featuredNow}, false) as featured,
  case when ${featuredNow}
    then to_char(a.featured_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as featured_until,
  a.views, a.likes, a.status, a.hidden_reason, a.review_requested_at is not null as review_requested,
  to_char(a.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
  to_char(a.sold_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sold_at,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  (select m.card_key from ad_media m
    where m.ad_id = a.id and m.kind = 'image' order by m.position limit 1) as card_key`;

const createdKey = timestampCursorKey(sql.raw('a.created_at'));

interface SortOrder {
  /**
   * Best match ranks a bounded set of candidates (rankedPageRows); the other orders read
   * advertisements `a` in index order.
   */
  isRanked?: true;
  /** Nearest first: read from the earth index in its order (a KNN scan). */
  isNearestFirst?: true;
  orderBy: SQL;
  /** The row's sort key as text, for the cursor. */
  key: SQL;
  isValidKey: (key: string) => boolean;
  /** Rows after the cursor in this order. */
  after: (cursor: Cursor) => SQL;
}

/**
 * Best match ranks at most this many matches, the newest (in a search by place, the nearest): a
 * broad word matches a large part of the catalogue, and ranking every match would read them all
 * (issue 15: p95 ≤ 50 ms at a million ads). Beyond them, results end; as many as "1,000+ ads
 * found" counts.
 */
export const RANKED_CANDIDATES_MAX = SEARCH_COUNT_CAP;

/** Best match's key: the rank in millionths (an integer, so pages neither skip nor repeat), then the time. */
const rankedKey = sql`r.rank::text || ' ' || ${timestampCursorKey(sql.raw('r.created_at'))}`;
const RANKED_KEY = /^(\d{1,7}) (.+)$/;
const splitRankedKey = (key: string) => RANKED_KEY.exec(key)?.slice(1) as [string, string] | undefined;

// Each order matches an index of schema.ts column for column (direction and nulls included),
// so a page is an index range scan that stops after `limit` rows, however deep it is.
const sortOrders: Record<Exclude<AdSort, 'distance'>, SortOrder> = {
  relevance: {
    isRanked: true,
    orderBy: sql`r.rank desc, r.created_at desc, r.id desc`,
    key: rankedKey,
    isValidKey: (key) => {
      const parts = splitRankedKey(key);
      return parts !== undefined && cursorKeyFormats.timestamp(parts[1]);
    },
    after: (cursor) => {
      const [rank, createdAt] = splitRankedKey(cursor.key)!;
      return sql`(r.rank, r.created_at, r.id) < (${rank}::int, ${createdAt}::timestamptz, ${cursor.id}::uuid)`;
    },
  },
  newest: {
    orderBy: sql`a.created_at desc nulls last, a.id desc nulls last`,
    key: createdKey,
    isValidKey: cursorKeyFormats.timestamp,
    after: (cursor) => sql`(a.created_at, a.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
  },
  oldest: {
    orderBy: sql`a.created_at asc nulls first, a.id asc nulls first`,
    key: createdKey,
    isValidKey: cursorKeyFormats.timestamp,
    after: (cursor) => sql`(a.created_at, a.id) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
  },
  'price-low': {
    orderBy: sql`a.price asc, a.id asc`,
    key: sql`a.price::text`,
    isValidKey: cursorKeyFormats.price,
    after: (cursor) => sql`(a.price, a.id) > (${cursor.key}::numeric, ${cursor.id}::uuid)`,
  },
  'price-high': {
    orderBy: sql`a.price desc, a.id desc`,
    key: sql`a.price::text`,
    isValidKey: cursorKeyFormats.price,
    after: (cursor) => sql`(a.price, a.id) < (${cursor.key}::numeric, ${cursor.id}::uuid)`,
  },
  popular: {
    orderBy: sql`a.views desc nulls last, a.id desc nulls last`,
    key: sql`a.views::text`,
    isValidKey: cursorKeyFormats.integer,
    after: (cursor) => sql`(a.views, a.id) < (${cursor.key}::int, ${cursor.id}::uuid)`,
  },
};

/**
 * Nearest first (issue 14): by the straight-line distance, the earth index's own order (which
 * orders as the distance along the surface does), then id.
 */
function distanceOrder(circle: SearchCircle): SortOrder {
  const nearness = nearnessToCentre(circle);
  return {
    isNearestFirst: true,
    orderBy: sql`${nearness} asc, a.id asc`,
    key: sql`${nearness}::text`,
    isValidKey: cursorKeyFormats.float,
    after: (cursor) => sql`(${nearness}, a.id) > (${cursor.key}::float8, ${cursor.id}::uuid)`,
  };
}

/** The search's circle: the place's coordinates, read here (a client names a place, never coordinates). */
export async function circleOf(
  db: Database,
  criteria: Pick<AdSearchCriteria, 'place' | 'radius'>,
): Promise<SearchCircle | undefined> {
  if (criteria.place === undefined) return undefined;
  const centre = await coordinatesOfPlace(db, criteria.place);
  return { ...centre, radiusMetres: (criteria.radius ?? DEFAULT_SEARCH_RADIUS_KM) * 1000 };
}

/** Kilometres from the search's place, to a tenth, for the cards; nothing without a place. */
const distanceColumn = (circle: SearchCircle | undefined) =>
  circle ? sql`, round((${distanceFromCentre(circle)} / 1000)::numeric, 1)::float8 as distance_km` : sql``;

/**
 * The WHERE clause of a search (spec §5: prices inclusive, location a case-insensitive
 * substring). Its circle reads the earth index unless `isCircleIndexed` is false (withinCircle).
 */
export function searchConditions(
  criteria: Omit<AdSearchCriteria, 'sort'>,
  circle: SearchCircle | undefined,
  { isCircleIndexed = true }: { isCircleIndexed?: boolean } = {},
): SQL {
  // A literal, so that the planner can use the partial indexes (WHERE status = 'active').
  const conditions: SQL[] = [sql`a.status = 'active'`];
  if (criteria.q) {
    const query = searchTextQuery(criteria.q);
    // A search without a single word finds nothing, as PostgreSQL's own parsers answer.
    conditions.push(query ? sql`a.search @@ to_tsquery(${textSearchConfig}, ${query})` : sql`false`);
  }
  if (criteria.category) conditions.push(sql`a.category = ${criteria.category}`);
  if (criteria.minPrice !== undefined) conditions.push(sql`a.price >= ${criteria.minPrice}`);
  if (criteria.maxPrice !== undefined) conditions.push(sql`a.price <= ${criteria.maxPrice}`);
  if (criteria.location) {
    conditions.push(sql`a.location ilike ${`%${escapeLike(criteria.location)}%`}`);
  }
  if (circle) conditions.push(withinCircle(circle, { indexed: isCircleIndexed }));
  return sql.join(conditions, sql` and `);
}

/**
 * How well an ad matches the words (issue 15): cover density, a title occurrence weighing ten
 * times one in the description (weights {D, C, B, A}), scaled into 0..1 (normalization 32), in
 * whole millionths so that the cursor carries it exactly. An integer rather than a rounded
 * numeric: converting the ranker's real to numeric took a tenth of a medium word's statement.
 */
const rankOf = (textQuery: string | undefined) =>
  textQuery
    ? sql`round(ts_rank_cd('{0.1, 0.1, 0.1, 1.0}', a.search, to_tsquery(${textSearchConfig}, ${textQuery}), 32) * 1e6::float8)::int`
    : sql`0`;

/** A page's query: its conditions (see searchConditions' `isCircleIndexed`), order and place. */
interface PageQuery {
  where: (options: { isCircleIndexed: boolean }) => SQL;
  textQuery?: string;
  order: SortOrder;
  sort: string;
  cursor?: Cursor;
  limit: number;
  circle?: SearchCircle;
  /**
   * The statement also counts the matches, up to SEARCH_COUNT_CAP + 1 (AdPage.matches): best
   * match with its candidates, a sorted search by place with the ads of its circle, any other
   * order with a capped count beside the page.
   */
  isCounted?: boolean;
}

/**
 * Up to this many matches of a search by place are read through the earth index and sorted in
 * memory; past it, pages read another index in order and keep the ads within the circle (the
 * sort's index, or the earth index nearest first). The earth index finds a circle's matches at
 * a few microseconds each, so a few thousand are sorted within milliseconds; the sort's index
 * reaches a page after about limit × (active ads ÷ matches) ads, few once the matches are this
 * many (at a million ads: 21 × 333). Either way a page costs at most about twice reading this
 * many matches (bench:radius).
 */
export const CIRCLE_SORTED_IN_MEMORY_MAX = 3_000;

/**
 * `near`: the circle's matches through the earth index (PostgreSQL estimates any box at a
 * thousandth of the table, so it would always choose this way), up to
 * CIRCLE_SORTED_IN_MEMORY_MAX + 1 of them: all of them unless `isDense`. A statement offers
 * both ways with `isDense` and its negation as one-time filters, so the way not taken never runs.
 */
function nearMatches(query: PageQuery, columns: SQL) {
  return {
    cte: sql`near as materialized (
      select ${columns} from advertisements a where ${query.where({ isCircleIndexed: true })}
      limit ${CIRCLE_SORTED_IN_MEMORY_MAX + 1})`,
    isDense: sql`((select count(*) from near) > ${CIRCLE_SORTED_IN_MEMORY_MAX})`,
    count: sql`least((select count(*) from near), ${SEARCH_COUNT_CAP + 1})::int`,
  };
}

/**
 * Best match's candidates (`candidates`: id, created_at, rank) and how many match, up to the
 * count's cap: the RANKED_CANDIDATES_MAX newest matches (the sort's index or the text index,
 * never every match, one more to count them). In a search by place, the nearest: the circle's
 * matches when they are few (nearMatches), else the earth index nearest first, which stays
 * within the circle for that many.
 */
function rankedCandidates(query: PageQuery): { ctes: SQL; count: SQL } {
  const rank = rankOf(query.textQuery);
  if (!query.circle) {
    return {
      ctes: sql`matched as materialized (
        select a.id, a.created_at, ${rank} as rank from advertisements a
        where ${query.where({ isCircleIndexed: true })}
        order by a.created_at desc nulls last, a.id desc nulls last
        limit ${RANKED_CANDIDATES_MAX + 1}
      ), candidates as (
        select * from matched order by created_at desc, id desc limit ${RANKED_CANDIDATES_MAX}
      )`,
      count: sql`(select count(*) from matched)::int`,
    };
  }
  const nearness = nearnessToCentre(query.circle);
  const near = nearMatches(query, sql`a.id, ${nearness} as nearness`);
  return {
    ctes: sql`${near.cte}, nearest as materialized (
        (select n.id, n.nearness from near n where not ${near.isDense}
          order by n.nearness, n.id limit ${RANKED_CANDIDATES_MAX})
        union all
        (select a.id, ${nearness} from advertisements a
          where ${near.isDense} and ${query.where({ isCircleIndexed: false })}
          order by ${nearness}, a.id limit ${RANKED_CANDIDATES_MAX})
      ), candidates as (
        select a.id, a.created_at, ${rank} as rank from nearest n join advertisements a on a.id = n.id
      )`,
    count: near.count,
  };
}

/**
 * One page of best match: its candidates (rankedCandidates) ranked, then the page after the
 * cursor among them. The candidates do not depend on the cursor, so every page ranks the same
 * set; how many match, up to the count's cap, comes with the page.
 */
function rankedPageRows(query: PageQuery) {
  const { ctes, count } = rankedCandidates(query);
  return sql`
    with ${ctes}, page as (
      select r.id, r.rank, r.created_at from candidates r
      where ${query.cursor ? query.order.after(query.cursor) : sql`true`}
      order by ${query.order.orderBy}
      limit ${query.limit + 1}
    )
    select ${summaryColumns}${distanceColumn(query.circle)}, ${query.order.key} as sort_key, ${count} as matches
    from page r join advertisements a on a.id = r.id
    order by ${query.order.orderBy}`;
}

/**
 * One page of a search by place in a sorted order (newest, price, popular): sorted from the
 * circle's matches when they are few (nearMatches, with their sort columns), else read in the
 * sort's index order with the circle as a filter. How many match comes with the page.
 */
function circlePageRows(query: PageQuery & { circle: SearchCircle }) {
  const { order, limit } = query;
  const after = query.cursor ? order.after(query.cursor) : sql`true`;
  const near = nearMatches(query, sql`a.id, a.created_at, a.price, a.views`);
  return sql`
    with ${near.cte}, page as (
      (select a.id from near a where not ${near.isDense} and ${after} order by ${order.orderBy} limit ${limit + 1})
      union all
      (select a.id from advertisements a where ${near.isDense} and ${query.where({ isCircleIndexed: false })} and ${after}
        order by ${order.orderBy} limit ${limit + 1})
    )
    select ${summaryColumns}${distanceColumn(query.circle)}, ${order.key} as sort_key, ${near.count} as matches
    from page p join advertisements a on a.id = p.id
    order by ${order.orderBy}`;
}

/** Reads the page in the order's own index: of the sort, of best match's candidates, or of the earth. */
function pageRows(query: PageQuery) {
  if (query.order.isRanked) return rankedPageRows(query);
  if (query.circle && !query.order.isNearestFirst) return circlePageRows({ ...query, circle: query.circle });
  const where = query.where({ isCircleIndexed: true });
  const matches = query.isCounted ? sql`, ${cappedMatches(where)} as matches` : sql``;
  return sql`
    select ${summaryColumns}${distanceColumn(query.circle)}, ${query.order.key} as sort_key${matches}
    from advertisements a
    where ${query.cursor ? sql`${where} and ${query.order.after(query.cursor)}` : where}
    order by ${query.order.orderBy}
    limit ${query.limit + 1}`;
}

async function readPage<Row extends { id: string }>(
  db: Database,
  query: PageQuery,
): Promise<AdPage<Row> & { lastCursor: string | null }> {
  const { rows } = await db.execute<Row & { sort_key: string; matches?: number }>(pageRows(query));
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const lastCursor = last ? encodeCursor({ sort: query.sort, key: last.sort_key, id: last.id }) : null;
  return {
    rows: page.map(({ sort_key: _sortKey, matches: _matches, ...row }) => row as unknown as Row),
    nextCursor: hasMore ? lastCursor : null,
    lastCursor,
    ...(query.isCounted ? { matches: rows[0]?.matches ?? 0 } : {}),
  };
}

/** The order of a search's sort; the schema lets `distance` through only with a place, whose circle the caller read. */
const orderOf = (sort: AdSort, circle: SearchCircle | undefined): SortOrder =>
  sort === 'distance' ? distanceOrder(circle!) : sortOrders[sort];

/** The cursor sort of the featured ads that lead a category's list (see findAdsForSearch). */
const featuredSortOf = (sort: AdSort) => `featured-${sort}`;

/**
 * One page of active ads matching the criteria, in the chosen order. Within a category the
 * ads featured now lead (issue 13): the list runs through them first, then through the rest,
 * each in the chosen order; the cursor says which of the two it is in. The rest reads the
 * sort's own index and the featured part the small index of the ads featured by category, so
 * no page is sorted in memory beyond the few ads featured now, or a search by place's few
 * thousand (pageRows).
 */
export async function findAdsForSearch(
  db: Database,
  criteria: AdSearchCriteria & { cursor?: string; limit: number },
  circle?: SearchCircle,
): Promise<AdPage<AdSummaryRow>> {
  const sort = sortOfSearch(criteria);
  const order = orderOf(sort, circle);
  const where = (extra: SQL) => (options: { isCircleIndexed: boolean }) =>
    sql`${searchConditions(criteria, circle, options)} and ${extra}`;
  const textQuery = criteria.q ? searchTextQuery(criteria.q) : undefined;
  const decode = (cursorSort: string) =>
    criteria.cursor ? decodeCursor(criteria.cursor, cursorSort, order.isValidKey) : undefined;
  if (!criteria.category) {
    return readPage<AdSummaryRow>(db, {
      where: where(sql`true`),
      textQuery,
      order,
      sort,
      cursor: decode(sort),
      limit: criteria.limit,
      circle,
      isCounted: !criteria.cursor,
    });
  }
  const featuredSort = featuredSortOf(sort);
  const isInRest = criteria.cursor !== undefined && cursorSortOf(criteria.cursor) !== featuredSort;
  const rest = (cursor: Cursor | undefined, limit: number) =>
    readPage<AdSummaryRow>(db, {
      where: where(notFeaturedNow),
      textQuery,
      order,
      sort,
      cursor,
      limit,
      circle,
    });
  if (isInRest) return rest(decode(sort), criteria.limit);

  const lead = await readPage<AdSummaryRow>(db, {
    where: where(featuredNow),
    textQuery,
    order,
    sort: featuredSort,
    cursor: decode(featuredSort),
    limit: criteria.limit,
    circle,
  });
  if (lead.nextCursor) return lead;
  const remaining = criteria.limit - lead.rows.length;
  if (remaining === 0) {
    // The featured ads fill this page exactly: the next one starts the rest after the last of them.
    const hasRest = (await rest(undefined, 1)).rows.length > 0;
    return { rows: lead.rows, nextCursor: hasRest ? lead.lastCursor : null };
  }
  const following = await rest(undefined, remaining);
  return { rows: [...lead.rows, ...following.rows], nextCursor: following.nextCursor };
}

/**
 * How many active ads match, counting no further than SEARCH_COUNT_CAP + 1 rows: an exact
 * count of a broad search would read every match, which grows with the catalogue.
 */
export async function countAdsForSearch(
  db: Database,
  criteria: Omit<AdSearchCriteria, 'sort'>,
  circle?: SearchCircle,
): Promise<{ count: number; is_capped: boolean }> {
  const { rows } = await db.execute<{ matches: number }>(
    sql`select ${cappedMatches(searchConditions(criteria, circle))} as matches`,
  );
  return cappedCount(rows[0]?.matches ?? 0);
}

/** Does any active ad match? Reads up to the first match, where a count reads up to the cap. */
export async function hasAdsForSearch(
  db: Database,
  criteria: Omit<AdSearchCriteria, 'sort'>,
  circle?: SearchCircle,
): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from advertisements a where ${searchConditions(criteria, circle)}) as found`,
  );
  return rows[0]?.found ?? false;
}

/** How many ads `where` matches, reading no further than SEARCH_COUNT_CAP + 1 of them. */
function cappedMatches(where: SQL): SQL {
  return sql`(select count(*) from (select 1 from advertisements a where ${where} limit ${SEARCH_COUNT_CAP + 1}) as found)::int`;
}

/** A count of up to SEARCH_COUNT_CAP + 1 matches, as the list says it. */
function cappedCount(matches: number): { count: number; is_capped: boolean } {
  return matches > SEARCH_COUNT_CAP
    ? { count: SEARCH_COUNT_CAP, is_capped: true }
    : { count: matches, is_capped: false };
}

/**
 * What GET /api/ads answers, before presentation: one page of results and, on the first page
 * only, how many ads match. The benchmark's floor runs this same function's SQL directly.
 */
export async function searchAds(
  db: Database,
  { cursor, limit, ...criteria }: AdSearchCriteria & { cursor?: string; limit: number },
): Promise<{ page: AdPage<AdSummaryRow>; total: Awaited<ReturnType<typeof countAdsForSearch>> | null }> {
  // The first page outside a category counts the matches in its own statement (findAdsForSearch);
  // a category's first page reads its featured ads and the rest apart, and counts beside them.
  const circle = await circleOf(db, criteria);
  const isCountedApart = !cursor && criteria.category !== undefined;
  const [page, total] = await Promise.all([
    findAdsForSearch(db, { ...criteria, cursor, limit }, circle),
    isCountedApart ? countAdsForSearch(db, criteria, circle) : null,
  ]);
  return { page, total: page.matches === undefined ? total : cappedCount(page.matches) };
}

/** How long the home page shows one set of featured ads before the next. */
export const FEATURED_ROTATION_SECONDS = 5 * 60;

/**
 * The home page's featured ads (spec §2: at most 6), rotating fairly among all those
 * featured now: in a fixed order (by id), each period of FEATURED_ROTATION_SECONDS shows the
 * next 6 round the circle, so over n periods every one of n ads is shown equally often.
 */
export async function findFeaturedAds(db: Database, now: Date = new Date()): Promise<AdSummaryRow[]> {
  const period = Math.floor(now.getTime() / 1000 / FEATURED_ROTATION_SECONDS);
  const { rows } = await db.execute<AdSummaryRow>(sql`
    with current_featured as (
      select a.id, (row_number() over (order by a.id) - 1)::bigint as place, count(*) over () as total
      from advertisements a
      where a.status = 'active' and a.featured_until > ${now.toISOString()}::timestamptz
    ), shown as (
      select id, mod(place - mod(${period}::bigint * ${HOME_FEATURED_LIMIT}, total) + total, total) as turn
      from current_featured
    )
    select ${summaryColumns} from shown s join advertisements a on a.id = s.id
    where s.turn < ${HOME_FEATURED_LIMIT}
    order by s.turn`);
  return rows;
}

/** Up to 4 other active ads of the same category, newest first. */
export async function findRelatedAds(db: Database, ad: { id: string; category: string }) {
  const { rows } = await db.execute<AdSummaryRow>(sql`
    select ${summaryColumns} from advertisements a
    where a.status = 'active' and a.category = ${ad.category} and a.id <> ${ad.id}
    order by a.created_at desc nulls last, a.id desc nulls last
    limit ${RELATED_ADS_LIMIT}`);
  return rows;
}

/** A seller's own ads, any status, newest first. */
export function findAdsOfSeller(
  db: Database,
  userId: string,
  page: { cursor?: string; limit: number },
): Promise<AdPage<AdSummaryRow>> {
  return readPage<AdSummaryRow>(db, {
    where: () => sql`a.user_id = ${userId}`,
    order: sortOrders.newest,
    sort: 'mine',
    cursor: page.cursor ? decodeCursor(page.cursor, 'mine', sortOrders.newest.isValidKey) : undefined,
    limit: page.limit,
  });
}

export async function countAdsOfSeller(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(advertisements)
    .where(eq(advertisements.user_id, userId));
  return row?.total ?? 0;
}

/** Whose ad this is and whether the public may see it; undefined when there is no such ad. */
export async function findAdAccess(db: Pick<Database, 'select'>, adId: string) {
  const [row] = await db
    .select({
      id: advertisements.id,
      user_id: advertisements.user_id,
      status: advertisements.status,
      sold_at: advertisements.sold_at,
      category: advertisements.category,
      likes: advertisements.likes,
    })
    .from(advertisements)
    .where(eq(advertisements.id, adId));
  return row;
}

/** What the ad page shows of a photo or video. */
export type AdMediaRow = Pick<
  typeof adMedia.$inferSelect,
  'id' | 'kind' | 'storage_key' | 'card_key' | 'content_type' | 'width' | 'height'
>;

/**
 * An ad with its media (images first, in position order), category name and seller, whatever
 * its status: one query, so an ad page costs one round trip to the database.
 */
export async function findAdDetail(db: Database, adId: string) {
  const [found] = await db
    .select({
      ad: advertisements,
      categoryName: categories.name,
      sellerName: sql<string>`coalesce(nullif(${profiles.name}, ''), ${users.name})`,
      sellerSettings: profiles.settings,
      sellerPhone: profiles.phone,
      sellerVerified: users.emailVerified,
      sellerSince: users.createdAt,
      media: sql<AdMediaRow[]>`coalesce((
        select json_agg(json_build_object(
                 'id', m.id, 'kind', m.kind, 'storage_key', m.storage_key, 'card_key', m.card_key,
                 'content_type', m.content_type, 'width', m.width, 'height', m.height)
               order by m.kind, m.position)
        from ${adMedia} m where m.ad_id = ${advertisements.id}), '[]'::json)`,
    })
    .from(advertisements)
    .innerJoin(categories, eq(categories.id, advertisements.category))
    .innerJoin(users, eq(users.id, advertisements.user_id))
    .leftJoin(profiles, eq(profiles.id, advertisements.user_id))
    .where(eq(advertisements.id, adId));
  if (!found) return undefined;
  const { showPhoneNumber, allowDirectMessages } = readProfileSettings(found.sellerSettings);
  return {
    ...found,
    sellerPhone: showPhoneNumber && found.sellerPhone ? found.sellerPhone : null,
    sellerPhoneVisible: showPhoneNumber,
    sellerAcceptsMessages: allowDirectMessages,
  };
}

export type AdDetailRow = NonNullable<Awaited<ReturnType<typeof findAdDetail>>>;

/** Locks an ad's row for a change by its owner (its facts for the policy); undefined when there is none. */
export async function lockAd(tx: Pick<Database, 'select'>, adId: string) {
  const [ad] = await tx
    .select({
      user_id: advertisements.user_id,
      status: advertisements.status,
      sold_at: advertisements.sold_at,
      expires_at: advertisements.expires_at,
      likes: advertisements.likes,
    })
    .from(advertisements)
    .where(eq(advertisements.id, adId))
    .for('update');
  return ad;
}
