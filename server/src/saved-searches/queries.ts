import { adSearchCriteriaSchema } from '@bazaar/common/ads';
import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { SAVED_SEARCH_NEW_COUNT_CAP, SAVED_SEARCHES_MAX } from '@bazaar/common/constants';
import type { AlertFrequency, SavedSearch } from '@bazaar/common/saved-searches';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { textSearchConfig } from '../db/text-search';
import { circleOf, searchConditions } from '../ads/queries';
import { escapeLike } from '../places/queries';
import { searchTextQuery } from '../ads/search-text';
import { savedSearchAlreadySaved, savedSearchLimitReached } from '../http/errors';

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The lexemes every ad matching `query` contains: those of its positive part, as `querytree`
 * writes it (negated words left out, each lexeme in quotes with inner quotes doubled).
 */
export const requiredLexemesOf = (query: SQL) => sql`array(select distinct replace(m[1], '''''', '''')
  from regexp_matches(coalesce(querytree(${query}), ''), '''((?:[^'']|'''')+)''', 'g') as m)`;

/**
 * The columns matching reads, derived from the criteria as they are saved: the tsquery of
 * the words (built like a search's, so a saved search finds what running it finds), the
 * lexemes every match must contain (the query's positive part, read from `querytree`, which
 * leaves out negated words), and the other criteria as columns the predicates compare.
 */
function matchingColumns(criteria: AdSearchCriteria) {
  const text = criteria.q ? (searchTextQuery(criteria.q) ?? '') : undefined;
  // A search whose text holds no word finds nothing, like a search of it: an empty tsquery.
  const query = text === undefined ? sql`null::tsquery` : sql`to_tsquery(${textSearchConfig}, ${text})`;
  return {
    query,
    lexemes: requiredLexemesOf(query),
    category: criteria.category ?? null,
    min_price: criteria.minPrice ?? null,
    max_price: criteria.maxPrice ?? null,
    location_pattern: criteria.location ? `%${escapeLike(criteria.location)}%` : null,
  };
}

export type SavedSearchRow = {
  id: string;
  user_id: string;
  name: string;
  criteria: unknown;
  frequency: AlertFrequency;
  last_seen_at: string;
  created_at: string;
};

const rowColumns = sql`s.id, s.user_id, s.name, s.criteria, s.frequency,
  ${isoTime(sql`s.last_seen_at`)} as last_seen_at, ${isoTime(sql`s.created_at`)} as created_at`;

/** The facts the policy reads, or undefined when there is no such saved search. */
export async function findSavedSearch(executor: Executor, id: string): Promise<SavedSearchRow | undefined> {
  const { rows } = await executor.execute<SavedSearchRow>(
    sql`select ${rowColumns} from saved_searches s where s.id = ${id}`,
  );
  return rows[0];
}

/** Public ads matching the criteria posted after `since`, counted up to the cap + 1. */
async function countNewAds(db: Database, criteria: AdSearchCriteria, since: string): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from (
      select 1 from advertisements a
      where ${searchConditions(criteria, await circleOf(db, criteria))} and a.created_at > ${since}::timestamptz
      limit ${SAVED_SEARCH_NEW_COUNT_CAP + 1}) as new_ads`);
  return rows[0]?.count ?? 0;
}

export async function presentSavedSearch(db: Database, row: SavedSearchRow): Promise<SavedSearch> {
  const criteria = adSearchCriteriaSchema.parse(row.criteria);
  const count = await countNewAds(db, criteria, row.last_seen_at);
  return {
    id: row.id,
    name: row.name,
    criteria,
    frequency: row.frequency,
    new_count: Math.min(count, SAVED_SEARCH_NEW_COUNT_CAP),
    is_new_count_capped: count > SAVED_SEARCH_NEW_COUNT_CAP,
    last_seen_at: row.last_seen_at,
    created_at: row.created_at,
  };
}

/** A person's saved searches, newest first, each with its "N new since the last visit". */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
  const { rows } = await db.execute<SavedSearchRow>(sql`
    select ${rowColumns} from saved_searches s
    where s.user_id = ${userId}
    order by s.created_at desc, s.id desc
    limit ${SAVED_SEARCHES_MAX}`);
  return Promise.all(rows.map((row) => presentSavedSearch(db, row)));
}

/**
 * Saves a search, under the person's profile lock so that two saves at once cannot pass
 * SAVED_SEARCHES_MAX or save the same criteria twice (jsonb equality: key order aside).
 */
export async function createSavedSearch(
  db: Database,
  input: { userId: string; name: string; criteria: AdSearchCriteria; frequency: AlertFrequency },
): Promise<SavedSearchRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from profiles where id = ${input.userId} for update`);
    const { rows: counted } = await tx.execute<{ count: number }>(
      sql`select count(*)::int as count from saved_searches where user_id = ${input.userId}`,
    );
    if ((counted[0]?.count ?? 0) >= SAVED_SEARCHES_MAX) throw savedSearchLimitReached();
    const { rows: same } = await tx.execute(sql`
      select 1 from saved_searches
      where user_id = ${input.userId} and criteria = ${JSON.stringify(input.criteria)}::jsonb`);
    if (same.length > 0) throw savedSearchAlreadySaved();
    const columns = matchingColumns(input.criteria);
    const { rows } = await tx.execute<SavedSearchRow>(sql`
      insert into saved_searches as s (user_id, name, criteria, frequency,
        query, lexemes, category, min_price, max_price, location_pattern)
      values (${input.userId}, ${input.name}, ${JSON.stringify(input.criteria)}::jsonb, ${input.frequency},
        ${columns.query}, ${columns.lexemes}, ${columns.category}, ${columns.min_price}, ${columns.max_price},
        ${columns.location_pattern})
      returning ${rowColumns}`);
    return rows[0]!;
  });
}

export async function updateSavedSearch(
  db: Database,
  id: string,
  changes: { name?: string; frequency?: AlertFrequency },
): Promise<SavedSearchRow> {
  const { rows } = await db.execute<SavedSearchRow>(sql`
    update saved_searches as s set
      name = coalesce(${changes.name ?? null}, name),
      frequency = coalesce(${changes.frequency ?? null}, frequency),
      updated_at = now()
    where s.id = ${id}
    returning ${rowColumns}`);
  return rows[0]!;
}

export async function deleteSavedSearch(db: Database, id: string): Promise<void> {
  await db.execute(sql`delete from saved_searches where id = ${id}`);
}

/** The person ran the search: "N new" counts from now. */
export async function markSavedSearchSeen(db: Database, id: string): Promise<void> {
  await db.execute(sql`update saved_searches set last_seen_at = now() where id = ${id}`);
}

/** The one-click unsubscribe of an alert e-mail: alerts off. False when it no longer exists. */
export async function turnSavedSearchAlertsOff(db: Database, id: string): Promise<boolean> {
  const { rowCount } = await db.execute(
    sql`update saved_searches set frequency = 'off', updated_at = now() where id = ${id}`,
  );
  return (rowCount ?? 0) > 0;
}

export async function savedSearchExists(db: Database, id: string): Promise<boolean> {
  return (await db.execute(sql`select 1 from saved_searches where id = ${id}`)).rows.length > 0;
}
