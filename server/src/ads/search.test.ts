import { DAY_MS } from '@bazaar/common/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let seller: TestSeller;
const ids: Record<string, string> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

interface ListedAd {
  id: string;
  title: string;
  price: number;
  views: number;
  created_at: string;
  featured: boolean;
}
interface AdList {
  ads: ListedAd[];
  next_cursor: string | null;
  total: { count: number; is_capped: boolean } | null;
}

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  const named = {
    mountainBike: {
      title: 'Mountain bike with disc brakes',
      description: 'Aluminium frame, 21 gears, ridden twice.',
      price: 350,
      category: 'sports-outdoors',
      location: 'Boulder, CO',
      views: 40,
      created_at: daysAgo(1),
    },
    kidsBikes: {
      title: 'Kids bikes, two of them',
      description: 'Ages 4 to 6, training wheels included.',
      price: 80,
      category: 'sports-outdoors',
      location: 'Denver, CO',
      views: 5,
      created_at: daysAgo(2),
    },
    roadBicycle: {
      title: 'Vintage road bicycle',
      description: 'Steel frame; a bike for collectors.',
      price: 1200,
      category: 'sports-outdoors',
      location: 'Boulder City, NV',
      views: 100,
      created_at: daysAgo(3),
    },
    hiddenBike: {
      title: 'Hidden bike',
      description: 'Nobody may find this bike.',
      price: 100,
      category: 'sports-outdoors',
      location: 'Boulder, CO',
      status: 'hidden' as const,
      created_at: daysAgo(4),
    },
    laptop: {
      title: 'Gaming laptop',
      description: 'RTX graphics, 32 GB memory.',
      price: 1200,
      category: 'electronics',
      location: 'Austin, TX',
      views: 100,
      created_at: daysAgo(5),
    },
    sofa: {
      title: 'Sofa, 100% wool',
      description: 'Three seats, dark green.',
      price: 350,
      category: 'home-garden',
      location: 'Salt_Lake City, UT',
      views: 7,
      created_at: daysAgo(6),
    },
    phone: {
      title: 'Old phone',
      description: 'Works, some scratches.',
      price: 0,
      category: 'electronics',
      location: 'Austin, TX',
      views: 0,
      created_at: daysAgo(10),
    },
  };
  const inserted = await insertAds(testApp, seller.id, Object.values(named));
  Object.keys(named).forEach((name, index) => (ids[name] = inserted[index]!));
});
afterAll(() => testApp.close());

