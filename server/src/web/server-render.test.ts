import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds, postAd } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { loadTestPlaces, testPlaces } from '../../test/place-fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { advertisements } from '../db/schema';
import { serverRoot } from '../paths';
import type { ServerRenderer } from './server-render';

// The client's server render from its source (vite-node compiles it), so no build is needed.
const entryServer = path.join(serverRoot, '..', 'client', 'src', 'entry-server.tsx');

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Bazaar</title>\n<meta name="description" content="" /><script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>';
/** A visitor's copy of a public page (http/shared-cache.ts). */
const SHARED = 'public, max-age=0, s-maxage=30';
const DATA_BLOCK = /<script type="application\/json" id="bazaar-server-data">([\s\S]*?)<\/script>/;

let testApp: TestApp;
let clientDir: string;
let seller: TestSeller;
let adId: string;
const word = `Quokka${Date.now().toString(36)}`;
const ad = {
  title: `${word} armchair </script><script>alert(1)</script> \u2028 line`,
  description: 'Green velvet armchair, barely used. Collection from the studio.',
  price: '120.00',
  category: 'home-garden',
  location: 'Portland, OR',
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await writeFile(path.join(clientDir, 'index.html'), TEMPLATE);
  const serverRenderer = (await import(/* @vite-ignore */ entryServer)) as ServerRenderer;
  testApp = await createTestApp({ clientDir, serverRenderer });
  seller = await createSeller(testApp.app, { name: 'Velvet Vera' });
  const posted = await postAd(testApp, seller, { fields: ad });
  expect(posted.statusCode, posted.body).toBe(201);
  adId = posted.json().id;
  // On the home page's featured list too, with the title as written, U+2028 and all (the API
  // makes it a space now; an ad stored before that keeps it, and the data block must escape it).
  await testApp.database.db
    .update(advertisements)
    .set({ title: ad.title, featured_until: new Date(Date.now() + 86_400_000) })
    .where(eq(advertisements.id, adId));
});
afterAll(async () => {
  await testApp?.close();
  await rm(clientDir, { recursive: true, force: true });
});

async function get(url: string, who?: TestSeller) {
  return testApp.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
}

/** The page's data block, parsed; fails when the page has none. */
function dataOf(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const block = DATA_BLOCK.exec(html)?.[1];
  expect(block, 'the JSON data block').toBeDefined();
  return JSON.parse(block!);
}

/** The markup in #root, up to the data block. */
function appMarkupOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.search(DATA_BLOCK));
}

/** Every script element is the module entry, a JSON data block or JSON-LD: none is inline code. */
function expectNoInlineScripts(html: string) {
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    expect(tag).toMatch(/type="module"[^>]* src=|type="application\/(ld\+)?json"/);
  }
}

