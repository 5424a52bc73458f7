import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, imagePart, postAd, sendAdForm, videoPart } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { gifImage, mp4Video } from '../../test/media-fixtures';
import type { FilePart } from '../../test/multipart';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

interface PostedAd {
  id: string;
  title: string;
  price: number;
  updated_at: string;
  images: { id: string; url: string; card_url: string }[];
  videos: { id: string; url: string }[];
}

async function postedAd(seller: TestSeller, files?: FilePart[]): Promise<PostedAd> {
  const response = await postAd(testApp, seller, files ? { files } : {});
  expect(response.statusCode).toBe(201);
  return response.json();
}

function editAd(seller: TestSeller | undefined, adId: string, fields: Record<string, string | string[]>) {
  return sendAdForm(testApp, seller, { method: 'PATCH', url: `/api/ads/${adId}`, fields });
}

function deleteAd(seller: TestSeller | undefined, adId: string) {
  return testApp.app.inject({
    method: 'DELETE',
    url: `/api/ads/${adId}`,
    headers: { ...(seller ? { cookie: seller.cookie } : {}), origin: TEST_PUBLIC_URL },
  });
}

const fileOf = (url: string) => path.join(testApp.uploadsDir, url.replace(/^\/media\//, ''));
const exists = (url: string) =>
  access(fileOf(url)).then(
    () => true,
    () => false,
  );

describe('PATCH /api/ads/:id', () => {
  it('lets the owner change the text fields and marks the ad as updated', async () => {
    const seller = await createSeller(testApp.app);
    const ad = await postedAd(seller);
    const response = await editAd(seller, ad.id, {
      title: 'Road bike — price drop',
      price: '399.99',
      category: 'vehicles',
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expect(edited).toMatchObject({ title: 'Road bike — price drop', price: 399.99, category: 'vehicles' });
    expect(edited.description).toBe('Serviced this spring, new tyres and brake pads. Pick-up only.');
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(ad.updated_at).getTime());
  });

  it('removes chosen photos and adds new ones and a video, deleting the removed files', async () => {
    const seller = await createSeller(testApp.app);
    const ad = await postedAd(seller, [await imagePart('one.png'), await imagePart('two.png')]);
    const [first, second] = ad.images;
    const response = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      fields: { remove_media: [first!.id] },
      files: [
        { field: 'images', filename: 'three.gif', contentType: 'image/gif', data: await gifImage() },
        videoPart(mp4Video()),
      ],
    });
    expect(response.statusCode).toBe(200);
    const edited: PostedAd = response.json();
    expect(edited.images.map((image) => image.id)).toEqual([second!.id, expect.any(String)]);
    expect(edited.videos).toHaveLength(1);
    expect(await exists(first!.url)).toBe(false);
    expect(await exists(first!.card_url)).toBe(false);
    expect(await exists(second!.url)).toBe(true);
    expect(await exists(edited.images[1]!.url)).toBe(true);
  });

  it('refuses to remove the last photo with image_required, changing nothing', async () => {
    const seller = await createSeller(testApp.app);
    const ad = await postedAd(seller);
    const response = await editAd(seller, ad.id, {
      title: 'No photos now',
      remove_media: [ad.images[0]!.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('image_required');
    const after = (await testApp.app.inject(`/api/ads/${ad.id}`)).json();
    expect(after.title).toBe(ad.title);
    expect(after.images).toHaveLength(1);
    expect(await exists(ad.images[0]!.url)).toBe(true);
  });

  it('keeps an edited ad within 10 images and 2 videos in total', async () => {
    const seller = await createSeller(testApp.app);
    const png = (await imagePart()).data;
    const ad = await postedAd(
      seller,
      Array.from({ length: 9 }, (_, index) => ({
        field: 'images',
        filename: `${index}.png`,
        contentType: 'image/png',
        data: png,
      })),
    );
    const tooMany = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      fields: {},
      files: [await imagePart(), await imagePart()],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toEqual({
      code: 'too_many_files',
      message: 'You can upload a maximum of 10 images.',
    });
    const swapped = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      fields: { remove_media: [ad.images[0]!.id] },
      files: [await imagePart(), await imagePart()],
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().images).toHaveLength(10);
  });

  it("refuses any change to someone else's ad with 403, and changes nothing", async () => {
    const owner = await createSeller(testApp.app);
    const stranger = await createSeller(testApp.app);
    const ad = await postedAd(owner);
    const edit = await editAd(stranger, ad.id, { title: 'Mine now', remove_media: [ad.images[0]!.id] });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.code).toBe('forbidden');
    const withFile = await sendAdForm(testApp, stranger, {
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      fields: {},
      files: [await imagePart()],
    });
    expect(withFile.statusCode).toBe(403);
    const after = (await testApp.app.inject(`/api/ads/${ad.id}`)).json();
    expect(after.title).toBe(ad.title);
    expect(after.images.map((image: { id: string }) => image.id)).toEqual([ad.images[0]!.id]);
    expect((await editAd(undefined, ad.id, { title: 'Anonymous' })).statusCode).toBe(401);
  });

  it("refuses to remove another ad's photo through one's own ad", async () => {
    const owner = await createSeller(testApp.app);
    const stranger = await createSeller(testApp.app);
    const theirs = await postedAd(owner);
    const mine = await postedAd(stranger);
    const response = await editAd(stranger, mine.id, { remove_media: [theirs.images[0]!.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('remove_media');
    expect(await exists(theirs.images[0]!.url)).toBe(true);
  });

  it('answers 404 for an ad that does not exist', async () => {
    const seller = await createSeller(testApp.app);
    const response = await editAd(seller, '00000000-0000-4000-8000-000000000000', { title: 'Ghost' });
    expect(response.statusCode).toBe(404);
  });

  it('never takes the fields the server owns from an edit', async () => {
    const seller = await createSeller(testApp.app);
    const ad = await postedAd(seller);
    for (const owned of [
      { featured: 'true' },
      { featured_until: '2099-01-01T00:00:00Z' },
      { views: '99' },
      { status: 'hidden' },
      { user_id: seller.id },
    ] as Record<string, string>[]) {
      const response = await editAd(seller, ad.id, owned);
      expect(response.statusCode).toBe(400);
    }
    const after = (await testApp.app.inject(`/api/ads/${ad.id}`)).json();
    expect(after).toMatchObject({ featured: false, views: 0, status: 'active' });
  });
});

describe('DELETE /api/ads/:id', () => {
  it('deletes the owner’s ad, its media rows and its files, and frees the slot', async () => {
    const seller = await createSeller(testApp.app);
    const ad = await postedAd(seller, [await imagePart(), videoPart(mp4Video())]);
    const response = await deleteAd(seller, ad.id);
    expect(response.statusCode).toBe(204);
    expect((await testApp.app.inject(`/api/ads/${ad.id}`)).statusCode).toBe(404);
    const { rows } = await testApp.database.pool.query(
      'select count(*)::int as count from ad_media where ad_id = $1',
      [ad.id],
    );
    expect(rows[0].count).toBe(0);
    for (const url of [ad.images[0]!.url, ad.images[0]!.card_url, ad.videos[0]!.url]) {
      expect(await exists(url)).toBe(false);
    }
    // The trial's single slot is free again.
    expect((await postAd(testApp, seller)).statusCode).toBe(201);
  });

  it("refuses to delete someone else's ad with 403 and keeps it", async () => {
    const owner = await createSeller(testApp.app);
    const stranger = await createSeller(testApp.app);
    await giveSellerPlan(testApp, stranger.id, 5);
    const ad = await postedAd(owner);
    const response = await deleteAd(stranger, ad.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect((await deleteAd(undefined, ad.id)).statusCode).toBe(401);
    expect((await testApp.app.inject(`/api/ads/${ad.id}`)).statusCode).toBe(200);
    expect(await exists(ad.images[0]!.url)).toBe(true);
  });

  it('answers 404 for an ad that does not exist', async () => {
    const seller = await createSeller(testApp.app);
    expect((await deleteAd(seller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
