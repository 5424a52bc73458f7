/**
 * `npm run bench:saved-searches -w bench`: the cost of matching a new ad against the saved
 * searches (issue 14, decision 0020) at SAVED_SEARCHES stored searches (default 100 000;
 * quick: 5 000). Fills the bench database with generated ads, then saved searches in the app's
 * own stored form (criteria + the tsquery and required lexemes derived in SQL as the app derives
 * them): 85 % with one or two words, some with a category, a price range or a location; the
 * rest without words, nearly all by category (3 % of them for every ad); a tenth with alerts
 * off. Then runs the app's matching statement (saved-searches/matching) for random active ads,
 * one client, counted in PostgreSQL (the matching itself) and read into Node (what it costs
 * with every matching search sent back), and prints p50/p95/p99, the matches found and
 * PostgreSQL's plan (EXPLAIN ANALYZE, BUFFERS);
 * fails when the plan does not use the two indexes, or on a p95 over the budget (not in quick mode).
 */
import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { searchTextQuery } from '../../server/src/ads/search-text';
import { textSearchConfig } from '../../server/src/db/text-search';
import { matchingSavedSearchesSql } from '../../server/src/saved-searches/matching';
import { requiredLexemesOf } from '../../server/src/saved-searches/queries';
import { openBenchDatabase, quantile } from './bench-database';
import { generateAds } from './generate-ads';
import { adjectives, categories, nouns, places } from './word-lists';

const quick = Boolean(process.env.BENCH_QUICK);
const savedSearchCount = Number(process.env.SAVED_SEARCHES ?? (quick ? 5_000 : 100_000));
if (!Number.isInteger(savedSearchCount) || savedSearchCount < 1) {
  throw new Error('SAVED_SEARCHES must be a positive whole number');
}
const ADS = quick ? 2_000 : 20_000;
const MATCHINGS = quick ? 100 : 1_000;
/** Issue 14: matching one new ad at 100 000 saved searches. */
const P95_BUDGET_MS = 50;
const BATCH = 2_000;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (share: number) => Math.random() < share;

/** One generated saved search's criteria and alert frequency. */
function generateCriteria(): { criteria: AdSearchCriteria; frequency: string } {
  const hasWords = chance(0.85);
  const words = hasWords ? [pick(nouns), ...(chance(0.4) ? [pick([...nouns, ...adjectives])] : [])] : [];
  const minPrice = chance(0.2) ? pick([10, 50, 100, 500]) : undefined;
  const maxPrice = chance(0.3) ? pick([100, 500, 1_000, 5_000]) : undefined;
  const criteria: AdSearchCriteria = {
    sort: 'newest',
    ...(words.length > 0 ? { q: words.join(' ') } : {}),
    ...((hasWords ? chance(0.3) : chance(0.97)) ? { category: pick(categories) } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(chance(0.1) ? { location: pick(places) } : {}),
  };
  return { criteria, frequency: chance(0.1) ? 'off' : chance(0.7) ? 'instant' : 'daily' };
}

async function generateSavedSearches(pool: pg.Pool): Promise<number> {
  const db = drizzle(pool);
  await pool.query(`delete from saved_searches where name like 'Bench search %'`);
  const { rows: users } = await pool.query<{ id: string }>('select id from users limit 5000');
  if (users.length === 0) throw new Error('No users to own the saved searches');
  for (let start = 0; start < savedSearchCount; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, savedSearchCount - start) }, generateCriteria);
    const escape = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
    // Each column as one array parameter (Drizzle would spread a bare array into a row).
    const column = (values: unknown[]) => sql.param(values);
    await db.execute(sql`
      insert into saved_searches (user_id, name, criteria, frequency, query, lexemes, category, min_price, max_price, location_pattern)
      select s.user_id, 'Bench search ' || s.n, s.criteria, s.frequency, t.query, ${requiredLexemesOf(sql.raw('t.query'))},
        s.category, s.min_price, s.max_price, s.location_pattern
      from unnest(
        ${column(batch.map(() => pick(users).id))}::uuid[],
        ${column(batch.map((_, index) => String(start + index)))}::text[],
        ${column(batch.map(({ criteria }) => JSON.stringify(criteria)))}::jsonb[],
        ${column(batch.map(({ frequency }) => frequency))}::text[],
        ${column(batch.map(({ criteria }) => (criteria.q ? (searchTextQuery(criteria.q) ?? '') : null)))}::text[],
        ${column(batch.map(({ criteria }) => criteria.category ?? null))}::text[],
        ${column(batch.map(({ criteria }) => criteria.minPrice ?? null))}::numeric[],
        ${column(batch.map(({ criteria }) => criteria.maxPrice ?? null))}::numeric[],
        ${column(batch.map(({ criteria }) => (criteria.location ? `%${escape(criteria.location)}%` : null)))}::text[]
      ) as s(user_id, n, criteria, frequency, text, category, min_price, max_price, location_pattern)
      cross join lateral (select case when s.text is null then null::tsquery else to_tsquery(${textSearchConfig}, s.text) end as query) t`);
  }
  await pool.query('vacuum analyze saved_searches');
  const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from saved_searches');
  return rows[0]!.count;
}

