/**
 * Shows PostgreSQL's plan for the queries behind one search, exactly as the app sends them:
 * `npm run explain-search -w bench -- "q=bike&sort=price-high"`. Runs EXPLAIN (ANALYZE,
 * BUFFERS) on them against the benchmark database (DATABASE_URL or BENCH_DATA_DIR, as
 * `npm run bench` fills it).
 */
import { adSearchQuerySchema } from '@bazaar/common/ads';
import pg from 'pg';
import { searchAds } from '../../server/src/ads/queries';
import { openBenchDatabase } from './bench-database';
import { captureQueries } from './floor';

const query = process.argv[2] ?? '';

async function main() {
  const database = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const criteria = adSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    for (const { sql, params } of await captureQueries(pool, (db) => searchAds(db, criteria))) {
      console.log(`\n${sql.replace(/\s+/g, ' ').trim()}\n  params: ${JSON.stringify(params)}\n`);
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${sql}`,
        params,
      );
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

await main();
