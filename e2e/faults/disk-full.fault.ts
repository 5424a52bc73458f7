import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createDataDir } from '../support/app-server';
import {
  adForm,
  call,
  checkInvariants,
  createSeller,
  givePlan,
  headersFor,
  startApp,
  startDatabaseServer,
} from './support';

const run = promisify(execFile);

/** A photo of noise: it does not compress, so each one takes real room once stored. */
const noisyPhoto = () =>
  sharp({
    create: {
      width: 900,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .png()
    .toBuffer();

it('answers 507 storage_full when the upload disk is full, half-writes nothing and stays healthy', async (context) => {
  const dataDir = await createDataDir();
  const uploads = path.join(dataDir, 'uploads');
  await mkdir(uploads);
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=1536k', 'tmpfs', uploads]);
  } catch (error) {
    console.warn(
      `disk full: SKIPPED, a small tmpfs cannot be mounted here (${(error as Error).message.trim()})`,
    );
    context.skip();
  }
  try {
    const database = await startDatabaseServer();
    const databaseUrl = await database.createDatabase();
    const app = await startApp({ databaseUrl, dataDir });
    const seller = await createSeller(app);
    await givePlan(databaseUrl, [seller.id], 100);
    const photo = await noisyPhoto();

    const post = () => {
      const form = adForm('A photo of noise', 0);
      form.append('images', new Blob([photo], { type: 'image/png' }), 'noise.png');
      return call(app, '/api/ads', { method: 'POST', headers: headersFor(app, seller.cookie), body: form });
    };
    const posted: string[] = [];
    let full: Response | undefined;
    for (let attempt = 0; attempt < 20 && !full; attempt += 1) {
      const response = await post();
      if (response.status === 201) posted.push(((await response.json()) as { id: string }).id);
      else full = response;
    }
    expect(full?.status).toBe(507);
    expect(await full!.json()).toMatchObject({
      error: { code: 'storage_full', message: expect.any(String) },
    });
    expect(posted.length).toBeGreaterThan(0);

    // Nothing half-written: every stored file has its row and every row its file.
    expect(await checkInvariants(databaseUrl, dataDir)).toEqual([]);
    // The app is healthy, reads work, and once there is room, posting works again.
    expect((await call(app, '/api/ready')).status).toBe(200);
    expect((await call(app, '/api/ads')).status).toBe(200);
    const removed = await call(app, `/api/ads/${posted[0]}`, {
      method: 'DELETE',
      headers: headersFor(app, seller.cookie),
    });
    expect(removed.status).toBe(204);
    expect((await post()).status).toBe(201);
    expect(await checkInvariants(databaseUrl, dataDir)).toEqual([]);
    console.info(
      `disk full: ${posted.length} posts stored, then 507 storage_full; nothing half-written; app healthy`,
    );
  } finally {
    await run('umount', ['-l', uploads]).catch(() => undefined);
  }
});
