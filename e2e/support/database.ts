import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Runs one query on the e2e app's embedded PostgreSQL, as its owner: the password is in
 * DATA_DIR/secrets.json and the port in the cluster's postmaster.pid (its fourth line). For
 * what a journey cannot see in the browser (rows gone) or cannot wait for (time passing).
 */
export async function query<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const dataDir = inject('dataDir');
  const { postgresPassword } = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: postgresPassword,
    database: 'bazaar',
  });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Queues a run of one of the app's scheduled jobs now (pg-boss's job table), as its cron
 * would; the app's worker picks it up within its polling interval.
 */
export async function runJobNow(name: string): Promise<void> {
  await query(`insert into pgboss.job (name, data) values ($1, '{}'::jsonb)`, [name]);
}
