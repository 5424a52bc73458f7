import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDataDir, freePort } from '../support/app-server';
import { withClient } from '../faults/support';

const run = promisify(execFile);

/** The machine's PostgreSQL server binaries (Debian's postgresql-15 package). */
const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export const hasServerBinaries = () =>
  ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((tool) => existsSync(path.join(BIN_DIR, tool)));

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: under root, its tools run as the `postgres` user. */
async function runTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(BIN_DIR, tool);
  try {
    await (isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${tool} failed: ${stderr ?? String(error)}`);
  }
}

export interface PostgresServer {
  port: number;
  /** The connection string of a database of this server (as the `postgres` superuser). */
  url(database: string): string;
  /** Runs one statement on the `postgres` database. */
  query(sql: string): Promise<unknown[]>;
  /** pg_ctl stop: `immediate` is a crash, as a lost machine. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

function serverAt(dataDir: string, port: number): PostgresServer {
  const server: PostgresServer = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    query: (sql) => withClient(server.url('postgres'), async (client) => (await client.query(sql)).rows),
    stop: (mode = 'fast') => runTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
  };
  return server;
}

function startServer(dataDir: string, port: number, folder: string) {
  return runTool('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    `${dataDir}.log`,
    '-w',
    '-o',
    // fsync off: a test's cluster need not survive the machine.
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c wal_level=replica -c fsync=off`,
    'start',
  ]);
}

/**
 * A primary and a streaming replica of it, both the machine's PostgreSQL in a temporary
 * folder: the primary is initialised, `database` created on it, and the replica made from a
 * pg_basebackup -R of it (a standby that streams the primary's WAL).
 */
export async function startPrimaryAndReplica(database: string) {
  const folder = await createDataDir();
  if (isRoot) await run('chown', ['postgres:', folder]);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');

  await runTool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await startServer(primaryDir, primaryPort, folder);
  const primary = serverAt(primaryDir, primaryPort);
  await primary.query(`create database ${database}`);

  await runTool('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
  ]);
  await startServer(replicaDir, replicaPort, folder);
  const replica = serverAt(replicaDir, replicaPort);

  return {
    primary,
    replica,
    /** Stops both servers (whichever still runs) and removes their folder. */
    async remove() {
      await replica.stop('immediate').catch(() => undefined);
      await primary.stop('immediate').catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
