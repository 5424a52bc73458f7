import type { AdListResponse } from '@bazaar/common/ads';
import { DAY_MS } from '@bazaar/common/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RANKED_CANDIDATES_MAX } from './queries';

let testApp: TestApp;
let seller: TestSeller;
const ids: Record<string, string> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  const named = {
    // Newest, but "kayak" only in its description, three times.
    descriptionOnly: {
      title: 'Roof rack for two boats',
      description: 'Carries a kayak; fits any kayak up to 4 m; kayak straps included.',
      category: 'sports-outdoors',
      created_at: daysAgo(1),
    },
    titleOld: {
      title: 'Sea kayak',
      description: 'Fibreglass, with a spray deck.',
      category: 'sports-outdoors',
      created_at: daysAgo(9),
    },
    titleNew: {
      title: 'River kayak',
      description: 'Plastic, light, easy to carry.',
      category: 'sports-outdoors',
      created_at: daysAgo(3),
    },
    titleAndDescription: {
      title: 'Kayak paddle',
      description: 'Carbon paddle for any kayak.',
      category: 'sports-outdoors',
      created_at: daysAgo(20),
    },
    unrelated: {
      title: 'Garden chairs',
      description: 'Four of them.',
      category: 'home-garden',
      created_at: daysAgo(2),
    },
  };
  const inserted = await insertAds(testApp, seller.id, Object.values(named));
  Object.keys(named).forEach((name, index) => (ids[name] = inserted[index]!));
});
afterAll(() => testApp.close());

async function search(query: string): Promise<AdListResponse> {
  const response = await testApp.app.inject(`/api/ads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const namesOf = (list: AdListResponse) =>
  list.ads.map((ad) => Object.keys(ids).find((name) => ids[name] === ad.id) ?? ad.title);

async function walk(query: string, limit: number): Promise<string[]> {
  const walked: string[] = [];
  let cursor: string | null = null;
  do {
    const page: AdListResponse = await search(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.ads.length).toBeLessThanOrEqual(limit);
    walked.push(...page.ads.map((ad) => ad.id));
    cursor = page.next_cursor;
  } while (cursor);
  return walked;
}

describe('GET /api/ads: best match', () => {
  it('is the order of a search with words: title matches above description-only ones, the newest first among equals', async () => {
    const expected = ['titleAndDescription', 'titleNew', 'titleOld', 'descriptionOnly'];
    expect(namesOf(await search('q=kayak'))).toEqual(expected);
    expect(namesOf(await search('q=kayak&sort=relevance'))).toEqual(expected);
    // Plurals and stems match as before.
    expect(namesOf(await search('q=kayaks'))).toEqual(expected);
  });

  it('keeps the other orders when a search with words names one', async () => {
    expect(namesOf(await search('q=kayak&sort=newest'))).toEqual([
      'descriptionOnly',
      'titleNew',
      'titleOld',
      'titleAndDescription',
    ]);
  });

  it('is the newest first without words, whether asked for or not', async () => {
    const newest = namesOf(await search(''));
    expect(newest[0]).toBe('descriptionOnly');
    expect(namesOf(await search('sort=relevance'))).toEqual(newest);
  });

  it('pages by cursor without repeating or skipping an ad, ties included', async () => {
    const other = await createSeller(testApp.app);
    const sameMoment = new Date('2025-05-05T10:00:00.123Z');
    // Seven equal ranks at one moment: only the id orders them.
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 7 }, () => ({ category: 'jobs', title: 'Canoe', created_at: sameMoment })),
    );
    await insertAds(testApp, other.id, [
      { category: 'jobs', title: 'Canoe and canoe trailer', created_at: daysAgo(40) },
      { category: 'jobs', title: 'Trailer', description: 'For a canoe', created_at: daysAgo(1) },
    ]);
    const all = (await search('q=canoe&limit=50')).ads.map((ad) => ad.id);
    expect(all).toHaveLength(9);
    for (const query of ['q=canoe', 'q=canoe&category=jobs']) {
      expect(await walk(query, 2), query).toEqual(all);
    }
  });

  it('refuses a cursor of another order and a forged best-match key', async () => {
    const { next_cursor } = await search('q=kayak&limit=1');
    expect((await testApp.app.inject(`/api/ads?q=kayak&sort=newest&cursor=${next_cursor}`)).statusCode).toBe(
      400,
    );
    const forged = Buffer.from(JSON.stringify(['relevance', '1.0 or 1=1', ids.titleOld])).toString(
      'base64url',
    );
    expect((await testApp.app.inject(`/api/ads?q=kayak&cursor=${forged}`)).statusCode).toBe(400);
  });

  it('never answers 500 for operator-heavy words', async () => {
    for (const q of ['!!!', '-'.repeat(40) + 'kayak', "kayak & | ! ( ) : * ' \\", '"" "kayak', '<-> <2>']) {
      const response = await testApp.app.inject(`/api/ads?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
  });
});

// Last: it adds many ads, which the tests above do not expect.
describe('GET /api/ads: best match of a broad word', () => {
  it(`ranks only the ${RANKED_CANDIDATES_MAX} newest matches`, async () => {
    const other = await createSeller(testApp.app);
    // The oldest match is the best one, but beyond the candidates.
    const [best] = await insertAds(testApp, other.id, [
      { category: 'pets', title: 'Parrot parrot', description: 'A parrot.', created_at: daysAgo(400) },
    ]);
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: RANKED_CANDIDATES_MAX }, (_, index) => ({
        category: 'pets',
        title: 'Cage',
        description: 'Fits a parrot.',
        created_at: daysAgo(1 + index / 1000),
      })),
    );
    const first = await search('q=parrot&limit=50');
    expect(first.total).toEqual({ count: RANKED_CANDIDATES_MAX, is_capped: true });
    expect(first.ads.map((ad) => ad.id)).not.toContain(best);
    const walked = await walk('q=parrot', 50);
    expect(walked).toHaveLength(RANKED_CANDIDATES_MAX);
    expect(new Set(walked).size).toBe(RANKED_CANDIDATES_MAX);
  });
});
