/**
 * Shows PostgreSQL's plan for the queries behind one search, exactly as the app sends them:
 * `npm run explain-search -w bench -- "q=bike&sort=price-high"`. Runs EXPLAIN (ANALYZE,
 * BUFFERS) on the page query and the count query against the benchmark database.
 */
import { adSearchQuerySchema } from '@bazaar/common/ads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { countAdsForSearch, findAdsForSearch } from '../../server/src/ads/queries';
import * as schema from '../../server/src/db/schema';
import { openBenchDatabase } from './bench-database';

const query = process.argv[2] ?? '';

async function main() {
  const database = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  try {
    const { cursor, limit, ...criteria } = adSearchQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(query)),
    );
    await findAdsForSearch(capturing, { ...criteria, cursor, limit });
    if (!cursor) await countAdsForSearch(capturing, criteria);
    for (const { sql, params } of captured) {
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
