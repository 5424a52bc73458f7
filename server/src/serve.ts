import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { runMigrations } from './db/migrate';
import { openReplicas, type ReplicaSet } from './db/replicas';
import { createMailer } from './mail/mailer';
import { createStorage } from './media/create-storage';
import { sendContextFor } from './messaging/send-message';
import { loadGazetteerInBackground } from './places/load-gazetteer';
import { seedDemoData, type DemoPictures } from './seed/seed-demo-data';

/**
 * What a server holds once started, each part as soon as it is made, so that a failed start
 * can stop what it began.
 */
export interface ServerParts {
  app?: FastifyInstance;
  database?: DatabaseHandle;
  replicas?: ReplicaSet;
}

/**
 * Serves Bazaar from a database that is up: migrates it, adds the demo data if asked while
 * it builds the app, and listens. main.ts loads this module while PostgreSQL starts.
 */
export async function serve({
  config,
  databaseUrl,
  authSecret,
  demoPictures,
  logger,
  parts,
}: {
  config: Config;
  databaseUrl: string;
  authSecret: string;
  /** The demo's pictures when they are being drawn already (a new embedded database). */
  demoPictures?: Promise<DemoPictures>;
  logger: Logger;
  parts: ServerParts;
}): Promise<void> {
  parts.database = openDatabase(databaseUrl, config.DATABASE_POOL_SIZE, logger);
  await runMigrations(parts.database.pool);
  if (config.DATABASE_REPLICA_URLS.length > 0) {
    parts.replicas = openReplicas({
      urls: config.DATABASE_REPLICA_URLS,
      primary: parts.database.pool,
      poolSize: config.DATABASE_POOL_SIZE,
      maxLagMs: config.REPLICA_MAX_LAG_MS,
      logger,
    });
  }

  const storage = await createStorage(config);
  // The app is built while the demo data goes in, which is mostly PostgreSQL's and the file
  // system's work; it listens once both are done.
  const seeding = config.SEED_DEMO
    ? seedDemoData(parts.database, storage, logger, {
        messaging: sendContextFor(config.PUBLIC_URL),
        pictures: demoPictures,
      })
    : undefined;
  // Awaited below; a failure while the app is built must not count as unhandled.
  seeding?.catch(() => {});

  parts.app = await buildApp({
    config,
    database: parts.database,
    replicas: parts.replicas,
    storage,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      logger,
    }),
    logger,
    authSecret,
  });
  await seeding;
  await parts.app.listen({ port: config.PORT, host: config.HOST });
  // After listening, so a first start is not slower: place search says it is loading meanwhile.
  void loadGazetteerInBackground(parts.database.pool, logger);
}