describe('server-rendered public pages', () => {
  it('renders the home page with its categories and featured ads', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    const markup = appMarkupOf(page.body);
    expect(markup).toContain('Browse by Category');
    expect(markup).toContain('Electronics');
    expect(markup).toContain('Featured Ads');
    expect(markup).toContain(`${word} armchair`);
    const keys = dataOf(page.body).queries.queries.map((query) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['public', 'categories'],
        ['public', 'ads', 'featured'],
      ]),
    );
    expectNoInlineScripts(page.body);
    expect(page.headers['cache-control']).toBe(SHARED);
  });

  it("renders an ad's title, price, photos and description, and keeps its head", async () => {
    const page = await get(`/ad/${adId}`);
    expect(page.statusCode).toBe(200);
    const markup = appMarkupOf(page.body);
    expect(markup).toContain(`${word} armchair &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(markup).toContain('$120');
    expect(markup).toContain(ad.description);
    expect(markup).toMatch(new RegExp(`<img[^>]+src="/media/ads/${adId}/`));
    expect(page.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/ad/${adId}" />`);
    expect(page.body).toContain('<script type="application/ld+json">');
    // The title cannot close the data block, and it reads back whole.
    const data = dataOf(page.body);
    const detail = data.queries.queries.find(
      (query) => query.queryKey.join('/') === `public/ads/detail/${adId}`,
    );
    expect((detail?.state.data as { title: string }).title).toBe(ad.title);
    expect(DATA_BLOCK.exec(page.body)?.[1]).not.toMatch(/<\/|\u2028/);
    expectNoInlineScripts(page.body);
    expect(page.headers['cache-control']).toBe(SHARED);
  });

  it('writes the head each page gives itself: title, description and one canonical address', async () => {
    const heads = {
      '/': ['Bazaar — Buy and sell anything near you', 'Bazaar is a classified-ads marketplace', '/'],
      // The order lists the same ads: not part of the canonical address.
      [`/search?q=${word}&sort=price-low`]: [
        `Search: ${word} · Bazaar`,
        'Search ads on Bazaar',
        `/search?q=${word}`,
      ],
      '/category/home-garden?maxPrice=500&sort=oldest': [
        'Home &#38; Garden · Bazaar',
        'Home &#38; Garden ads on Bazaar',
        '/category/home-garden?maxPrice=500',
      ],
      [`/seller/${seller.id}`]: [
        'Velvet Vera · Bazaar',
        'Ads by Velvet Vera on Bazaar.',
        `/seller/${seller.id}`,
      ],
    };
    for (const [url, [title, description, canonical]] of Object.entries(heads)) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`<title>${title}</title>`);
      expect(page.body, url).toContain(`<meta name="description" content="${description}`);
      expect(page.body.match(/<link rel="canonical"[^>]*>/g), url).toEqual([
        `<link rel="canonical" href="${TEST_PUBLIC_URL}${canonical}" />`,
      ]);
    }
  });

  it('gives a page the same ETag while it shows the same, so caches revalidate it with a 304', async () => {
    for (const url of ['/', `/search?q=${word}`, `/ad/${adId}`, `/seller/${seller.id}`]) {
      const first = await get(url);
      // Every render reads its data anew, at another time: the tag leaves the times out.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await get(url);
      expect(dataOf(again.body), url).not.toEqual(dataOf(first.body));
      expect(again.headers.etag, url).toBe(first.headers.etag);
      const revalidated = await testApp.app.inject({
        url,
        headers: { 'if-none-match': first.headers.etag! },
      });
      expect(revalidated.statusCode, url).toBe(304);
    }
    // What it shows changes: so does its tag.
    const before = await get(`/ad/${adId}`);
    await testApp.database.db
      .update(advertisements)
      .set({ description: 'Green velvet armchair, reupholstered.' })
      .where(eq(advertisements.id, adId));
    const after = await get(`/ad/${adId}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await testApp.database.db
      .update(advertisements)
      .set({ description: ad.description })
      .where(eq(advertisements.id, adId));
  });

  it('renders the search results and a category', async () => {
    const search = await get(`/search?q=${word}`);
    expect(search.statusCode).toBe(200);
    expect(appMarkupOf(search.body)).toContain(`${word} armchair`);
    expect(appMarkupOf(search.body)).toMatch(/>1 ads? found</);
    expect(dataOf(search.body).queries.queries.map((query) => query.queryKey)).toContainEqual([
      'public',
      'ads',
      'search',
      { q: word },
      '',
    ]);

    // Without scripts, Load More leads to the same search after the last result's cursor.
    const other = await createSeller(testApp.app);
    await insertAds(testApp, other.id, [{ title: 'Oak bench' }, { title: 'Pine shelf' }]);
    const first = (await get('/api/ads?sort=oldest&limit=1')).json();
    const after = await get(`/search?sort=oldest&after=${first.next_cursor}`);
    expect(after.statusCode).toBe(200);
    expect(dataOf(after.body).queries.queries.map((query) => query.queryKey)).toContainEqual([
      'public',
      'ads',
      'search',
      { sort: 'oldest' },
      first.next_cursor,
    ]);
    expect(appMarkupOf(after.body)).not.toContain(`href="/ad/${first.ads[0].id}"`);

    const category = await get('/category/home-garden');
    expect(category.statusCode).toBe(200);
    expect(appMarkupOf(category.body)).toContain(`${word} armchair`);
  });

  it('renders the place a search is near by its name in the Near field', async () => {
    await loadTestPlaces(testApp.database.pool, [testPlaces.denver]);
    const search = await get(`/search?place=${testPlaces.denver.id}&radius=10`);
    expect(search.statusCode).toBe(200);
    expect(appMarkupOf(search.body)).toMatch(/<input[^>]*id="[^"]*-near"[^>]*value="Denver, CO[^"]*"/);
  });

  it("renders a seller's name and ads", async () => {
    const page = await get(`/seller/${seller.id}`);
    expect(page.statusCode).toBe(200);
    const markup = appMarkupOf(page.body);
    expect(markup).toContain('Velvet Vera');
    expect(markup).toContain(`${word} armchair`);
  });

  it('renders the written pages (help, safety, terms, privacy) for visitors and shared caches', async () => {
    const pages = {
      '/help': 'Help Center',
      '/safety': 'Safety Tips',
      '/terms': 'Terms of Service',
      '/privacy': 'Privacy Policy',
    };
    for (const [url, heading] of Object.entries(pages)) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(appMarkupOf(page.body), url).toContain(`${heading}</h1>`);
      expect(page.body, url).toContain(`<title>${heading} · Bazaar</title>`);
      expect(page.body.match(/<link rel="canonical"[^>]*>/g), url).toEqual([
        `<link rel="canonical" href="${TEST_PUBLIC_URL}${url}" />`,
      ]);
      expect(page.headers['cache-control'], url).toBe(SHARED);
    }
  });

  it('renders as for a visitor when signed in: nothing personal, nothing shared', async () => {
    for (const url of ['/', `/ad/${adId}`, `/seller/${seller.id}`, `/search?q=${word}`]) {
      const page = await get(url, seller);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain(seller.email);
      expect(page.body, url).not.toContain('User menu');
      const keys = dataOf(page.body).queries.queries.map((query) => query.queryKey[0]);
      expect(keys, url).not.toContain('account');
      expect(page.headers['cache-control'], url).toMatch(/^(private, )?no-cache$/);
    }
  });

  it("renders an unknown category's not-found screen, still a 404", async () => {
    const unknown = await get('/category/no-such-category');
    expect(unknown.statusCode).toBe(404);
    expect(appMarkupOf(unknown.body)).toContain('<h1 class="text-2xl font-bold">Category Not Found</h1>');
    expect(unknown.body).toContain('<title>Category Not Found · Bazaar</title>');
    expect(unknown.body).not.toContain('rel="canonical"');
  });

  it("renders an address that opens no page as 'Page Not Found', a 404", async () => {
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(appMarkupOf(unknown.body)).toContain('<h1 class="text-2xl font-bold">Page Not Found</h1>');
    expect(unknown.body).toContain('<title>Page Not Found · Bazaar</title>');
  });

  it("renders an unknown ad's and an unknown seller's not-found screens, still 404s", async () => {
    const notFound = {
      '/ad/00000000-0000-4000-8000-000000000000': 'Ad Not Found',
      '/ad/not-a-uuid': 'Ad Not Found',
      '/seller/00000000-0000-4000-8000-000000000000': 'Page Not Found',
    };
    for (const [url, heading] of Object.entries(notFound)) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(appMarkupOf(page.body), url).toContain(`<h1 class="text-2xl font-bold">${heading}</h1>`);
      expect(page.body, url).toContain(`<title>${heading} · Bazaar</title>`);
      expect(page.body, url).not.toContain('rel="canonical"');
    }
  });

  it('shows what it can of an address holding a NUL character, which the API refuses as a 400', async () => {
    // The search without the word that cannot be text: every ad, as for an empty search.
    const search = await get(`/search?q=a%00b&location=x%00`);
    expect(search.statusCode).toBe(200);
    expect(appMarkupOf(search.body)).toContain(`${word} armchair`);
    for (const url of ['/category/home%00garden', '/seller/%00', '/ad/%00', '/no%00where']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const api = await get('/api/ads?q=a%00b');
    expect(api.statusCode).toBe(400);
    expect(api.json().error.code).toBe('validation_failed');
    const noRoute = await get('/api/no%00where');
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json().error.code).toBe('route_not_found');
  });

  it("renders a hidden ad as not found to a visitor, and leaves it to its owner's browser", async () => {
    await testApp.database.db
      .update(advertisements)
      .set({ status: 'hidden' })
      .where(eq(advertisements.id, adId));
    const visitor = await get(`/ad/${adId}`);
    expect(visitor.statusCode).toBe(404);
    expect(appMarkupOf(visitor.body)).toContain('<h1 class="text-2xl font-bold">Ad Not Found</h1>');

    // The render reads as a visitor: the owner's browser asks again with their session.
    const owner = await get(`/ad/${adId}`, seller);
    expect(owner.statusCode).toBe(200);
    expect(appMarkupOf(owner.body)).toContain('aria-label="Loading the ad"');
    expect(dataOf(owner.body).queries.queries).toEqual([]);
    await testApp.database.db
      .update(advertisements)
      .set({ status: 'active' })
      .where(eq(advertisements.id, adId));
  });

  it('keeps private pages the shell, which says where no script runs that it needs one', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toMatch(DATA_BLOCK);
    expect(appMarkupOf(login.body)).toMatch(
      /^<div id="root"><noscript>.*This page needs JavaScript.*<\/noscript><\/div>/s,
    );
    expect((await get('/')).body).not.toContain('<noscript>');
  });
});

describe('a server render that fails', () => {
  let failingApp: TestApp;
  beforeAll(async () => {
    failingApp = await createTestApp({
      clientDir,
      serverRenderer: {
        render: () => Promise.reject(new Error('render failed')),
      },
    });
  });
  afterAll(() => failingApp?.close());

  it('serves the shell instead', async () => {
    const page = await failingApp.app.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><noscript>');
    expect(page.body).not.toMatch(DATA_BLOCK);
  });
});
