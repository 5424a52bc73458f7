import { eq } from 'drizzle-orm';
import { advertisements, profiles } from '../src/db/schema';
import type { TestSeller } from './factories';
import { pngImage } from './media-fixtures';
import { multipartForm, type FilePart } from './multipart';
import { TEST_PUBLIC_URL, type TestApp } from './test-app';

export const validAdFields = {
  title: 'Road bike, 54 cm, carbon fork',
  description: 'Serviced this spring, new tyres and brake pads. Pick-up only.',
  price: '450.50',
  category: 'sports-outdoors',
  location: 'Austin, TX',
};

export async function imagePart(filename = 'photo.png', data?: Buffer): Promise<FilePart> {
  return { field: 'images', filename, contentType: 'image/png', data: data ?? (await pngImage()) };
}

export function videoPart(data: Buffer, filename = 'clip.mp4', contentType = 'video/mp4'): FilePart {
  return { field: 'videos', filename, contentType, data };
}

/** Sends a multipart form as the seller's browser would (session cookie, same origin). */
export function sendAdForm(
  testApp: TestApp,
  seller: Pick<TestSeller, 'cookie'> | undefined,
  request: {
    method?: 'POST' | 'PATCH';
    url?: string;
    fields: Record<string, string | string[]>;
    files?: FilePart[];
  },
) {
  const form = multipartForm(request.fields, request.files);
  return testApp.app.inject({
    method: request.method ?? 'POST',
    url: request.url ?? '/api/ads',
    headers: {
      ...(seller ? { cookie: seller.cookie } : {}),
      origin: TEST_PUBLIC_URL,
      'content-type': form.contentType,
    },
    payload: form.payload,
  });
}

/** Posts a valid ad with one picture through the real endpoint; returns the response. */
export async function postAd(
  testApp: TestApp,
  seller: Pick<TestSeller, 'cookie'>,
  overrides: { fields?: Record<string, string>; files?: FilePart[] } = {},
) {
  return sendAdForm(testApp, seller, {
    fields: { ...validAdFields, ...overrides.fields },
    files: overrides.files ?? [await imagePart()],
  });
}

/** A paid plan with room for `maxAds` ads, running for another month. */
export async function giveSellerPlan(testApp: TestApp, sellerId: string, maxAds: number): Promise<void> {
  await testApp.database.db
    .update(profiles)
    .set({
      subscription_status: 'active',
      subscription_plan: 'master',
      max_ads: maxAds,
      current_period_end: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .where(eq(profiles.id, sellerId));
}

export async function endTrial(testApp: TestApp, sellerId: string): Promise<void> {
  await testApp.database.db
    .update(profiles)
    .set({ trial_end_date: new Date(Date.now() - 60_000) })
    .where(eq(profiles.id, sellerId));
}

type NewAdRow = typeof advertisements.$inferInsert;

/** Ads written straight to the database (no media), for list and search tests. */
export async function insertAds(
  testApp: TestApp,
  sellerId: string,
  ads: Partial<Omit<NewAdRow, 'user_id'>>[],
): Promise<string[]> {
  const rows = await testApp.database.db
    .insert(advertisements)
    .values(
      ads.map((ad, index) => ({
        title: `Listing ${index + 1}`,
        description: 'A thing for sale.',
        price: 10,
        category: 'electronics',
        location: 'Austin, TX',
        ...ad,
        user_id: sellerId,
      })),
    )
    .returning({ id: advertisements.id });
  return rows.map((row) => row.id);
}