/** `counted`: the matching done in PostgreSQL, its count returned; else every matching row read into Node. */
async function measure(pool: pg.Pool, adIds: string[], { counted }: { counted: boolean }) {
  const db = drizzle(pool);
  const times: number[] = [];
  const matches: number[] = [];
  for (const adId of adIds) {
    const started = performance.now();
    const statement = counted
      ? sql`select count(*)::int as count from (${matchingSavedSearchesSql(adId)}) as matched`
      : matchingSavedSearchesSql(adId);
    const { rows } = await db.execute<{ count: number }>(statement);
    times.push(performance.now() - started);
    matches.push(counted ? rows[0]!.count : rows.length);
  }
  times.sort((a, b) => a - b);
  matches.sort((a, b) => a - b);
  return {
    matchings: times.length,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    matchesMedian: quantile(matches, 0.5),
    matchesMax: matches.at(-1) ?? 0,
  };
}

async function explain(pool: pg.Pool, adId: string): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(matchingSavedSearchesSql(adId));
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

async function main(): Promise<boolean> {
  const database = await openBenchDatabase();
  try {
    console.log(`▸ generating ${ADS.toLocaleString('en-US')} ads`);
    await generateAds(database.url, ADS);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      console.log(`▸ generating ${savedSearchCount.toLocaleString('en-US')} saved searches`);
      const stored = await generateSavedSearches(pool);
      const { rows: ads } = await pool.query<{ id: string }>(
        `select id from advertisements where status = 'active' order by random() limit $1`,
        [MATCHINGS],
      );
      const adIds = ads.map((ad) => ad.id);
      // Warm up as a running database would be, then measure.
      await measure(pool, adIds.slice(0, 50), { counted: true });
      const result = await measure(pool, adIds, { counted: true });
      const read = await measure(pool, adIds, { counted: false });
      const plan = await explain(pool, adIds[0]!);

      console.log(`\nSaved-search matching, ${stored.toLocaleString('en-US')} saved searches, one client:`);
      const line = (name: string, each: typeof result) =>
        console.log(
          `  ${name}: ${each.matchings} new ads; p50 ${each.p50.toFixed(2)} ms, p95 ${each.p95.toFixed(2)} ms, p99 ${each.p99.toFixed(2)} ms;` +
            ` matching searches per ad: median ${each.matchesMedian}, max ${each.matchesMax}`,
        );
      line('matched in PostgreSQL (count)', result);
      line('matching rows read into Node', read);
      console.log(`\n  plan of one ad:\n${plan}`);
      const usesIndexes =
        plan.includes('saved_searches_lexemes_idx') &&
        plan.includes('saved_searches_wordless_category_idx') &&
        !/Seq Scan on saved_searches/.test(plan);
      const withinBudget = quick || result.p95 <= P95_BUDGET_MS;
      console.log(
        `\n  lexeme and category indexes used, no scan of saved_searches: ${usesIndexes ? 'yes' : 'NO'}` +
          (quick ? '' : `; p95 ≤ ${P95_BUDGET_MS} ms: ${withinBudget ? 'yes' : 'MISS'}`),
      );
      return usesIndexes && withinBudget;
    } finally {
      await pool.end();
    }
  } finally {
    await database.stop();
  }
}

if (!(await main())) process.exitCode = 1;
