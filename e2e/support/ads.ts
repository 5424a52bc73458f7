import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Session } from './browser';

// A real 1×1 PNG, and a small MP4 file: its file type (ftyp), a movie box (moov) holding a
// movie header (mvhd), and media data (mdat). The server parses a video's boxes; it does
// not decode its frames.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1'),
  Buffer.from([0, 0, 0, 0x74]),
  Buffer.from('moov', 'latin1'),
  Buffer.from([0, 0, 0, 0x6c]),
  Buffer.from('mvhd', 'latin1'),
  Buffer.alloc(100),
  Buffer.from([0, 0, 0x10, 0]),
  Buffer.from('mdat', 'latin1'),
  Buffer.alloc(4088, 1),
]);

/** Picks an option of one of the page's selects, by the texts a person reads. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

export interface AdFormValues {
  title: string;
  description: string;
  price: string;
  /** The category's name as the select shows it, e.g. 'Sports & Outdoors'. */
  category: string;
  location: string;
  /** PNG photos by file name (the form needs at least one). */
  photos?: string[];
  /** MP4 videos by file name. */
  videos?: string[];
}

/** Fills the post-ad (or edit) form as a person would, and waits for the photos' previews. */
export async function fillAdForm(page: Page, ad: AdFormValues) {
  await page.getByLabel('Title').fill(ad.title);
  await page.getByLabel('Description').fill(ad.description);
  await page.getByLabel('Price (USD)').fill(ad.price);
  await chooseOption(page, 'Category', ad.category);
  await page.getByLabel('Location').fill(ad.location);
  const photos = ad.photos ?? [];
  if (photos.length > 0) {
    await page
      .getByLabel('Add photos')
      .setInputFiles(photos.map((name) => ({ name, mimeType: 'image/png', buffer: PNG })));
  }
  const videos = ad.videos ?? [];
  if (videos.length > 0) {
    await page
      .getByLabel('Add videos')
      .setInputFiles(videos.map((name) => ({ name, mimeType: 'video/mp4', buffer: MP4 })));
  }
  for (const name of photos) await page.getByRole('img', { name }).waitFor();
}

/** Posts a filled form from /post-ad and waits for the new ad's page; returns its id. */
export async function submitNewAd(page: Page): Promise<string> {
  await page.getByRole('main').getByRole('button', { name: 'Post Ad' }).click();
  await page.getByText('Ad Posted Successfully! 🎉', { exact: true }).waitFor();
  await page.waitForURL(/\/ad\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

export interface ApiAd {
  title: string;
  description: string;
  price: string;
  category: string;
}

/** Posts an ad with a photo in Austin, TX through the API of the signed-in session; returns its id. */
export async function postAdThroughApi(session: Session, ad: ApiAd): Promise<string> {
  const posted = await session.page.request.post('/api/ads', {
    headers: { origin: session.origin },
    multipart: {
      ...ad,
      location: 'Austin, TX',
      images: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}
