import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveSellerPlan,
  insertAds,
  postAd,
  sendAdForm,
  validAdFields,
  imagePart,
} from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { loadTestPlaces, testPlaces } from '../../test/place-fixtures';
import { CIRCLE_SORTED_IN_MEMORY_MAX } from './queries';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let seller: TestSeller;
const ids: Record<string, string> = {};

interface AdList {
  ads: { id: string; title: string; location: string; distance_km?: number }[];
  next_cursor: string | null;
  total: { count: number } | null;
}

const search = async (query: string): Promise<AdList> => {
  const response = await testApp.app.inject(`/api/ads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdList>();
};
const titlesOf = (list: AdList) => list.ads.map((ad) => ad.title);
const near = (place: { id: number }, radius?: number) =>
  `place=${place.id}${radius ? `&radius=${radius}` : ''}`;

const postAdAt = async (title: string, placeId: number | '', location = 'Somewhere, CO') => {
  const response = await postAd(testApp, seller, {
    fields: { title, location, place_id: String(placeId), category: 'sports-outdoors' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

const storedPlace = async (id: string) => {
  const { rows } = await testApp.database.pool.query(
    'select place_id, lat, lon, location from advertisements where id = $1',
    [id],
  );
  return rows[0] as { place_id: number | null; lat: number | null; lon: number | null; location: string };
};

beforeAll(async () => {
  testApp = await createTestApp();
  await loadTestPlaces(testApp.database.pool);
  seller = await createSeller(testApp.app);
  await giveSellerPlan(testApp, seller.id, 20);
  ids.wheatRidge = await postAdAt(
    'Mountain bike in Wheat Ridge',
    testPlaces.wheatRidge.id,
    'Wheat Ridge, CO',
  );
  ids.greeley = await postAdAt('Mountain bike in Greeley', testPlaces.greeley.id, 'Greeley, CO');
  ids.denver = await postAdAt('Sofa in Denver', testPlaces.denver.id, 'Denver, CO, United States');
  ids.freeText = await postAdAt('Mountain bike near the lake', '', 'By the lake, Denver');
});
afterAll(() => testApp.close());

describe('posting and editing an ad with a place', () => {
  it('stores the chosen place with coordinates the server reads from the gazetteer, keeping the location text', async () => {
    expect(await storedPlace(ids.wheatRidge!)).toEqual({
      place_id: testPlaces.wheatRidge.id,
      lat: testPlaces.wheatRidge.lat,
      lon: testPlaces.wheatRidge.lon,
      location: 'Wheat Ridge, CO',
    });
    expect(await storedPlace(ids.freeText!)).toMatchObject({ place_id: null, lat: null, lon: null });
    const detail = await testApp.app.inject(`/api/ads/${ids.wheatRidge}`);
    expect(detail.json()).toMatchObject({ location: 'Wheat Ridge, CO', place_id: testPlaces.wheatRidge.id });
  });

  it('refuses an id that is no place with unknown_place, and coordinates sent by the client', async () => {
    const unknown = await postAd(testApp, seller, { fields: { place_id: '999999999' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'unknown_place',
      message: 'This place is not in our list of places. Choose one of the suggestions.',
    });
    for (const fields of [{ lat: '39.7' }, { lon: '-105' }, { place_id: 'Denver' }] as Record<
      string,
      string
    >[]) {
      const response = await sendAdForm(testApp, seller, {
        fields: { ...validAdFields, ...fields },
        files: [await imagePart()],
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('moves an ad to another place on edit, keeps it when the form leaves the place out, and clears it with a blank', async () => {
    const id = await postAdAt('Lamp', testPlaces.denver.id);
    const edit = (fields: Record<string, string>) =>
      sendAdForm(testApp, seller, { method: 'PATCH', url: `/api/ads/${id}`, fields });
    expect((await edit({ place_id: String(testPlaces.greeley.id), location: 'Greeley' })).statusCode).toBe(
      200,
    );
    expect(await storedPlace(id)).toMatchObject({
      place_id: testPlaces.greeley.id,
      lat: testPlaces.greeley.lat,
    });
    expect((await edit({ title: 'Desk lamp' })).statusCode).toBe(200);
    expect((await storedPlace(id)).place_id).toBe(testPlaces.greeley.id);
    expect((await edit({ place_id: '999999999' })).json().error.code).toBe('unknown_place');
    expect((await edit({ place_id: '', location: 'My garage' })).statusCode).toBe(200);
    expect(await storedPlace(id)).toEqual({ place_id: null, lat: null, lon: null, location: 'My garage' });
  });
});

describe('GET /api/ads within a radius of a place', () => {
  it('finds an ad 8.5 km away within 10 km and not one 80 km away; both within 100 km', async () => {
    expect(titlesOf(await search(`q=bike&${near(testPlaces.denver, 10)}`))).toEqual([
      'Mountain bike in Wheat Ridge',
    ]);
    expect(titlesOf(await search(`q=bike&${near(testPlaces.denver, 100)}&sort=oldest`))).toEqual([
      'Mountain bike in Wheat Ridge',
      'Mountain bike in Greeley',
    ]);
    // Ads whose text names no known place have no coordinates: a radius search leaves them out.
    expect(titlesOf(await search(`q=lake&${near(testPlaces.denver, 100)}`))).toEqual([]);
  });

  it('draws the circle exactly: 79.7 km is outside 50 km, and the distance is computed by PostgreSQL', async () => {
    expect(titlesOf(await search(`${near(testPlaces.greeley, 50)}`))).toEqual(['Mountain bike in Greeley']);
    const list = await search(`${near(testPlaces.denver, 100)}&sort=distance`);
    expect(list.ads.map((ad) => [ad.title, ad.distance_km])).toEqual([
      ['Sofa in Denver', 0],
      ['Mountain bike in Wheat Ridge', 8.5],
      ['Mountain bike in Greeley', 79.7],
    ]);
    expect(list.total).toEqual({ count: 3, is_capped: false });
  });

  it('searches 25 km around a place named without a radius', async () => {
    expect(titlesOf(await search(`${near(testPlaces.denver)}&sort=distance`))).toEqual([
      'Sofa in Denver',
      'Mountain bike in Wheat Ridge',
    ]);
  });

  it('combines the radius with words, category, price and the location text, which still matches as a part', async () => {
    expect(titlesOf(await search(`location=wheat&${near(testPlaces.denver, 10)}`))).toEqual([
      'Mountain bike in Wheat Ridge',
    ]);
    expect(titlesOf(await search(`location=lake`))).toEqual(['Mountain bike near the lake']);
    expect(titlesOf(await search(`category=electronics&${near(testPlaces.denver, 100)}`))).toEqual([]);
    expect(titlesOf(await search(`maxPrice=1&${near(testPlaces.denver, 100)}`))).toEqual([]);
  });

  it('walks the distance order page by page without losing or repeating an ad', async () => {
    const other = await createSeller(testApp.app);
    // Ten ads on a line east of Denver, two at each point, so that ties are broken by id.
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 10 }, (_, index) => ({
        title: `Paged ${index}`,
        lat: testPlaces.denver.lat,
        lon: testPlaces.denver.lon + 0.05 * Math.floor(index / 2),
      })),
    );
    const all = (await search(`${near(testPlaces.denver, 50)}&sort=distance&limit=50`)).ads.map(
      (ad) => ad.id,
    );
    expect(all.length).toBe(12);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdList = await search(
        `${near(testPlaces.denver, 50)}&sort=distance&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...page.ads.map((ad) => ad.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all);
    const distances = (await search(`${near(testPlaces.denver, 50)}&sort=distance&limit=50`)).ads.map(
      (ad) => ad.distance_km!,
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('leads a category list with its featured ads within the circle, then the rest by distance', async () => {
    const other = await createSeller(testApp.app);
    const [featured] = await insertAds(testApp, other.id, [
      {
        title: 'Featured far tent',
        category: 'sports-outdoors',
        lat: testPlaces.greeley.lat,
        lon: testPlaces.greeley.lon,
        featured_until: new Date(Date.now() + 86_400_000),
      },
    ]);
    const list = await search(`category=sports-outdoors&${near(testPlaces.denver, 100)}&sort=distance`);
    expect(list.ads[0]?.id).toBe(featured);
    expect(titlesOf(list).slice(1)).toEqual([
      'Sofa in Denver',
      'Mountain bike in Wheat Ridge',
      'Mountain bike in Greeley',
    ]);
  });

  it('sorts a circle with more matches than are sorted in memory through the sort index, with the same answers', async () => {
    const other = await createSeller(testApp.app);
    const started = Date.now() - 86_400_000;
    // More lanterns at Greeley than CIRCLE_SORTED_IN_MEMORY_MAX, and newer ones in Denver, 80 km away.
    const crowd = await insertAds(
      testApp,
      other.id,
      Array.from({ length: CIRCLE_SORTED_IN_MEMORY_MAX + 40 }, (_, index) => ({
        title: `Crowded lantern ${index}`,
        price: (index * 37) % 500,
        lat: testPlaces.greeley.lat,
        lon: testPlaces.greeley.lon,
        created_at: new Date(started + index * 1000),
      })),
    );
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 5 }, (_, index) => ({
        title: `Far lantern ${index}`,
        price: 0,
        lat: testPlaces.denver.lat,
        lon: testPlaces.denver.lon,
      })),
    );
    const expected = async (orderBy: string, limit: number) =>
      (
        await testApp.database.pool.query<{ id: string }>(
          `select id from advertisements where id = any($1) order by ${orderBy} limit ${limit}`,
          [crowd],
        )
      ).rows.map((row) => row.id);
    const idsOf = (list: AdList) => list.ads.map((ad) => ad.id);

    const newest = await search(`q=lantern&${near(testPlaces.greeley, 10)}&sort=newest&limit=4`);
    expect(idsOf(newest)).toEqual(await expected('created_at desc, id desc', 4));
    expect(newest.total).toEqual({ count: 1000, is_capped: true });

    // Cheapest first, page by page: the cursor carries on through the sort index.
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const list: AdList = await search(
        `q=lantern&${near(testPlaces.greeley, 10)}&sort=price-low&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...idsOf(list));
      cursor = list.next_cursor;
    }
    expect(walked).toEqual(await expected('price asc, id asc', 15));

    // Best match ranks the nearest 1 000 matches, all in the circle.
    const bestMatch = await search(`q=lantern&${near(testPlaces.greeley, 10)}&limit=50`);
    expect(bestMatch.total).toEqual({ count: 1000, is_capped: true });
    expect(bestMatch.ads.every((ad) => ad.title.startsWith('Crowded'))).toBe(true);
  });

  it('refuses a radius or the distance order without a place, a radius not offered, and an unknown place', async () => {
    for (const [query, field] of [
      ['radius=10', 'radius'],
      ['sort=distance', 'sort'],
      [`${near(testPlaces.denver, 7)}`, 'radius'],
      [`${near(testPlaces.denver, 1000)}`, 'radius'],
      ['place=denver', 'place'],
      ['place=-3', 'place'],
    ] as const) {
      const response = await testApp.app.inject(`/api/ads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('validation_failed');
      expect(response.json().error.fields, query).toHaveProperty(field);
    }
    const unknown = await testApp.app.inject('/api/ads?place=999999999&radius=10');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('unknown_place');
  });

  it('refuses a distance cursor that is not a distance', async () => {
    const forged = Buffer.from(JSON.stringify(['distance', '1; select', ids.denver])).toString('base64url');
    const response = await testApp.app.inject(
      `/api/ads?${near(testPlaces.denver, 10)}&sort=distance&cursor=${forged}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('cursor');
  });
});
