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

/**
 * Applies pending migrations in order, then installs or upgrades the job queue's tables.
 * Several instances may start at once: the first to take the lock migrates, the others
 * wait and then find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, advisoryLocks.migrations, async () => {
    await migrate(drizzle(pool), { migrationsFolder });
    await installJobQueueSchema(pool);
  });
}
