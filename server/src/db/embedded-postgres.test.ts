import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeForPostgres, startEmbeddedPostgres, type PostgresUser } from './embedded-postgres';

const asRoot = process.getuid?.() === 0;

/** Log lines, as the app would write them. */
function recordingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

// Only root runs PostgreSQL as another user; for anyone else everything stays where it is.
describe.skipIf(!asRoot)('running PostgreSQL as the postgres user from a private folder', () => {
  let folder: string;
  let user: PostgresUser;
  let install: string;
  let packagedInstall: string;

  beforeAll(async () => {
    const id = (flag: string) =>
      Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
    user = { uid: id('-u'), gid: id('-g') };
    folder = await mkdtemp(path.join(tmpdir(), 'bazaar-place-'));
    await chmod(folder, 0o755);
    // A clone in /root: the installed binaries sit under a folder of mode 700.
    const privateFolder = path.join(folder, 'private');
    await mkdir(privateFolder, { mode: 0o700 });
    const packaged = path.dirname(
      createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(
        `@embedded-postgres/${process.platform}-${process.arch}`,
      ),
    );
    await cp(path.join(packaged, '..'), path.join(privateFolder, 'package'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    install = path.join(privateFolder, 'package', 'native');
    packagedInstall = path.join(packaged, '..', 'native');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** What `binary --version` says, run as the postgres user; null when that user cannot run it. */
  const runsAsPostgres = (binary: string) => {
    const run = spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
    return run.status === 0 ? run.stdout : null;
  };

  it('runs the binaries from a copy and keeps the cluster in a folder that user can reach, saying where', async () => {
    const root = path.join(folder, 'reachable');
    const databaseDir = path.join(folder, 'private', 'data', 'postgres');
    expect(runsAsPostgres(path.join(install, 'bin', 'initdb'))).toBe(null);

    const { logger, lines } = recordingLogger();
    const placed = await placeForPostgres({ install, databaseDir }, user, logger, root);
    expect(placed.install.startsWith(`${root}${path.sep}`)).toBe(true);
    expect(runsAsPostgres(path.join(placed.install, 'bin', 'initdb'))).toMatch(/^initdb \(PostgreSQL\) \d+/);
    expect(placed.databaseDir.startsWith(path.join(root, 'clusters'))).toBe(true);
    expect(lines.join('')).toContain(`its data is kept in ${placed.databaseDir} instead`);

    // The next start finds both again, and says where the data is again.
    const again = recordingLogger();
    expect(await placeForPostgres({ install, databaseDir }, user, again.logger, root)).toEqual(placed);
    expect(again.lines.join('')).toContain(placed.databaseDir);
  });

  it('calls a cluster kept elsewhere new only once: a restart from a private folder finds it', async () => {
    // main.ts draws the demo's pictures for a new cluster; a restart that took its cluster for
    // new drew them on every start, for nothing.
    const databaseDir = path.join(folder, 'private', 'restarted', 'postgres');
    const logger = pino({ level: 'silent' });
    let newClusters = 0;
    const start = () =>
      startEmbeddedPostgres({
        databaseDir,
        password: 'a-test-password',
        logger,
        onNewCluster: () => newClusters++,
      });
    try {
      await (await start()).stop();
      await (await start()).stop();
      expect(newClusters).toBe(1);
    } finally {
      const kept = await placeForPostgres({ install: packagedInstall, databaseDir }, user, logger);
      await rm(kept.databaseDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('sets aside the cluster of a deleted data folder kept elsewhere, and starts afresh', async () => {
    // Deleting DATA_DIR to start again left its cluster in /var/lib/bazaar, which the new
    // folder's password could not open: the start failed (28P01).
    const dataDir = path.join(folder, 'private', 'deleted');
    const databaseDir = path.join(dataDir, 'postgres');
    const silent = pino({ level: 'silent' });
    const kept = (await placeForPostgres({ install: packagedInstall, databaseDir }, user, silent))
      .databaseDir;
    const setAside = async () =>
      (await readdir(path.dirname(kept))).filter((name) =>
        name.startsWith(`${path.basename(kept)}.set-aside-`),
      );
    try {
      const first = { databaseDir, password: 'first-password', passwordIsNew: true, logger: silent };
      await (await startEmbeddedPostgres(first)).stop();
      // A restart with the same password keeps it.
      await (await startEmbeddedPostgres({ ...first, passwordIsNew: false })).stop();
      expect(await setAside()).toEqual([]);

      await rm(dataDir, { recursive: true, force: true });
      const { logger, lines } = recordingLogger();
      const second = await startEmbeddedPostgres({
        databaseDir,
        password: 'second-password',
        passwordIsNew: true,
        logger,
      });
      try {
        const client = new pg.Client({ connectionString: second.url });
        await client.connect();
        await client.end();
      } finally {
        await second.stop();
      }
      const [aside] = await setAside();
      expect(aside).toBeDefined();
      expect(lines.join('')).toContain(`it was moved to ${path.join(path.dirname(kept), aside!)}`);
    } finally {
      for (const name of [path.basename(kept), ...(await setAside())]) {
        await rm(path.join(path.dirname(kept), name), { recursive: true, force: true });
      }
    }
  }, 90_000);

  it('leaves everything where it is when that user can reach it', async () => {
    const reachable = { install: packagedInstall, databaseDir: path.join(folder, 'data', 'postgres') };
    const { logger, lines } = recordingLogger();
    expect(await placeForPostgres(reachable, user, logger, path.join(folder, 'unused'))).toEqual(reachable);
    expect(lines).toEqual([]);
  });
});

describe('a start whose password the cluster refuses', () => {
  it('fails and leaves no PostgreSQL server running on the cluster', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'bazaar-refused-'));
    await chmod(folder, 0o755);
    const databaseDir = path.join(folder, 'postgres');
    const logger = pino({ level: 'silent' });
    try {
      await (await startEmbeddedPostgres({ databaseDir, password: 'the-right-one', logger })).stop();
      await expect(startEmbeddedPostgres({ databaseDir, password: 'a-wrong-one', logger })).rejects.toThrow(
        'password authentication failed',
      );
      // A folder the postgres user can reach: the cluster is here, whoever runs the test.
      expect(existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
