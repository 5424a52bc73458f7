import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endTrial,
  giveSellerPlan,
  imagePart,
  postAd,
  sendAdForm,
  validAdFields,
  videoPart,
} from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { jpegWithGpsPosition, movVideo, mp4Video } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Every stored file of an ad, relative to the uploads folder. */
async function storedFilesOf(adId: string): Promise<string[]> {
  return (await readdir(path.join(testApp.uploadsDir, 'ads', adId)).catch(() => [] as string[])).sort();
}

async function countAdsOf(sellerId: string): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: number }>(
    'select count(*)::int as count from advertisements where user_id = $1',
    [sellerId],
  );
  return rows[0]!.count;
}

async function allStoredAdFolders(): Promise<string[]> {
  return readdir(path.join(testApp.uploadsDir, 'ads')).catch(() => [] as string[]);
}

describe('POST /api/ads', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const response = await sendAdForm(testApp, undefined, {
      fields: validAdFields,
      files: [await imagePart()],
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('refuses a post from another site', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: { cookie: seller.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
  });

  it('posts an ad with an image and a video, stored and served under /media', async () => {
    const seller = await createSeller(testApp.app, { name: 'Nora Vance' });
    const response = await postAd(testApp, seller, {
      files: [await imagePart('bike.png'), videoPart(mp4Video(4096), 'ride.mp4')],
    });
    expect(response.statusCode).toBe(201);
    const ad = response.json();
    expect(ad).toMatchObject({
      user_id: seller.id,
      title: validAdFields.title,
      description: validAdFields.description,
      price: 450.5,
      category: 'sports-outdoors',
      category_name: 'Sports & Outdoors',
      location: 'Austin, TX',
      featured: false,
      featured_until: null,
      views: 0,
      likes: 0,
      status: 'active',
      seller: { id: seller.id, name: 'Nora Vance', verified: false, phone_visible: true },
    });
    expect(ad.images).toHaveLength(1);
    expect(ad.videos).toEqual([
      { id: expect.any(String), url: expect.any(String), content_type: 'video/mp4' },
    ]);
    // Keys are generated; the uploaded file names never reach the file system.
    expect(await storedFilesOf(ad.id)).toHaveLength(3);
    expect((await storedFilesOf(ad.id)).join()).not.toMatch(/bike|ride/);

    const image = await testApp.app.inject(ad.images[0].card_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });

    const video = await testApp.app.inject({ url: ad.videos[0].url, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('accepts MOV videos and GIF and JPEG photos, checked by content', async () => {
    const seller = await createSeller(testApp.app);
    const response = await postAd(testApp, seller, {
      files: [
        { field: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGpsPosition() },
        videoPart(movVideo(), 'clip.mov', 'video/quicktime'),
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().videos[0].content_type).toBe('video/quicktime');
  });

  it('re-encodes photos, stripping metadata such as the GPS position', async () => {
    const seller = await createSeller(testApp.app);
    const original = await jpegWithGpsPosition();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await postAd(testApp, seller, {
      files: [{ field: 'images', filename: 'phone.jpg', contentType: 'image/jpeg', data: original }],
    });
    expect(response.statusCode).toBe(201);
    const [image] = response.json().images;
    const full = await testApp.app.inject(image.url);
    const metadata = await sharp(full.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('Secret Camera'))).toBe(false);
    expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 600 });
  });

  it('refuses a second ad during the trial with ad_limit_reached', async () => {
    const seller = await createSeller(testApp.app);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    const response = await postAd(testApp, seller);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'ad_limit_reached',
      message: "You've reached your ad limit. Upgrade to post more ads.",
    });
    expect(await countAdsOf(seller.id)).toBe(1);

    const me = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(me.json().quota).toMatchObject({ active_ads: 1, max_ads: 1, post_gate: 'ad_limit_reached' });
  });

  it('refuses a post once the trial has ended with trial_expired', async () => {
    const seller = await createSeller(testApp.app);
    await endTrial(testApp, seller.id);
    const response = await postAd(testApp, seller);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'trial_expired',
      message: 'Your 14-day trial has expired. Upgrade to continue posting ads.',
    });
    expect(await countAdsOf(seller.id)).toBe(0);
  });

  it('lets a seller on a plan post up to the plan’s quota', async () => {
    const seller = await createSeller(testApp.app);
    await giveSellerPlan(testApp, seller.id, 2);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    expect((await postAd(testApp, seller)).json().error.code).toBe('ad_limit_reached');
  });

  it('creates exactly one ad when several posts race for the last free slot, leaving no stray files', async () => {
    const seller = await createSeller(testApp.app);
    await giveSellerPlan(testApp, seller.id, 2);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    const foldersBefore = await allStoredAdFolders();

    const responses = await Promise.all(Array.from({ length: 6 }, () => postAd(testApp, seller)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403]);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(refused.json().error.code).toBe('ad_limit_reached');
    }
    expect(await countAdsOf(seller.id)).toBe(2);

    const winner = responses.find((response) => response.statusCode === 201)!.json();
    const newFolders = (await allStoredAdFolders()).filter((folder) => !foldersBefore.includes(folder));
    const foldersWithFiles = [];
    for (const folder of newFolders)
      if ((await storedFilesOf(folder)).length > 0) foldersWithFiles.push(folder);
    expect(foldersWithFiles).toEqual([winner.id]);
  });

  it('requires every field, within its limits, and leaves nothing behind when refusing', async () => {
    const seller = await createSeller(testApp.app);
    const cases: [Record<string, string>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ description: 'y'.repeat(1001) }, 'description'],
      [{ price: '-1' }, 'price'],
      [{ price: '12.345' }, 'price'],
      [{ price: 'free' }, 'price'],
      [{ category: 'spaceships' }, 'category'],
      [{ location: '   ' }, 'location'],
    ];
    for (const [override, field] of cases) {
      const response = await postAd(testApp, seller, { fields: override });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    const { title: _title, ...withoutTitle } = validAdFields;
    const missing = await sendAdForm(testApp, seller, { fields: withoutTitle, files: [await imagePart()] });
    expect(missing.json().error.fields).toHaveProperty('title');
    expect(await countAdsOf(seller.id)).toBe(0);
    expect(await readdir(path.join(testApp.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('accepts a 100-character title, a 1000-character description and a price of 0', async () => {
    const seller = await createSeller(testApp.app);
    const response = await postAd(testApp, seller, {
      fields: { title: 't'.repeat(100), description: 'd'.repeat(1000), price: '0' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().price).toBe(0);
  });

  it('never takes the fields the server owns from the form', async () => {
    const seller = await createSeller(testApp.app);
    for (const owned of [
      { featured: 'true' },
      { views: '1000' },
      { likes: '5' },
      { user_id: seller.id },
    ] as Record<string, string>[]) {
      const response = await postAd(testApp, seller, { fields: owned });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect(await countAdsOf(seller.id)).toBe(0);
  });

  it('requires at least one image with image_required', async () => {
    const seller = await createSeller(testApp.app);
    const response = await postAd(testApp, seller, { files: [videoPart(mp4Video())] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('image_required');
    expect(await countAdsOf(seller.id)).toBe(0);
  });
});
