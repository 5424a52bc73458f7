import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, postAd, videoPart } from '../../test/ad-factories';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3-server';
import { createSeller } from '../../test/factories';
import { mp4Video } from '../../test/media-fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

// An S3-compatible store is a third-party edge: this runs the real app and the real AWS SDK
// against a local stand-in that speaks the same HTTP API (test/fake-s3-server.ts).
let s3: FakeS3;
let testApp: TestApp;

beforeAll(async () => {
  s3 = await startFakeS3('test-access-key');
  testApp = await createTestApp({
    environment: {
      STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

describe('STORAGE=s3', () => {
  it('stores photos and videos in the bucket and serves them under /media with our headers', async () => {
    const seller = await createSeller(testApp.app);
    const video = mp4Video(10_000);
    const response = await postAd(testApp, seller, { files: [await imagePart(), videoPart(video)] });
    expect(response.statusCode).toBe(201);
    const ad = response.json();
    expect([...s3.objects.keys()].sort()).toEqual(
      [ad.images[0].url, ad.images[0].card_url, ad.videos[0].url]
        .map((url: string) => url.slice('/media/'.length))
        .sort(),
    );
    const storedVideo = s3.objects.get(ad.videos[0].url.slice('/media/'.length))!;
    expect(storedVideo.body.equals(video)).toBe(true);
    expect(storedVideo.contentType).toBe('video/mp4');

    const card = await testApp.app.inject(ad.images[0].card_url);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(card.headers['x-content-type-options']).toBe('nosniff');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(card.headers['content-security-policy']).toContain('sandbox');

    const part = await testApp.app.inject({ url: ad.videos[0].url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    expect((await testApp.app.inject('/media/ads/nothing-here.webp')).statusCode).toBe(404);
    expect((await testApp.app.inject('/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/ads/${ad.id}`,
      headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(deleted.statusCode).toBe(204);
    expect(s3.objects.size).toBe(0);
  });

  it('leaves no object in the bucket when a post is refused', async () => {
    const seller = await createSeller(testApp.app);
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
    const before = s3.objects.size;
    const refused = await postAd(testApp, seller, { files: [await imagePart(), await imagePart()] });
    expect(refused.json().error.code).toBe('ad_limit_reached');
    expect(s3.objects.size).toBe(before);
  });
});
