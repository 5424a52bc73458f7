import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { TEMPLATE_DATABASE } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server address (no database) where each test file creates its own database. */
    databaseServerUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the machine's server when DATABASE_URL is set,
 * otherwise an embedded one in a temporary folder. A migrated template database is made
 * once; each test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'warn' });
  let embedded: EmbeddedPostgresHandle | undefined;
  let folder: string | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '';
    serverUrl = url.toString().replace(/\/$/, '');
  } else {
    folder = await mkdtemp(path.join(tmpdir(), 'bazaar-test-pg-'));
    // When tests run as root, PostgreSQL runs as the `postgres` user and must reach it.
    await chmod(folder, 0o755);
    embedded = await startEmbeddedPostgres({
      databaseDir: path.join(folder, 'postgres'),
      password: 'test',
      logger,
    });
    serverUrl = embedded.adminUrl;
  }

  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: `${serverUrl}/${TEMPLATE_DATABASE}`, max: 2 });
  await runMigrations(pool);
  await pool.end();

  project.provide('databaseServerUrl', serverUrl);

  return async () => {
    await embedded?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
}
