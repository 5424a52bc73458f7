import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsFolder = path.join(benchRoot, 'results');

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The database benchmarks run against: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL whose data stay in BENCH_DATA_DIR (default bench/data, not committed), so that
 * generating once serves many measurements.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(benchRoot, 'data'));
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    // Loopback only, and only benchmark data behind it.
    password: 'bazaar-bench',
    logger: pino({ level: 'warn' }),
  });
  return { url: embedded.url, stop: () => embedded.stop() };
}

/** The value at a quantile (0–1) of sorted numbers, nearest-rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
