import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, imagePart, postAd, validAdFields } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { mp4Video, pixelBombPng, pngImage } from '../../test/media-fixtures';
import { multipartForm, type FilePart } from '../../test/multipart';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * Hostile uploads are refused or stored under names the server chooses; whatever happens,
 * nothing lands outside the storage root, no temporary file stays, and every stored file
 * has its ad_media row and every row its file.
 */

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  await giveSellerPlan(testApp, seller.id, 50);
});
afterAll(() => testApp.close());

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Stored files and ad_media rows match one to one; no temporary upload is left. */
async function expectStorageConsistent() {
  const { rows } = await testApp.database.pool.query<{ storage_key: string; card_key: string | null }>(
    'select storage_key, card_key from ad_media',
  );
  const keys = rows.flatMap((row) => (row.card_key ? [row.storage_key, row.card_key] : [row.storage_key]));
  expect(await filesUnder(testApp.uploadsDir)).toEqual(keys.sort());
  expect(await filesUnder(path.join(testApp.dataDir, 'tmp', 'uploads'))).toEqual([]);
  // Everything in DATA_DIR is the app's own: stored media and the mail outbox, nothing else.
  const strays = (await filesUnder(testApp.dataDir)).filter(
    (file) => !file.startsWith(`uploads${path.sep}ads${path.sep}`) && !file.startsWith(`outbox${path.sep}`),
  );
  expect(strays).toEqual([]);
}

const countAds = async () =>
  Number((await testApp.database.pool.query('select count(*) from advertisements')).rows[0].count);

const file = (filename: string, data: Buffer, contentType = 'image/png'): FilePart => ({
  field: 'images',
  filename,
  contentType,
  data,
});

describe('hostile files', () => {
  it.each([
    ['HTML renamed .png', () => file('photo.png', Buffer.from('<!doctype html><script>alert(1)</script>'))],
    [
      'SVG renamed .png',
      () =>
        file(
          'photo.png',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
          ),
          'image/svg+xml',
        ),
    ],
    ['a video declared as an image', () => file('photo.png', mp4Video(), 'image/png')],
    [
      'a PNG signature followed by HTML',
      () => file('p.png', Buffer.from('\u0089PNG\r\n\u001a\n<html>', 'latin1')),
    ],
    ['an empty file', () => file('photo.png', Buffer.alloc(0))],
  ])('refuses %s, leaving nothing behind', async (_name, makeFile) => {
    const before = await countAds();
    const response = await postAd(testApp, seller, { files: [makeFile()] });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(['unsupported_file_type', 'invalid_image']).toContain(response.json().error.code);
    expect(await countAds()).toBe(before);
    await expectStorageConsistent();
  });

  it('refuses a 20 000 × 20 000 pixel image of a few hundred bytes without decoding it', async () => {
    const bomb = pixelBombPng(20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const response = await postAd(testApp, seller, { files: [file('huge.png', bomb)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('image_too_large');
    // Decoding would take 20 000 × 20 000 × 3 bytes = 1.2 GB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    await expectStorageConsistent();
  });

  it('stores a picture with a hostile name under a name of its own, inside the storage root', async () => {
    const names = [
      '../../x.png',
      '..\\..\\x.png',
      '/etc/passwd.png',
      'a\u0000b.png',
      '\u202egnp.exe',
      'photo\u200f.png',
      'x'.repeat(1000) + '.png',
      '.htaccess',
      'CON.png',
    ];
    for (const name of names) {
      const response = await postAd(testApp, seller, { files: [file(name, await pngImage())] });
      expect(response.statusCode, JSON.stringify(name)).toBe(201);
      const { images } = response.json<{ images: { url: string; card_url: string }[] }>();
      for (const url of [images[0]!.url, images[0]!.card_url]) {
        expect(url).toMatch(/^\/media\/ads\/[0-9a-f-]{36}\/[0-9a-f-]{36}-(full|card)\.webp$/);
      }
    }
    // Nothing named after an upload exists beside the data folder either (inside it, the
    // consistency check below allows only the stored media).
    const beside = await readdir(path.dirname(testApp.dataDir));
    expect(beside.filter((name) => /^x\.png$|passwd|htaccess|gnp\.exe/.test(name))).toEqual([]);
    await expectStorageConsistent();
  });
});

describe('an upload that stops half-way', () => {
  it('is dropped: no ad, no stored file and no temporary file remain', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await countAds();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(3 * 1024 * 1024, 1)]);
    const form = multipartForm(validAdFields, [await imagePart(), file('big.png', big)]);
    const cut = Math.floor(form.payload.length * 0.6);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/ads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_PUBLIC_URL}\r\n` +
            `Cookie: ${seller.cookie}\r\nContent-Type: ${form.contentType}\r\n` +
            `Content-Length: ${form.payload.length}\r\n\r\n`,
        );
        socket.write(form.payload.subarray(0, cut), () => {
          // Give the server time to start writing the files, then go away.
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300);
        });
      });
      socket.on('error', reject);
    });
    // The server notices the closed connection and cleans up.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if ((await filesUnder(path.join(testApp.dataDir, 'tmp', 'uploads'))).length === 0) break;
      await sleep(100);
    }
    expect(await countAds()).toBe(before);
    await expectStorageConsistent();
    expect((await testApp.app.inject('/api/health')).statusCode).toBe(200);
  });
});
