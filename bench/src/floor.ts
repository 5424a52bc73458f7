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
  /**
   * The queries (their indexes in the capture) that had answered when the app sent this one:
   * it may have needed their answers, so the floor sends it after them.
   */
  after: number[];
}

/**
 * Every query `work` sends, in order, with its parameters (the queries do run once) and which
 * earlier ones had answered when it was sent.
 */
export async function captureQueries(
  pool: pg.Pool,
  work: (db: Database) => Promise<unknown>,
): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const answered: number[] = [];
  // Drizzle sends every statement through the pool's query(); this pool notes each one.
  const noting = Object.create(pool) as pg.Pool;
  noting.query = ((config: string | pg.QueryConfig, params: unknown[]) => {
    const index =
      captured.push({
        sql: typeof config === 'string' ? config : config.text,
        params,
        after: [...answered],
      }) - 1;
    return pool.query(config, params).finally(() => answered.push(index));
  }) as pg.Pool['query'];
  await work(drizzle(noting, { schema }));
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
 * each query of a round as soon as those it came after have answered (CapturedQuery.after), so
 * the queries the app sent together go at once: the least the database alone can answer the
 * request in, in the app's order. `vary` may change a round's parameters (another ad id per
 * round, as the app load does).
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
    const answers: Promise<unknown>[] = [];
    for (const query of queries) {
      answers.push(
        Promise.all(query.after.map((index) => answers[index])).then(() =>
          pool.query(query.sql, vary(query.params, round)),
        ),
      );
    }
    await Promise.all(answers);
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
