import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Runs statements: the database itself, or the transaction a caller has open. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
}

// node-postgres returns numeric and bigint as strings by default; ours fit in a double.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

interface PoolOptions {
  size: number;
  /** How the connections show in pg_stat_activity. */
  applicationName?: string;
  connectTimeoutMs?: number;
}

/** A node-postgres pool whose lost connections are logged, never left to crash the process. */
export function openPool(url: string, options: PoolOptions, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.size,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs longer than this is a fault, not a slow page.
    statement_timeout: 15_000,
    application_name: options.applicationName ?? 'bazaar',
  });
  // An idle client's connection can drop (database restart); the pool replaces it. pg-pool
  // hangs the whole client on the error as `client`, so only its message and code are logged.
  pool.on('error', (error: Error & { code?: string }) =>
    logger.warn({ reason: error.message, code: error.code }, 'idle database connection lost'),
  );
  // pg-pool listens for errors only while a client is idle. A client checked out between two
  // statements (inside a transaction, say) whose connection drops would emit 'error' with no
  // listener and crash the process; its next query fails instead, and the request answers 503.
  pool.on('connect', (client) =>
    client.on('error', (error: Error & { code?: string }) =>
      logger.warn({ reason: error.message, code: error.code }, 'database connection lost'),
    ),
  );
  return pool;
}

/** Drizzle over a pool (or what stands for one: a replica's, db/replicas.ts). */
export function databaseOver(client: pg.Pool): Database {
  return drizzle({ client, schema, casing: undefined });
}

export function openDatabase(url: string, poolSize: number, logger: Logger): DatabaseHandle {
  const pool = openPool(url, { size: poolSize }, logger);
  return { pool, db: databaseOver(pool) };
}

/** Is the database answering? Used by /api/ready. */
export async function isDatabaseReachable(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
