import { DEFAULT_SEARCH_RADIUS_KM } from '@bazaar/common/search-criteria';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';

/**
 * A search by place (issue 14) matches an ad with coordinates within its radius of the place,
 * as running it does (searchConditions' circle); the place is read by its key for each
 * candidate the indexes above already narrowed, so this needs no index of its own.
 */
const isWithinSearchCircle = sql`(s.criteria->>'place' is null or exists (
  select 1 from places p
  where p.id = (s.criteria->>'place')::int and ad.earth_point is not null
    and earth_distance(ll_to_earth(p.lat, p.lon), ad.earth_point)
      <= coalesce((s.criteria->>'radius')::float8, ${DEFAULT_SEARCH_RADIUS_KM}) * 1000))`;

/**
 * The saved searches a public ad matches, as one statement over the indexed stored criteria
 * (decision 0020), never by reading saved searches into Node:
 *
 * - searches with words: the partial GIN index on `lexemes` finds those whose every required
 *   lexeme occurs in the ad (`lexemes <@ the ad's`); the stored tsquery then decides (phrases,
 *   negated words);
 * - searches without words: the partial index on `category` (theirs, or none).
 *
 * Then price, location, place and distance, not the ad's own seller, alerts not off. An ad
 * that is not active matches nothing.
 */
export function matchingSavedSearchesSql(adId: string): SQL {
  const predicates = sql`
    (s.query is null or ad.search @@ s.query)
    and (s.category is null or s.category = ad.category)
    and (s.min_price is null or ad.price >= s.min_price)
    and (s.max_price is null or ad.price <= s.max_price)
    and (s.location_pattern is null or ad.location ilike s.location_pattern)
    and ${isWithinSearchCircle}
    and s.user_id <> ad.user_id`;
  return sql`
    with ad as (
      select a.id, a.user_id, a.search, tsvector_to_array(a.search) as lexemes, a.category, a.price, a.location,
        a.earth_point
      from advertisements a where a.id = ${adId} and a.status = 'active'
    )
    select s.id as saved_search_id, ad.id as ad_id from ad
      join saved_searches s on cardinality(s.lexemes) > 0 and s.frequency <> 'off' and s.lexemes <@ ad.lexemes
      where ${predicates}
    union all
    select s.id, ad.id from ad
      join saved_searches s on cardinality(s.lexemes) = 0 and s.frequency <> 'off'
        and (s.category is null or s.category = ad.category)
      where ${predicates}`;
}

export type NewMatch = {
  saved_search_id: string;
  user_id: string;
  name: string;
  frequency: 'instant' | 'daily';
  last_emailed_at: string | null;
  ad_id: string;
  ad_title: string;
};

/**
 * Records the ad's matches; returns only those not recorded before, so a second run (a retry,
 * another process) alerts nobody twice: the key (saved search, ad) decides, and a concurrent
 * insert of the same pair waits for the first and then does nothing.
 */
export async function recordMatches(executor: Executor, adId: string): Promise<NewMatch[]> {
  const { rows } = await executor.execute<NewMatch>(sql`
    with inserted as (
      insert into saved_search_matches (saved_search_id, ad_id)
      ${matchingSavedSearchesSql(adId)}
      on conflict do nothing
      returning saved_search_id, ad_id
    )
    select s.id as saved_search_id, s.user_id, s.name, s.frequency,
      to_char(s.last_emailed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_emailed_at,
      a.id as ad_id, a.title as ad_title
    from inserted i join saved_searches s on s.id = i.saved_search_id join advertisements a on a.id = i.ad_id`);
  return rows;
}
