import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { installJobQueueSchema } from '../jobs/job-queue';
import { migrationsFolder } from '../paths';

/** Fixed ids of the advisory locks Bazaar processes take; any unique numbers do. */
export const advisoryLocks = {
  migrations: 726_354_001,
  demoSeed: 726_354_002,
  jobQueues: 726_354_003,
  gazetteer: 726_354_004,
} as const;

/** Runs `task` while holding an advisory lock, so only one process does it at a time. */
export async function withAdvisoryLock<T>(pool: pg.Pool, lockId: number, task: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    try {
      return await task();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lockId]);
    }
  } finally {
    client.release();
  }
}

/** Each table of the schema's storage (relfilenode), by name: a rewrite gives a table new storage. */
async function storageOfTables(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ name: string; storage: string }>(`
    select c.oid::regclass::text as name, c.relfilenode::text as storage
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema()`);
  return new Map(rows.map((row) => [row.name, row.storage]));
}

/**
 * Applies pending migrations in order (the app's own; a test may pass another folder), then
 * installs or upgrades the job queue's tables.
 * Several instances may start at once: the first to take the lock migrates, the others
 * wait and then find nothing left to do. A table a migration rewrote (a generated column's
 * new expression, migration 0023) is vacuumed and analysed at once: its rewrite left it no
 * visibility map, so every read that could use its indexes alone read the table instead
 * (at a million ads, a category's capped count went from 0.8 to 5.8 ms), until autovacuum came
 * by, which no count of changed rows would ask for.
 */
export async function runMigrations(pool: pg.Pool, folder = migrationsFolder): Promise<void> {
  await withAdvisoryLock(pool, advisoryLocks.migrations, async () => {
    const before = await storageOfTables(pool);
    await migrate(drizzle(pool), { migrationsFolder: folder });
    for (const [table, storage] of await storageOfTables(pool)) {
      const earlier = before.get(table);
      if (earlier !== undefined && earlier !== storage) await pool.query(`vacuum (analyze) ${table}`);
    }
    await installJobQueueSchema(pool);
  });
}
