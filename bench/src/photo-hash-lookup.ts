/**
 * `npm run bench:photo-hash -w bench`: the cost of the reused-photo lookup (issue 13) at a
 * marketplace's size. Fills the bench database with PHOTO_HASH_ADS generated ads (default
 * 1 000 000; quick: 5 000), each with one photo hash generated in SQL, then runs the app's
 * own query (media/photo-hashes) for new photos, one client: misses (a photo no one has
 * posted, the usual case) and hits (another seller's photo with 3 bits changed). Prints
 * p50/p95/p99 and PostgreSQL's plan of each (EXPLAIN ANALYZE, BUFFERS), and fails on a p95
 * over the budget (not checked in quick mode).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { samePhotoOfOtherSellerQuery } from '../../server/src/media/photo-hashes';
import { openBenchDatabase, quantile } from './bench-database';
import { generateAds } from './generate-ads';

const quick = Boolean(process.env.BENCH_QUICK);
const ads = Number(process.env.PHOTO_HASH_ADS ?? (quick ? 5_000 : 1_000_000));
if (!Number.isInteger(ads) || ads < 1) throw new Error('PHOTO_HASH_ADS must be a positive whole number');
const LOOKUPS = quick ? 200 : 2_000;
/** The one-client budget for a read at a million ads; the lookup runs once per new photo. */
const P95_BUDGET_MS = 50;
/** Bits a "hit" differs from the stored photo it should find (a re-encoded copy). */
const CHANGED_BITS = 3;

const random64 = () =>
  BigInt.asIntN(
    64,
    (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32)),
  );

function flipBits(hash: bigint, count: number): bigint {
  const bits = new Set<number>();
  while (bits.size < count) bits.add(Math.floor(Math.random() * 64));
  return [...bits].reduce((value, bit) => BigInt.asIntN(64, value ^ (1n << BigInt(bit))), hash);
}

interface Probe {
  hash: bigint;
  userId: string;
}

async function measure(pool: pg.Pool, probes: Probe[]) {
  const db = drizzle(pool);
  const times: number[] = [];
  let found = 0;
  for (const { hash, userId } of probes) {
    const started = performance.now();
    const { rows } = await db.execute(samePhotoOfOtherSellerQuery(hash, userId));
    times.push(performance.now() - started);
    if (rows.length > 0) found += 1;
  }
  times.sort((a, b) => a - b);
  return {
    lookups: times.length,
    found,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
  };
}

async function explain(pool: pg.Pool, { hash, userId }: Probe): Promise<string> {
  const { sql, params } = new PgDialect().sqlToQuery(samePhotoOfOtherSellerQuery(hash, userId));
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

async function main(): Promise<boolean> {
  const database = await openBenchDatabase();
  try {
    console.log(`▸ generating ${ads.toLocaleString('en-US')} ads, one photo hash each`);
    await generateAds(database.url, ads);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const { rows: stored } = await pool.query<{ hash: string; user_id: string; rows: number }>(
        `select hash::text, user_id, (select count(*)::int from ad_photo_hashes) as rows
         from ad_photo_hashes tablesample bernoulli (5) limit $1`,
        [LOOKUPS],
      );
      const rows = stored[0]?.rows ?? 0;
      // Posted by someone else: a seller id no generated ad has.
      const newcomer = '00000000-0000-4000-8000-000000000000';
      const misses: Probe[] = Array.from({ length: LOOKUPS }, () => ({ hash: random64(), userId: newcomer }));
      const hits: Probe[] = stored.map((row) => ({
        hash: flipBits(BigInt(row.hash), CHANGED_BITS),
        userId: newcomer,
      }));

      // Warm up as a running database would be, then measure.
      await measure(pool, misses.slice(0, 50));
      const missResult = await measure(pool, misses);
      const hitResult = await measure(pool, hits);
      const missPlan = await explain(pool, misses[0]!);
      const hitPlan = await explain(pool, hits[0]!);

      console.log(`\nPhoto-hash lookup, ${rows.toLocaleString('en-US')} stored photo hashes, one client:`);
      const line = (name: string, result: Awaited<ReturnType<typeof measure>>) =>
        console.log(
          `  ${name}: ${result.lookups} lookups, found ${result.found}; p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
        );
      line('new photo (miss)', missResult);
      line(`another seller's photo, ${CHANGED_BITS} bits changed (hit)`, hitResult);
      console.log(`\n  plan of a miss:\n${missPlan}\n\n  plan of a hit:\n${hitPlan}`);

      const usesIndexes =
        /Bitmap Index Scan on ad_photo_hashes_band_/.test(missPlan) && !/Seq Scan/.test(missPlan);
      const withinBudget = quick || Math.max(missResult.p95, hitResult.p95) <= P95_BUDGET_MS;
      console.log(
        `\n  band indexes used: ${usesIndexes ? 'yes' : 'NO'}; all hits found: ${hitResult.found === hits.length ? 'yes' : 'NO'}` +
          (quick ? '' : `; p95 ≤ ${P95_BUDGET_MS} ms: ${withinBudget ? 'yes' : 'MISS'}`),
      );
      return usesIndexes && hitResult.found === hits.length && withinBudget;
    } finally {
      await pool.end();
    }
  } finally {
    await database.stop();
  }
}

if (!(await main())) process.exitCode = 1;
