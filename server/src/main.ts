import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { createLogger } from './logger';
import type { DemoPictures } from './seed/seed-demo-data';
import type { ServerParts } from './serve';
import { DataDirInUseError, loadOrCreateSecrets, lockDataDir } from './system/data-dir';

/** How long in-flight requests get to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

interface Running extends ServerParts {
  embedded?: EmbeddedPostgresHandle;
  releaseDataDir?: () => Promise<void>;
}

async function start(config: Config, logger: Logger, running: Running): Promise<void> {
  const startedAt = Date.now();
  if (!config.DATABASE_URL) running.releaseDataDir = await lockDataDir(config.DATA_DIR);
  const { secrets, isNew: hasNewSecrets } = await loadOrCreateSecrets(config.DATA_DIR);

  // The server's code loads while PostgreSQL starts: on a warm start, each took about a third
  // of the time to ready, one after the other.
  const serving = import('./serve');
  // Awaited below; a failure meanwhile must not count as unhandled.
  serving.catch(() => {});

  let demoPictures: Promise<DemoPictures> | undefined;
  if (!config.DATABASE_URL) {
    running.embedded = await startEmbeddedPostgres({
      databaseDir: path.join(config.DATA_DIR, 'postgres'),
      password: secrets.postgresPassword,
      passwordIsNew: hasNewSecrets,
      logger,
      // A new cluster will get the demo: its pictures are drawn while PostgreSQL is created.
      onNewCluster: () => {
        if (!config.SEED_DEMO) return;
        demoPictures = import('./seed/seed-demo-data').then(({ encodeDemoPictures }) => encodeDemoPictures());
        // Awaited by the seed; a failure meanwhile must not count as unhandled.
        demoPictures.catch(() => {});
      },
    });
  }
  const { serve } = await serving;
  await serve({
    config,
    databaseUrl: config.DATABASE_URL ?? running.embedded!.url,
    authSecret: config.AUTH_SECRET ?? secrets.authSecret,
    demoPictures,
    logger,
    parts: running,
  });
  logger.info(
    {
      url: config.PUBLIC_URL,
      database: config.DATABASE_URL ? 'external' : 'embedded',
      readReplicas: config.DATABASE_REPLICA_URLS.length,
      startupMs: Date.now() - startedAt,
    },
    `Bazaar is ready at ${config.PUBLIC_URL}`,
  );
  // Pages work at any address of this machine; e-mails can only name one.
  logger.info(
    `Links in e-mails point to ${config.PUBLIC_URL}: set PUBLIC_URL to the address people open Bazaar at to change it`,
  );
}

/** Stop accepting, let in-flight requests finish, close the pool, stop the database. */
async function stop(running: Running, logger: Logger): Promise<void> {
  await running.app?.close();
  await running.replicas?.close();
  await running.database?.pool.end();
  await running.embedded?.stop();
  await running.releaseDataDir?.();
  if (running.database) logger.info('Bazaar stopped');
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const running: Running = {};

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    stop(running, logger).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // pg-boss 10 does not wait for its record of a job's end (timgit/pg-boss#577, fixed in 11):
  // when the database goes away at that moment, the write's failure is a rejection nobody
  // handles, which would end the process while requests are answered 503 and recover. The
  // job's run then expires and is retried. Anything else unhandled still ends the process.
  // (errors.ts loads with the server's code, not before the start: see `serving` in start.)
  process.on('unhandledRejection', (reason) => {
    void import('./http/errors').then(({ isDatabaseUnavailable }) => {
      if (isDatabaseUnavailable(reason)) {
        logger.warn({ err: reason }, 'a background write failed: the database is unavailable');
        return;
      }
      logger.fatal({ err: reason }, 'unhandled rejection');
      process.exit(1);
    });
  });

  try {
    await start(config, logger, running);
  } catch (error) {
    if (error instanceof DataDirInUseError) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'Bazaar could not start');
    await stop(running, logger).catch(() => undefined);
    process.exit(1);
  }
}

void main();
