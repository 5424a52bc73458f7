import { SUGGESTIONS_MAX } from '@bazaar/common/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  await insertAds(testApp, seller.id, [
    { title: 'Mountain bicycle, red', category: 'sports-outdoors', description: 'Disc brakes.' },
    { title: 'Road bicycle', category: 'sports-outdoors' },
    { title: 'Bicycle helmet', category: 'sports-outdoors' },
    { title: 'Bicycle pump and bike lights', category: 'sports-outdoors' },
    { title: 'Binoculars 10x50', category: 'electronics' },
    { title: 'Electric kettle', category: 'home-garden' },
    { title: 'Hidden bicyclette', category: 'sports-outdoors', status: 'hidden' },
  ]);
});
afterAll(() => testApp.close());

async function vocabulary(): Promise<Record<string, number>> {
  const { rows } = await testApp.database.pool.query<{ word: string; ads: number }>(
    'select word, ads from search_words',
  );
  return Object.fromEntries(rows.map((row) => [row.word, row.ads]));
}

async function searchFor(query: string) {
  const response = await testApp.app.inject(`/api/ads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ads: { id: string }[]; did_you_mean?: string }>();
}

async function suggest(q: string) {
  return testApp.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
}

describe('the vocabulary of titles (search_words)', () => {
  it('counts the active ads having each title word, following posts, edits, hiding and deletes', async () => {
    const words = await vocabulary();
    expect(words).toMatchObject({ bicycle: 4, mountain: 1, helmet: 1, binoculars: 1, '10x50': 1 });
    expect(words).not.toHaveProperty('bicyclette');
    expect(words).toHaveProperty('red');

    const [kayak] = await insertAds(testApp, seller.id, [{ title: 'Kayak kayak paddle' }]);
    expect(await vocabulary()).toMatchObject({ kayak: 1, paddle: 1 });
    await testApp.database.pool.query(`update advertisements set title = 'Canoe paddle' where id = $1`, [
      kayak,
    ]);
    expect(await vocabulary()).toMatchObject({ canoe: 1, paddle: 1 });
    expect(await vocabulary()).not.toHaveProperty('kayak');
    await testApp.database.pool.query(`update advertisements set views = views + 1 where id = $1`, [kayak]);
    expect((await vocabulary()).paddle).toBe(1);
    await testApp.database.pool.query(`update advertisements set status = 'hidden' where id = $1`, [kayak]);
    expect(await vocabulary()).not.toHaveProperty('paddle');
    await testApp.database.pool.query(`update advertisements set status = 'active' where id = $1`, [kayak]);
    expect((await vocabulary()).paddle).toBe(1);
    await testApp.database.pool.query(`delete from advertisements where id = $1`, [kayak]);
    expect(await vocabulary()).not.toHaveProperty('canoe');
  });
});

describe('GET /api/ads: did you mean', () => {
  it('offers the closest title word for a misspelling that found nothing, keeping the other words', async () => {
    const misspelt = await searchFor('q=bicycel');
    expect(misspelt.ads).toEqual([]);
    expect(misspelt.did_you_mean).toBe('bicycle');
    expect((await searchFor('q=red%20bicyle')).did_you_mean).toBe('red bicycle');
    expect((await searchFor('q=binoculrs&category=electronics')).did_you_mean).toBe('binoculars');
  });

  it('counts two letters swapped as one edit, and prefers the fewest edits to the most shared trigrams', async () => {
    await insertAds(testApp, seller.id, [
      { title: 'Oak dining table' },
      { title: 'Guitar tab book' },
      { title: 'iPhone 12 mini, unlocked' },
    ]);
    // "tab" shares more trigrams with "tabel" (0.43) than "table" does (0.33), but takes two edits.
    expect((await searchFor('q=tabel')).did_you_mean).toBe('table');
    // "iphone" shares 3 of 11 trigrams with "iphnoe" (0.27), under pg_trgm's default 0.3.
    expect((await searchFor('q=iphnoe')).did_you_mean).toBe('iphone');
  });

  it('corrects a letter left out, as on the demo data, and leaves a word after a minus as typed', async () => {
    await insertAds(testApp, seller.id, [
      { title: 'Acoustic guitar, spruce top' },
      { title: 'Mirrorless camera, silver' },
      { title: '2018 Toyota Corolla LE' },
      { title: 'Leather loveseat, cognac' },
    ]);
    expect((await searchFor('q=guitr')).did_you_mean).toBe('guitar');
    expect((await searchFor('q=camra')).did_you_mean).toBe('camera');
    expect((await searchFor('q=toyta%20corolla')).did_you_mean).toBe('toyota corolla');
    expect((await searchFor('q=leather%20lovesat')).did_you_mean).toBe('leather loveseat');
    expect((await searchFor('q=guitr%20-camra')).did_you_mean).toBe('guitar -camra');
  });

  it('offers nothing for gibberish, for a correction that would find nothing too, or when there are results', async () => {
    expect((await searchFor('q=xqzvwjk')).did_you_mean).toBeUndefined();
    // Shares four trigrams with "bike" (0.4), but is four edits from it.
    expect((await searchFor('q=bikexqzv')).did_you_mean).toBeUndefined();
    // "binoculars" exists, but not among sports and outdoors.
    expect((await searchFor('q=binoculrs&category=sports-outdoors')).did_you_mean).toBeUndefined();
    expect((await searchFor('q=bicycle')).did_you_mean).toBeUndefined();
  });

  it('leaves a word with a digit as typed: a model or a size one character away is another thing', async () => {
    await insertAds(testApp, seller.id, [{ title: 'Pressure washer, 2000 psi', category: 'home-garden' }]);
    expect((await searchFor('q=psu')).did_you_mean).toBe('psi');
    expect((await searchFor('q=ps5')).did_you_mean).toBeUndefined();
    expect((await searchFor('q=binoculars%2010x55')).did_you_mean).toBeUndefined();
    expect((await searchFor('q=binoculrs%2010x55')).did_you_mean).toBeUndefined(); // 10x55 still finds nothing.
    expect((await searchFor('q=binoculrs%2010x50')).did_you_mean).toBe('binoculars 10x50');
  });
});

describe('GET /api/search/suggestions', () => {
  it('completes the last word from title words, the most used first, after matching categories', async () => {
    const response = await suggest('bi');
    expect(response.statusCode).toBe(200);
    expect(response.json().suggestions).toEqual([
      { kind: 'words', text: 'bicycle' },
      { kind: 'words', text: 'bike' },
      { kind: 'words', text: 'binoculars' },
    ]);
    expect((await suggest('ELEC')).json().suggestions).toEqual([
      { kind: 'category', text: 'Electronics', category: 'electronics' },
      { kind: 'words', text: 'electric' },
    ]);
    expect((await suggest('mountain  bic')).json().suggestions).toEqual([
      { kind: 'words', text: 'mountain bicycle' },
    ]);
    expect((await suggest('bicycle,')).json().suggestions).toEqual([]);
    // "%" and "_" are letters here, not wildcards.
    expect((await suggest('b%')).json().suggestions).toEqual([]);
  });

  it('after other words, offers only the completions whose search finds an ad, not the typed words again', async () => {
    // "bicycle bike" is one ad's title; no ad has both "bicycle" and "binoculars".
    expect((await suggest('bicycle bi')).json().suggestions).toEqual([
      { kind: 'words', text: 'bicycle bike' },
    ]);
    expect((await suggest('red bi')).json().suggestions).toEqual([{ kind: 'words', text: 'red bicycle' }]);
    // Words match the description as the search does: "Disc brakes." is the red bicycle's.
    expect((await suggest('disc bi')).json().suggestions).toEqual([{ kind: 'words', text: 'disc bicycle' }]);
    expect((await suggest('electric bi')).json().suggestions).toEqual([]);
    // Stop words find everything, as in the search.
    expect((await suggest('the bi')).json().suggestions).toHaveLength(3);
    // As the search reads them: a phrase in its order, a word after a minus left out.
    expect((await suggest('"road bi')).json().suggestions).toEqual([
      { kind: 'words', text: '"road bicycle' },
    ]);
    expect((await suggest('-helmet bi')).json().suggestions).toEqual([
      { kind: 'words', text: '-helmet bicycle' },
      { kind: 'words', text: '-helmet bike' },
      { kind: 'words', text: '-helmet binoculars' },
    ]);
  });

  it('completes a word typed without its accents, or with them, as titles spell it', async () => {
    await insertAds(testApp, seller.id, [{ title: 'Pokémon cards, first edition' }]);
    for (const typed of ['poke', 'POKÉ', 'pokem']) {
      expect((await suggest(typed)).json().suggestions, typed).toEqual([{ kind: 'words', text: 'pokémon' }]);
    }
    expect((await suggest('pokemon ca')).json().suggestions).toEqual([
      { kind: 'words', text: 'pokemon cards' },
    ]);
  });

  it(`answers at most ${SUGGESTIONS_MAX}`, async () => {
    await insertAds(
      testApp,
      seller.id,
      Array.from({ length: 12 }, (_, index) => ({ title: `Lamp lampshade${'x'.repeat(index)}` })),
    );
    expect((await suggest('lam')).json().suggestions).toHaveLength(SUGGESTIONS_MAX);
  });

  it('is a public read a shared cache may keep', async () => {
    const response = await suggest('bic');
    expect(response.headers['cache-control']).toMatch(/^public, /);
    expect(response.headers.etag).toBeTruthy();
  });

  it('refuses fewer than two characters, overlong text and unknown parameters with 400', async () => {
    for (const query of ['', 'q=', 'q=b', 'q=%20%20b%20', `q=${'b'.repeat(61)}`, 'q=bi&limit=3']) {
      const response = await testApp.app.inject(`/api/search/suggestions?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('never answers 500 for operator-heavy text', async () => {
    for (const q of ["bi'ke", 'bi\\', '!!(bi', ':*bi', 'bi & | <->', '-'.repeat(50), '%%__']) {
      expect((await suggest(q)).statusCode, q).toBe(200);
    }
  });
});
