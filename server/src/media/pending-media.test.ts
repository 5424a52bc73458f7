import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAd } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStorage } from './create-storage';
import { sweepAbandonedMedia } from './pending-media';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const pendingFolder = () => path.join(testApp.uploadsDir, '.pending');
const filesOfAd = (adId: string) =>
  readdir(path.join(testApp.uploadsDir, 'ads', adId)).catch(() => [] as string[]);

/** What a process killed between storing files and committing their rows leaves behind. */
async function leaveInterruptedChange(adId: string, owner: { host: string; pid: number }) {
  await mkdir(path.join(testApp.uploadsDir, 'ads', adId), { recursive: true });
  await writeFile(path.join(testApp.uploadsDir, 'ads', adId, `${randomUUID()}-full.webp`), 'orphan');
  await writeFile(path.join(testApp.uploadsDir, 'ads', adId, `${randomUUID()}-card.webp.x.partial`), 'half');
  await mkdir(pendingFolder(), { recursive: true });
  await writeFile(path.join(pendingFolder(), `${adId}.${randomUUID()}`), JSON.stringify(owner));
}

const sweep = async () =>
  sweepAbandonedMedia({ storage: await createStorage(testApp.config), db: testApp.database.db });

describe('media of interrupted changes', () => {
  it('leaves no marker once a post is saved', async () => {
    const seller = await createSeller(testApp.app);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    expect(await readdir(pendingFolder())).toEqual([]);
  });

  it('deletes the files a dead process left without rows, and keeps the saved ones', async () => {
    const seller = await createSeller(testApp.app);
    const saved = (await postAd(testApp, seller)).json<{ id: string }>().id;
    const savedFiles = await filesOfAd(saved);
    expect(savedFiles).toHaveLength(2);
    const neverSaved = randomUUID();
    // A predecessor of this very process (same pid after a restart in a container) and a
    // process that no longer runs.
    await leaveInterruptedChange(saved, { host: hostname(), pid: process.pid });
    await leaveInterruptedChange(neverSaved, { host: hostname(), pid: 2 ** 22 + 1 });

    expect(await sweep()).toBe(4);
    expect((await filesOfAd(saved)).sort()).toEqual(savedFiles.sort());
    expect(await filesOfAd(neverSaved)).toEqual([]);
    expect(await readdir(pendingFolder())).toEqual([]);
  });

  it('leaves alone the changes of a process still at work, and of other machines', async () => {
    const adId = randomUUID();
    await leaveInterruptedChange(adId, { host: hostname(), pid: process.ppid });
    const elsewhere = randomUUID();
    await leaveInterruptedChange(elsewhere, { host: `${hostname()}-other`, pid: 1 });
    expect(await sweep()).toBe(0);
    expect(await filesOfAd(adId)).toHaveLength(2);
    expect(await filesOfAd(elsewhere)).toHaveLength(2);
  });
});
