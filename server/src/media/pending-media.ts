import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '@bazaar/common/ids';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { adMedia } from '../db/schema';
import { isOwnerAtWork, thisProcess, type ProcessOwner } from '../system/processes';
import type { Storage } from './storage';

/**
 * Files of an ad are written before the transaction that adds their rows, and deleted after
 * the one that removes them. A process killed in between would leave files without rows.
 * So each such change first leaves a marker (which process, which ad) in the storage root,
 * and removes it once files and rows agree again. At start, markers of processes that no
 * longer run are swept: the files of their ads that no row names are deleted.
 *
 * Only the local store needs this; it is the one whose folder this process can list.
 */
const PENDING_FOLDER = '.pending';

/** Runs `work`, which stores or deletes files of the ad, under a marker of this process. */
export async function withPendingMedia<T>(
  storage: Storage,
  adId: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!storage.root) return work();
  const folder = path.join(storage.root, PENDING_FOLDER);
  await mkdir(folder, { recursive: true });
  const marker = path.join(folder, `${adId}.${randomUUID()}`);
  await writeFile(marker, JSON.stringify(thisProcess()), { flag: 'wx' });
  try {
    return await work();
  } finally {
    await rm(marker, { force: true });
  }
}

async function readOwner(marker: string): Promise<ProcessOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(marker, 'utf8')) as Partial<ProcessOwner>;
    return typeof owner.host === 'string' && typeof owner.pid === 'number'
      ? { host: owner.host, pid: owner.pid }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes the files of an ad that no ad_media row names; returns how many went. */
async function removeUnreferencedFiles(root: string, db: Database, adId: string): Promise<number> {
  const folder = path.join(root, 'ads', adId);
  const files = await readdir(folder).catch(() => [] as string[]);
  if (files.length === 0) return 0;
  const rows = await db
    .select({ storage_key: adMedia.storage_key, card_key: adMedia.card_key })
    .from(adMedia)
    .where(eq(adMedia.ad_id, adId));
  const referenced = new Set(rows.flatMap((row) => [row.storage_key, row.card_key]));
  let removed = 0;
  for (const file of files) {
    if (referenced.has(`ads/${adId}/${file}`)) continue;
    await rm(path.join(folder, file), { force: true });
    removed += 1;
  }
  if (removed === files.length) await rmdir(folder).catch(() => undefined);
  return removed;
}

/**
 * Sweeps the markers left by processes that stopped in the middle of a change (a crash, a
 * kill -9): their ads' unreferenced files are deleted. Returns how many files went.
 */
export async function sweepAbandonedMedia({
  storage,
  db,
}: {
  storage: Storage;
  db: Database;
}): Promise<number> {
  if (!storage.root) return 0;
  const folder = path.join(storage.root, PENDING_FOLDER);
  const markers = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of markers) {
    const marker = path.join(folder, name);
    const owner = await readOwner(marker);
    if (owner && (await isOwnerAtWork(owner))) continue;
    const adId = name.split('.')[0] ?? '';
    if (isUuid(adId)) removed += await removeUnreferencedFiles(storage.root, db, adId);
    await rm(marker, { force: true });
  }
  return removed;
}
