import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, imagePart, postAd, sendAdForm, validAdFields } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { photoLikeImage, pngImage } from '../../test/media-fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

interface FlagRow {
  kind: string;
  detail: string;
}

async function openFlagsOf(app: TestApp, adId: string): Promise<FlagRow[]> {
  const { rows } = await app.database.pool.query<FlagRow>(
    'select kind, detail from ad_flags where ad_id = $1 and resolved_at is null order by kind, detail',
    [adId],
  );
  return rows;
}

async function statusOf(app: TestApp, adId: string): Promise<string> {
  const { rows } = await app.database.pool.query<{ status: string }>(
    'select status from advertisements where id = $1',
    [adId],
  );
  return rows[0]!.status;
}

/** A seller on a paid plan, with room for several ads. */
async function createSellerWithRoom(app: TestApp): Promise<TestSeller> {
  const seller = await createSeller(app.app);
  await giveSellerPlan(app, seller.id, 10);
  return seller;
}

async function postWithPhoto(app: TestApp, seller: TestSeller, photo: Buffer): Promise<string> {
  const response = await postAd(app, seller, { files: [await imagePart('photo.jpg', photo)] });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** Downloads the full-size picture of an ad, as anyone can from its page. */
async function downloadPhotoOf(app: TestApp, adId: string): Promise<Buffer> {
  const ad = (await app.app.inject({ method: 'GET', url: `/api/ads/${adId}` })).json();
  const url = new URL(ad.images[0].url as string, 'http://localhost');
  const response = await app.app.inject({ method: 'GET', url: url.pathname });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('reused photos', () => {
  it("flags an ad showing another seller's photo, naming that seller's ad, and keeps it public", async () => {
    const original = await createSeller(testApp.app);
    const copier = await createSeller(testApp.app);
    const originalAd = await postWithPhoto(testApp, original, await photoLikeImage(101));
    expect(await openFlagsOf(testApp, originalAd)).toEqual([]);

    // The copier saves the photo from the ad page and posts it again as a JPEG.
    const copy = await sharp(await downloadPhotoOf(testApp, originalAd))
      .jpeg({ quality: 80 })
      .toBuffer();
    const copiedAd = await postWithPhoto(testApp, copier, copy);

    expect(await openFlagsOf(testApp, copiedAd)).toEqual([{ kind: 'reused_photo', detail: originalAd }]);
    expect(await openFlagsOf(testApp, originalAd)).toEqual([]);
    expect(await statusOf(testApp, copiedAd)).toBe('active');
  });

  it('lets a seller post their own photo again', async () => {
    const seller = await createSellerWithRoom(testApp);
    const photo = await photoLikeImage(102);
    await postWithPhoto(testApp, seller, photo);
    const second = await postWithPhoto(testApp, seller, await sharp(photo).resize(400).png().toBuffer());
    expect(await openFlagsOf(testApp, second)).toEqual([]);
  });

  it('lets the original seller repost their photo after another seller copied it, and still flags the copier', async () => {
    const original = await createSellerWithRoom(testApp);
    const copier = await createSellerWithRoom(testApp);
    const photo = await photoLikeImage(108);
    const originalAd = await postWithPhoto(testApp, original, photo);
    const copiedAd = await postWithPhoto(testApp, copier, await sharp(photo).resize(480).png().toBuffer());
    expect(await openFlagsOf(testApp, copiedAd)).toEqual([{ kind: 'reused_photo', detail: originalAd }]);

    const repost = await postWithPhoto(testApp, original, photo);
    expect(await openFlagsOf(testApp, repost)).toEqual([]);

    const copiedAgain = await postWithPhoto(
      testApp,
      copier,
      await sharp(photo).jpeg({ quality: 70 }).toBuffer(),
    );
    expect(await openFlagsOf(testApp, copiedAgain)).toEqual([{ kind: 'reused_photo', detail: originalAd }]);
  });

  it('does not flag different photos, nor plain pictures that many ads share', async () => {
    const first = await createSellerWithRoom(testApp);
    const second = await createSellerWithRoom(testApp);
    await postWithPhoto(testApp, first, await photoLikeImage(103));
    await postWithPhoto(testApp, first, await pngImage(640, 480, '#ffffff'));
    expect(
      await openFlagsOf(testApp, await postWithPhoto(testApp, second, await photoLikeImage(104))),
    ).toEqual([]);
    expect(
      await openFlagsOf(testApp, await postWithPhoto(testApp, second, await pngImage(640, 480, '#ffffff'))),
    ).toEqual([]);
  });

  it("flags an edit that adds another seller's photo", async () => {
    const original = await createSeller(testApp.app);
    const copier = await createSeller(testApp.app);
    const photo = await photoLikeImage(105);
    const originalAd = await postWithPhoto(testApp, original, photo);
    const copierAd = await postWithPhoto(testApp, copier, await photoLikeImage(106));

    const edited = await sendAdForm(testApp, copier, {
      method: 'PATCH',
      url: `/api/ads/${copierAd}`,
      fields: {},
      files: [await imagePart('same.png', await sharp(photo).png().toBuffer())],
    });

    expect(edited.statusCode).toBe(200);
    expect(await openFlagsOf(testApp, copierAd)).toEqual([{ kind: 'reused_photo', detail: originalAd }]);
  });

  it("keeps each picture's hash and forgets it with the picture", async () => {
    const seller = await createSeller(testApp.app);
    const adId = await postWithPhoto(testApp, seller, await photoLikeImage(107));
    const { rows } = await testApp.database.pool.query<{ media: number; hashes: number }>(
      `select (select count(*)::int from ad_media where ad_id = $1) as media,
              (select count(*)::int from ad_photo_hashes where ad_id = $1 and user_id = $2) as hashes`,
      [adId, seller.id],
    );
    expect(rows[0]).toEqual({ media: 1, hashes: 1 });
    await testApp.app.inject({
      method: 'DELETE',
      url: `/api/ads/${adId}`,
      headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
    });
    const after = await testApp.database.pool.query('select 1 from ad_photo_hashes where ad_id = $1', [adId]);
    expect(after.rowCount).toBe(0);
  });
});

describe('blocked terms (the default list)', () => {
  it('saves a new ad naming a blocked term as pending, flagged with the term, seen only by its owner', async () => {
    const seller = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    const response = await postAd(testApp, seller, {
      fields: { title: 'Designer handbags (COUNTERFEIT)', description: 'Looks like the real thing.' },
    });

    expect(response.statusCode).toBe(201);
    const ad = response.json();
    expect(ad.status).toBe('pending');
    expect(await openFlagsOf(testApp, ad.id)).toEqual([{ kind: 'blocked_term', detail: 'counterfeit' }]);

    // Not public: 'Ad Not Found' for the public and other people, out of search.
    expect((await testApp.app.inject({ method: 'GET', url: `/api/ads/${ad.id}` })).statusCode).toBe(404);
    const asOther = await testApp.app.inject({
      method: 'GET',
      url: `/api/ads/${ad.id}`,
      headers: { cookie: other.cookie },
    });
    expect(asOther.statusCode).toBe(404);
    const search = (await testApp.app.inject({ method: 'GET', url: '/api/ads?q=handbags' })).json();
    expect(search.ads.map((found: { id: string }) => found.id)).not.toContain(ad.id);

    // Its owner sees it, and their dashboard says it is pending ("Under review").
    const asOwner = await testApp.app.inject({
      method: 'GET',
      url: `/api/ads/${ad.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(asOwner.statusCode).toBe(200);
    const mine = (
      await testApp.app.inject({ method: 'GET', url: '/api/me/ads', headers: { cookie: seller.cookie } })
    ).json();
    expect(mine.ads.find((listed: { id: string }) => listed.id === ad.id).status).toBe('pending');
  });

  it('matches accents and case away, and only whole words', async () => {
    const seller = await createSeller(testApp.app);
    const accented = await postAd(testApp, seller, {
      fields: { title: 'Old chess set', description: 'Pieces carved in ÍVORY, complete.' },
    });
    expect(accented.json().status).toBe('pending');
    expect(await openFlagsOf(testApp, accented.json().id)).toEqual([
      { kind: 'blocked_term', detail: 'ivory' },
    ]);

    const innocent = await createSeller(testApp.app);
    const partOfWord = await postAd(testApp, innocent, {
      fields: { title: 'Ivorycoast print', description: 'A poster of a beach.' },
    });
    expect(partOfWord.json().status).toBe('active');
  });

  it('sends a public ad back to review when an edit adds a blocked term, and leaves clean edits alone', async () => {
    const seller = await createSeller(testApp.app);
    const adId = (await postAd(testApp, seller)).json().id as string;

    const clean = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${adId}`,
      fields: { ...validAdFields, price: '400' },
    });
    expect(clean.statusCode).toBe(200);
    expect(await statusOf(testApp, adId)).toBe('active');

    const blocked = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${adId}`,
      fields: { description: 'Payment by Western Union only.' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe('pending');
    expect(await openFlagsOf(testApp, adId)).toEqual([{ kind: 'blocked_term', detail: 'western union' }]);
  });

  it('publishes a pending ad once a moderator approves it (restore), closing its flag', async () => {
    const seller = await createSeller(testApp.app);
    const moderator = await createSeller(testApp.app);
    await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
    const adId = (await postAd(testApp, seller, { fields: { title: 'Fentanyl patches' } })).json()
      .id as string;
    expect(await statusOf(testApp, adId)).toBe('pending');

    const approved = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/ads/${adId}/restore`,
      headers: { cookie: moderator.cookie, origin: TEST_PUBLIC_URL },
      payload: {},
    });

    expect(approved.statusCode).toBe(200);
    expect(await statusOf(testApp, adId)).toBe('active');
    expect(await openFlagsOf(testApp, adId)).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/ads/${adId}` })).statusCode).toBe(200);
  });

  it("counts a pending ad in the plan's quota", async () => {
    const seller = await createSeller(testApp.app);
    const pending = await postAd(testApp, seller, { fields: { title: 'Ammunition box' } });
    expect(pending.json().status).toBe('pending');
    // The trial's one ad is taken by the ad waiting for review.
    const second = await postAd(testApp, seller);
    expect(second.statusCode).toBe(403);
    expect(second.json().error.code).toBe('ad_limit_reached');
  });
});

describe('MODERATION=pre, BLOCKED_TERMS set', () => {
  let preApp: TestApp;
  beforeAll(async () => {
    preApp = await createTestApp({ environment: { MODERATION: 'pre', BLOCKED_TERMS: 'replica watch' } });
  });
  afterAll(() => preApp.close());

  it('holds every new ad for review, flagging only those with a configured term', async () => {
    const seller = await createSeller(preApp.app);
    const plain = await postAd(preApp, seller);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().status).toBe('pending');
    expect(await openFlagsOf(preApp, plain.json().id)).toEqual([]);
    expect((await preApp.app.inject({ method: 'GET', url: `/api/ads/${plain.json().id}` })).statusCode).toBe(
      404,
    );

    const other = await createSeller(preApp.app);
    const replica = await postAd(preApp, other, { fields: { title: 'Replica watches, boxed' } });
    expect(await openFlagsOf(preApp, replica.json().id)).toEqual([
      { kind: 'blocked_term', detail: 'replica watch' },
    ]);
    // The configured list replaces the default one.
    const third = await createSeller(preApp.app);
    const counterfeit = await postAd(preApp, third, { fields: { title: 'Counterfeit bags' } });
    expect(await openFlagsOf(preApp, counterfeit.json().id)).toEqual([]);
  });

  it('holds every edit of a public ad for review', async () => {
    const seller = await createSeller(preApp.app);
    const adId = (await postAd(preApp, seller)).json().id as string;
    await preApp.database.pool.query(`update advertisements set status = 'active' where id = $1`, [adId]);

    const edited = await sendAdForm(preApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${adId}`,
      fields: { price: '99' },
    });

    expect(edited.statusCode).toBe(200);
    expect(await statusOf(preApp, adId)).toBe('pending');
  });
});