async function search(query: string): Promise<AdList> {
  const response = await testApp.app.inject(`/api/ads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (list: AdList) => list.ads.map((ad) => ad.id);
const namesOf = (list: AdList) =>
  list.ads.map((ad) => Object.keys(ids).find((name) => ids[name] === ad.id) ?? ad.title);

describe('GET /api/ads: filters', () => {
  it('finds words in titles and descriptions, with English stemming, never hidden ads', async () => {
    expect(namesOf(await search('q=bike'))).toEqual(['mountainBike', 'kidsBikes', 'roadBicycle']);
    expect(namesOf(await search('q=gears'))).toEqual(['mountainBike']);
    expect(namesOf(await search('q=BIKES%20frame&sort=newest'))).toEqual(['mountainBike', 'roadBicycle']);
    expect(namesOf(await search('q=submarine'))).toEqual([]);
  });

  it('reads a search as people type it: quotes for phrases, a minus to exclude', async () => {
    expect(namesOf(await search(`q=${encodeURIComponent('"disc brakes"')}`))).toEqual(['mountainBike']);
    expect(namesOf(await search(`q=${encodeURIComponent('bike -kids')}`))).toEqual([
      'mountainBike',
      'roadBicycle',
    ]);
  });

  it('filters by category', async () => {
    expect(namesOf(await search('category=electronics'))).toEqual(['laptop', 'phone']);
  });

  it('treats minimum and maximum prices as inclusive decimals', async () => {
    expect(namesOf(await search('minPrice=350&maxPrice=1200'))).toEqual([
      'mountainBike',
      'roadBicycle',
      'laptop',
      'sofa',
    ]);
    expect(namesOf(await search('minPrice=350.01&maxPrice=1199.99'))).toEqual([]);
    expect(namesOf(await search('maxPrice=0'))).toEqual(['phone']);
  });

  it('matches location as a case-insensitive part, with % and _ taken literally', async () => {
    expect(namesOf(await search('location=bOuLdEr'))).toEqual(['mountainBike', 'roadBicycle']);
    expect(namesOf(await search('location=_'))).toEqual(['sofa']);
    expect(namesOf(await search('location=%25'))).toEqual([]);
  });

  it('combines every filter', async () => {
    expect(namesOf(await search('q=bike&category=sports-outdoors&minPrice=300&location=co'))).toEqual([
      'mountainBike',
    ]);
  });

  it('ignores empty parameters, as a form with blank fields sends them', async () => {
    expect(idsOf(await search('q=&category=&minPrice=&maxPrice=&location='))).toHaveLength(6);
  });

  it('counts the matches on the first page only', async () => {
    expect((await search('q=bike')).total).toEqual({ count: 3, is_capped: false });
    const first = await search('limit=2');
    expect(first.total).toEqual({ count: 6, is_capped: false });
    expect((await search(`limit=2&cursor=${first.next_cursor}`)).total).toBeNull();
  });
});

describe('GET /api/ads: sorting and paging', () => {
  it('sorts newest first by default, and oldest first on request', async () => {
    const newest = namesOf(await search(''));
    expect(newest).toEqual(['mountainBike', 'kidsBikes', 'roadBicycle', 'laptop', 'sofa', 'phone']);
    expect(namesOf(await search('sort=oldest'))).toEqual([...newest].reverse());
  });

  it('sorts by price both ways (high to low really descends), ties broken by id', async () => {
    const low = await search('sort=price-low');
    const high = await search('sort=price-high');
    expect(low.ads.map((ad) => ad.price)).toEqual([0, 80, 350, 350, 1200, 1200]);
    expect(high.ads.map((ad) => ad.price)).toEqual([1200, 1200, 350, 350, 80, 0]);
    expect(idsOf(high)).toEqual(idsOf(low).reverse());
  });

  it('sorts the most viewed first for popular', async () => {
    expect((await search('sort=popular')).ads.map((ad) => ad.views)).toEqual([100, 100, 40, 7, 5, 0]);
  });

  it('walks every sort page by page without losing or repeating an ad', async () => {
    for (const sort of ['newest', 'oldest', 'price-low', 'price-high', 'popular']) {
      const all = idsOf(await search(`sort=${sort}`));
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AdList = await search(`sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.ads.length).toBeLessThanOrEqual(2);
        walked.push(...idsOf(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect(walked, sort).toEqual(all);
    }
  });

  it('pages 12 at a time by default', async () => {
    const other = await createSeller(testApp.app);
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 13 }, () => ({ category: 'pets', title: 'Puppy', created_at: daysAgo(20) })),
    );
    const first = await search('category=pets');
    expect(first.ads).toHaveLength(12);
    expect(first.next_cursor).not.toBeNull();
    const second = await search(`category=pets&cursor=${first.next_cursor}`);
    expect(second.ads).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it('keeps paging stable when many ads share the same moment', async () => {
    const other = await createSeller(testApp.app);
    const sameMoment = new Date('2024-05-05T10:00:00.123Z');
    const tied = await insertAds(
      testApp,
      other.id,
      Array.from({ length: 5 }, () => ({ category: 'jobs', created_at: sameMoment, price: 20 })),
    );
    for (const sort of ['newest', 'price-low']) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AdList = await search(
          `category=jobs&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...idsOf(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect([...walked].sort()).toEqual([...tied].sort());
    }
  });

  it('keeps microsecond-apart ads apart across pages', async () => {
    const other = await createSeller(testApp.app);
    const [early, late] = await insertAds(testApp, other.id, [
      { category: 'kids-baby', title: 'Early' },
      { category: 'kids-baby', title: 'Late' },
    ]);
    await testApp.database.pool.query(
      `update advertisements set created_at = '2024-01-01T00:00:00.000001Z' where id = $1;`,
      [early],
    );
    await testApp.database.pool.query(
      `update advertisements set created_at = '2024-01-01T00:00:00.000002Z' where id = $1;`,
      [late],
    );
    const first = await search('category=kids-baby&limit=1');
    expect(idsOf(first)).toEqual([late]);
    expect(idsOf(await search(`category=kids-baby&limit=1&cursor=${first.next_cursor}`))).toEqual([early]);
  });
});

describe('GET /api/ads: refusals', () => {
  it('refuses unknown parameters, bad numbers and oversized pages with 400', async () => {
    for (const query of [
      'color=red',
      'minPrice=cheap',
      'maxPrice=-5',
      'limit=51',
      'limit=0',
      'sort=random',
    ]) {
      const response = await testApp.app.inject(`/api/ads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    // A price bound given twice, or as a word, is named in a person's words.
    for (const query of ['minPrice=1&minPrice=2', 'minPrice=cheap', 'minPrice=-1']) {
      const response = await testApp.app.inject(`/api/ads?${query}`);
      expect(response.json().error.fields, query).toEqual({
        minPrice: 'A price bound is a number of dollars, 0 or more.',
      });
    }
  });

  it('refuses a forged cursor and a cursor of another sort', async () => {
    const forged = Buffer.from(JSON.stringify(['newest', "'; drop table ads; --", ids.phone])).toString(
      'base64url',
    );
    for (const cursor of ['not-a-cursor', forged]) {
      const response = await testApp.app.inject(`/api/ads?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('cursor');
    }
    const { next_cursor } = await search('sort=price-low&limit=1');
    expect((await testApp.app.inject(`/api/ads?sort=newest&cursor=${next_cursor}`)).statusCode).toBe(400);
  });
});

describe('GET /api/ads/featured', () => {
  it('lists at most six of the active ads featured now, none hidden and none whose week has ended', async () => {
    const other = await createSeller(testApp.app);
    const inAWeek = new Date(Date.now() + 7 * DAY_MS);
    const featured = await insertAds(
      testApp,
      other.id,
      Array.from({ length: 8 }, (_, index) => ({
        featured_until: index === 1 ? daysAgo(1) : inAWeek,
        category: 'fashion',
        created_at: daysAgo(30 + index),
        status: index === 0 ? ('hidden' as const) : ('active' as const),
      })),
    );
    const response = await testApp.app.inject('/api/ads/featured');
    expect(response.statusCode).toBe(200);
    const shown: ListedAd[] = response.json().ads;
    expect(shown).toHaveLength(6);
    expect(shown.map((ad) => ad.id).sort()).toEqual(featured.slice(2).sort());
    expect(shown.every((ad) => ad.featured)).toBe(true);
  });
});

describe('GET /api/me/ads', () => {
  it("lists the seller's own ads of any status, newest first, paged, with a total", async () => {
    const owner = await createSeller(testApp.app);
    const [older, newer, hidden] = await insertAds(testApp, owner.id, [
      { title: 'Older', created_at: daysAgo(3) },
      { title: 'Newer', created_at: daysAgo(1) },
      { title: 'Hidden', created_at: daysAgo(2), status: 'hidden' },
    ]);
    const first = await testApp.app.inject({ url: '/api/me/ads?limit=2', headers: { cookie: owner.cookie } });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.total).toBe(3);
    expect(page.ads.map((ad: { id: string }) => ad.id)).toEqual([newer, hidden]);
    expect(page.ads[1]).toMatchObject({ title: 'Hidden', status: 'hidden', image_url: null });
    const second = await testApp.app.inject({
      url: `/api/me/ads?limit=2&cursor=${page.next_cursor}`,
      headers: { cookie: owner.cookie },
    });
    expect(second.json()).toMatchObject({ ads: [{ id: older }], next_cursor: null, total: null });
  });

  it('refuses an anonymous visitor with 401', async () => {
    expect((await testApp.app.inject('/api/me/ads')).statusCode).toBe(401);
  });
});

// Last: it adds over a thousand ads, which the tests above do not expect.
describe('GET /api/ads: counting a broad search', () => {
  it('counts up to 1000 and then says "at least"', async () => {
    const other = await createSeller(testApp.app);
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 1001 }, () => ({ category: 'books-hobbies', title: 'Paperback novel' })),
    );
    expect((await search('category=books-hobbies')).total).toEqual({ count: 1000, is_capped: true });
    expect((await search('category=books-hobbies&maxPrice=9')).total).toEqual({ count: 0, is_capped: false });
  });
});
