/**
 * The floor of a scenario: the SQL the app sends for it, captured from the app's own query
 * functions and replayed straight through node-postgres, so it can never drift from the app.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../server/src/db/database';
import * as schema from '../../server/src/db/schema';
import { quantile } from './bench-database';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** Every query `work` sends, in order, with its parameters (the queries do run once). */
export async function captureQueries(
  pool: pg.Pool,
  work: (db: Database) => Promise<unknown>,
): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  await work(capturing);
  return captured;
}

export interface FloorResult {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Runs the captured queries again and again for `seconds`, one round at a time (one client),
 * all queries of a round at once: the least the database alone can answer the request in.
 * `vary` may change a round's parameters (another ad id per round, as the app load does).
 */
export async function measureFloor(
  pool: pg.Pool,
  queries: CapturedQuery[],
  seconds: number,
  vary: (params: unknown[], round: number) => unknown[] = (params) => params,
): Promise<FloorResult> {
  const times: number[] = [];
  const ends = performance.now() + seconds * 1000;
  for (let round = 0; performance.now() < ends; round += 1) {
    const started = performance.now();
    await Promise.all(queries.map((query) => pool.query(query.sql, vary(query.params, round))));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
  };
}
