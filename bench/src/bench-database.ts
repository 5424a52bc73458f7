import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repositoryRoot = path.resolve(benchRoot, '..');
export const resultsFolder = path.join(benchRoot, 'results');

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The database the benchmark fills and measures, never the app's own DATA_DIR:
 * DATABASE_URL when set; otherwise an embedded PostgreSQL in BENCH_DATA_DIR when set (kept,
 * so that one generated million serves many runs), else in a fresh temporary folder that is
 * removed afterwards.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const keptDir = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
  const dataDir = keptDir ?? (await mkdtemp(path.join(tmpdir(), 'bazaar-bench-')));
  await mkdir(dataDir, { recursive: true });
  // As root, the embedded PostgreSQL runs as `postgres` and must reach this folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    // Loopback only, and only benchmark data behind it.
    password: 'bazaar-bench',
    logger: pino({ level: 'warn' }),
  });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      if (!keptDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value at a quantile (0–1) of sorted numbers, nearest-rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
