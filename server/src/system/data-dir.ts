import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isBazaarProcess } from './processes';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Claims DATA_DIR for this process. A second Bazaar on the same folder would start a
 * second PostgreSQL on the same cluster; it stops here with a clear message instead.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'bazaar.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(lockFile).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && (await isBazaarProcess(holder))) {
        throw new DataDirInUseError(
          `Another Bazaar process (pid ${holder}) is already using DATA_DIR=${dataDir}.\n` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      // Left behind by a process that no longer runs: take it over.
      await unlink(lockFile).catch(() => undefined);
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR=${dataDir}: another process raced for it.`);
}

export interface Secrets {
  authSecret: string;
  postgresPassword: string;
}

/**
 * Secrets a single-machine install needs and nobody should have to invent: generated on
 * first start and kept in DATA_DIR/secrets.json, readable by this user only. `isNew`: made
 * by this call.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<{ secrets: Secrets; isNew: boolean }> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return { secrets: JSON.parse(await readFile(file, 'utf8')) as Secrets, isNew: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = {
    authSecret: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(24).toString('base64url'),
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return { secrets, isNew: true };
}
