import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { createMailer, type OutboxEntry } from '../src/mail/mailer';
import { createStorage } from '../src/media/create-storage';
import { createTestDatabase, dropTestDatabase } from './database';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_AUTH_SECRET = 'test-secret-of-at-least-thirty-two-characters';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  uploadsDir: string;
  /** Messages the app has "sent", oldest first (the local outbox). */
  outbox(): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  environment?: Record<string, string>;
  /** A built web client to serve; by default none, so the server's notice page is served. */
  clientDir?: string;
  /** The server render of the public pages (decision 0025); by default none: the shell. */
  serverRenderer?: AppDependencies['serverRenderer'];
  /** Called for every route the app adds. */
  onRoute?: AppDependencies['onRoute'];
  /** The app's logger; by default a silent one (TEST_LOG_LEVEL to see its lines). */
  logger?: Logger;
  /** Read replicas for the public reads (decision 0023); none by default. */
  replicas?: AppDependencies['replicas'];
  /** Another app process on this test app's database (which the first one's close drops). */
  sharingDatabaseOf?: TestApp;
}

/**
 * The real application on a database of its own, with a temporary DATA_DIR for uploads
 * and the mail outbox. Call once per test file (beforeAll) and close it afterwards.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = inject('databaseServerUrl');
  const ownsDatabase = !options.sharingDatabaseOf;
  const databaseUrl = options.sharingDatabaseOf?.config.DATABASE_URL ?? (await createTestDatabase(serverUrl));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bazaar-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    // Nothing runs in the background: a test runs the jobs it queued with
    // app.jobs.runQueuedJobs(name), when it wants them done.
    JOB_WORKERS: 'false',
    ...options.environment,
  });
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const database = openDatabase(databaseUrl, 5, logger);
  const uploadsDir = path.join(dataDir, 'uploads');
  const outboxDir = path.join(dataDir, 'outbox');
  const app = await buildApp({
    config,
    database,
    storage: await createStorage(config),
    mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, outboxDir, logger }),
    logger,
    authSecret: TEST_AUTH_SECRET,
    clientDir: options.clientDir ?? path.join(dataDir, 'no-client'),
    serverRenderer: options.serverRenderer,
    onRoute: options.onRoute,
    replicas: options.replicas,
  });
  await app.ready();

  return {
    app,
    database,
    config,
    dataDir,
    uploadsDir,
    async outbox() {
      const files = (await readdir(outboxDir).catch(() => [] as string[])).sort();
      return Promise.all(
        files.map(
          async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8')) as OutboxEntry,
        ),
      );
    },
    async close() {
      await app.close();
      await database.pool.end();
      if (ownsDatabase) await dropTestDatabase(serverUrl, databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
