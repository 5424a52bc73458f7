import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, postAd, videoPart } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { mp4Video } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * An ad's photos and videos are as public as the ad (the ad policy): while it is active,
 * anyone may fetch them and caches keep them for a year; while it is not, only its owner
 * (and staff) may, and no cache keeps them (decision 0010).
 */

let testApp: TestApp;
let owner: TestSeller;
let other: TestSeller;
let adId: string;
let urls: string[];

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await createSeller(testApp.app);
  other = await createSeller(testApp.app);
  const posted = await postAd(testApp, owner, { files: [await imagePart(), videoPart(mp4Video())] });
  expect(posted.statusCode).toBe(201);
  const ad = posted.json();
  adId = ad.id;
  urls = [ad.images[0].url, ad.images[0].card_url, ad.videos[0].url];
});
afterAll(() => testApp.close());

const fetchAs = (url: string, who?: TestSeller) =>
  testApp.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });

async function setStatus(status: string) {
  await testApp.database.pool.query('update advertisements set status = $2 where id = $1', [adId, status]);
}

describe("an ad's media", () => {
  it('are anyone’s, cached for a year, while the ad is public', async () => {
    for (const url of urls) {
      for (const who of [undefined, other, owner]) {
        const response = await fetchAs(url, who);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('are only their owner’s, and cached by no one, while the ad is hidden', async () => {
    await setStatus('hidden');
    try {
      for (const url of urls) {
        for (const who of [undefined, other]) {
          const response = await fetchAs(url, who);
          expect(response.statusCode, url).toBe(404);
          expect(response.body).not.toContain('ftyp');
        }
        const own = await fetchAs(url, owner);
        expect(own.statusCode, url).toBe(200);
        expect(own.headers['cache-control']).toBe('private, no-store');
        const range = await testApp.app.inject({ url, headers: { range: 'bytes=0-3' } });
        expect(range.statusCode).toBe(404);
      }
    } finally {
      await setStatus('active');
    }
  });

  it('are found only at the paths they are stored at', async () => {
    const [imageUrl = ''] = urls;
    for (const url of [
      imageUrl.replace('/media/ads/', '/media/ads%2F'),
      imageUrl.replace('/media/', '/media//'),
      imageUrl.replace(adId, adId.toUpperCase()),
      '/media/ads/not-an-ad/file.webp',
      '/media/secrets.json',
    ]) {
      expect((await fetchAs(url)).statusCode, url).toBe(404);
    }
  });
});
