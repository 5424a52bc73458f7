/**
 * `npm run bench:row-order -w bench`: whether the ads table keeps the creation order it is
 * appended in while its ads are viewed (migration 0018). Every counted view writes a new
 * version of the ad's row; where PostgreSQL puts it decides how many pages the searches that
 * walk the ads newest first read. For each fillfactor, the table is rewritten in creation
 * order, then viewed in rounds through the app's own statement (recordAdView): each round one
 * view for a fifth of the active ads and a burst of twenty for one in a hundred, one
 * transaction each, then a vacuum as autovacuum would. Prints, before and after, the
 * correlation of `created_at` with the table's order, the table's pages, and what a medium
 * word's best match costs (its p50 and the buffers it reads: one for each page it moves to).
 *
 * It changes the ads it measures: it runs on a database of its own (a temporary one, or
 * BENCH_DATA_DIR / DATABASE_URL holding nothing else). ROW_ORDER_ADS (default 100 000; quick:
 * 5 000), ROW_ORDER_ROUNDS (default 10; quick: 2).
 */
import { randomUUID } from 'node:crypto';
import { adSearchQuerySchema } from '@bazaar/common/ads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchAds } from '../../server/src/ads/queries';
import { recordAdView } from '../../server/src/ads/views';
import * as schema from '../../server/src/db/schema';
import { openBenchDatabase } from './bench-database';
import { captureQueries, measureFloor, type CapturedQuery } from './floor';
import { generateAds } from './generate-ads';

const quick = Boolean(process.env.BENCH_QUICK);
const ads = Number(process.env.ROW_ORDER_ADS ?? (quick ? 5_000 : 100_000));
const rounds = Number(process.env.ROW_ORDER_ROUNDS ?? (quick ? 2 : 10));
if (!Number.isInteger(ads) || ads < 1) throw new Error('ROW_ORDER_ADS must be a positive whole number');
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error('ROW_ORDER_ROUNDS must be a positive whole number');
/** PostgreSQL's default, then less of each page filled. */
const FILLFACTORS = [100, 90, 80];
/** A medium word (8 % of the generated ads): its best match walks the newest ads until 1 001 match. */
const SEARCH = 'q=vintage';
/** How long its p50 is measured for, each time. */
const SEARCH_SECONDS = 1;

const database = await openBenchDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
pool.on('error', (error) => console.warn(`row order: idle database connection lost: ${error.message}`));

async function measure(label: string, search: CapturedQuery): Promise<void> {
  await pool.query('analyze advertisements');
  const { rows } = await pool.query<{ correlation: number; pages: number }>(
    `select (select correlation from pg_stats where tablename = 'advertisements' and attname = 'created_at') as correlation,
            pg_relation_size('advertisements') / current_setting('block_size')::int as pages`,
  );
  const { p50 } = await measureFloor(pool, [search], SEARCH_SECONDS);
  const { rows: plan } = await pool.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `explain (analyze, buffers, format json) ${search.sql}`,
    search.params,
  );
  const top = plan[0]!['QUERY PLAN'][0].Plan;
  console.log(
    `  ${`${label}:`.padEnd(18)} correlation ${Number(rows[0]!.correlation).toFixed(3)}, ${rows[0]!.pages} pages; ` +
      `"${SEARCH}" best match p50 ${p50.toFixed(1)} ms, ` +
      `${top['Shared Hit Blocks']! + top['Shared Read Blocks']!} buffers`,
  );
}

/** The table rewritten in creation order at `fillfactor`, as a table appended since then would be. */
async function rewriteInCreationOrder(fillfactor: number): Promise<void> {
  await pool.query(`alter table advertisements set (fillfactor = ${fillfactor})`);
  // CLUSTER needs an index over every row; the app's created-at index holds active ads only.
  await pool.query('create index row_order_created_idx on advertisements (created_at)');
  await pool.query('cluster advertisements using row_order_created_idx');
  await pool.query('drop index row_order_created_idx');
  await pool.query('vacuum analyze advertisements');
}

const db = drizzle(pool, { schema });

async function view(adIds: string[]): Promise<void> {
  for (const adId of adIds) await recordAdView(db, adId, { key: randomUUID() }, undefined);
}

try {
  await generateAds(database.url, ads);
  const { rows } = await pool.query<{ id: string }>(`select id from advertisements where status = 'active'`);
  const adIds = rows.map((row) => row.id);
  // The app's statement for the search, captured once: it does not depend on the table's state.
  const criteria = adSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(SEARCH)));
  const [search] = await captureQueries(pool, (capturing) => searchAds(capturing, criteria));
  console.log(`${ads.toLocaleString('en-US')} ads, ${rounds} rounds of views`);
  for (const fillfactor of FILLFACTORS) {
    console.log(`fillfactor ${fillfactor}`);
    await rewriteInCreationOrder(fillfactor);
    await measure('before', search!);
    let views = 0;
    for (let round = 1; round <= rounds; round += 1) {
      const viewed = adIds.flatMap((id) => [
        ...(Math.random() < 0.2 ? [id] : []),
        ...(Math.random() < 0.01 ? Array<string>(20).fill(id) : []),
      ]);
      await view(viewed);
      views += viewed.length;
      await pool.query('vacuum advertisements');
      if (round === rounds || round === Math.ceil(rounds / 2)) {
        await measure(`${(views / adIds.length).toFixed(1)} views per ad`, search!);
      }
    }
  }
} finally {
  await pool.end();
  await database.stop();
}
