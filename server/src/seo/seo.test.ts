import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdDetail } from '@bazaar/common/ads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, insertAds, postAd } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let clientDir: string;

const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8" /><title>Bazaar</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await writeFile(path.join(clientDir, 'index.html'), TEMPLATE);
  // Two ads per child sitemap, so a few ads cross the page boundary.
  testApp = await createTestApp({ clientDir, environment: { SITEMAP_URLS_PER_FILE: '2' } });
});
afterAll(async () => {
  await testApp.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('robots.txt', () => {
  it('disallows the API and the checkout returns, lets private pages say noindex, and names the sitemap', async () => {
    const response = await testApp.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    // A crawler kept out of a private page could not read its noindex (below).
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual([
      'Disallow: /api/',
      'Disallow: /checkout/',
    ]);
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });
});

describe('noindex on private pages', () => {
  it.each([
    '/dashboard',
    '/post-ad',
    '/profile',
    '/admin',
    '/messages',
    '/messages/abc',
    '/favorites',
    '/saved-searches',
    '/ad/abc/edit',
    '/login',
    '/subscription',
  ])('serves %s with X-Robots-Tag: noindex', async (url) => {
    const response = await testApp.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each(['/', '/category/electronics', '/search?q=lamp', '/help', '/terms'])(
    'lets %s be indexed',
    async (url) => {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBeUndefined();
    },
  );
});

/** Each entry of a sitemap or sitemap index: its <loc> and <lastmod> (when it has one), in order. */
const entriesOf = (xml: string) =>
  [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map(
    ([, loc, lastmod]) => ({ loc: loc ?? '', lastmod }),
  );

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the sitemap', () => {
  it('indexes the fixed pages, then pages of active ads and of their sellers, two per file, each with lastmod', async () => {
    const seller = await createSeller(testApp.app);
    const active = await insertAds(testApp, seller.id, [
      { title: 'Active one' },
      { title: 'Active two' },
      { title: 'Active three' },
      { title: 'Active four' },
      { title: 'Active five', updated_at: new Date('2030-01-02T03:04:05.678Z') },
    ]);
    const hidden = await insertAds(testApp, seller.id, [
      { status: 'hidden', hidden_reason: 'spam' },
      { status: 'pending' },
      { status: 'expired' },
      { status: 'sold', sold_at: new Date() },
    ]);
    const otherSeller = await createSeller(testApp.app);
    active.push(...(await insertAds(testApp, otherSeller.id, [{ title: 'Active six' }])));
    const withoutActiveAds = await createSeller(testApp.app);
    await insertAds(testApp, withoutActiveAds.id, [{ status: 'expired' }]);

    const index = await testApp.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const children = entriesOf(index.body);
    // The fixed pages, ceil(6 / 2) = 3 pages of ads, and 1 of the 2 sellers with active ads.
    expect(children.map((child) => child.loc.replace(/-[0-9a-f-]{36}\.xml$/, ''))).toEqual(
      ['/sitemaps/pages.xml', '/sitemaps/ads', '/sitemaps/ads', '/sitemaps/ads', '/sitemaps/sellers'].map(
        (child) => `${TEST_PUBLIC_URL}${child}`,
      ),
    );
    for (const child of children) expect(child.lastmod).toMatch(ISO_TIME);

    const pages = await testApp.app.inject(children[0]!.loc.slice(TEST_PUBLIC_URL.length));
    expect(pages.statusCode).toBe(200);
    const pageEntries = entriesOf(pages.body);
    for (const page of ['/', '/category/electronics', '/help', '/safety', '/terms', '/privacy']) {
      expect(
        pageEntries.map((entry) => entry.loc),
        page,
      ).toContain(`${TEST_PUBLIC_URL}${page}`);
    }
    // The home page and a category with ads changed with their newest ad; the help pages tell no date.
    expect(pageEntries.find((entry) => entry.loc === `${TEST_PUBLIC_URL}/`)?.lastmod).toMatch(ISO_TIME);
    expect(pageEntries.find((entry) => entry.loc === `${TEST_PUBLIC_URL}/help`)?.lastmod).toBeUndefined();

    const listed: { loc: string; lastmod?: string }[] = [];
    for (const child of children.slice(1)) {
      const file = await testApp.app.inject(child.loc.slice(TEST_PUBLIC_URL.length));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
      const entries = entriesOf(file.body);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(2);
      for (const entry of entries) expect(entry.lastmod).toMatch(ISO_TIME);
      // The index's lastmod of a child is the newest of its entries'.
      expect(child.lastmod).toBe(
        entries
          .map((entry) => entry.lastmod)
          .toSorted()
          .at(-1),
      );
      listed.push(...entries);
    }
    const urls = listed.map((entry) => entry.loc);
    // Every active ad once, across the page boundaries; none of the others.
    expect(urls.filter((url) => url.includes('/ad/')).toSorted()).toEqual(
      active.map((id) => `${TEST_PUBLIC_URL}/ad/${id}`).toSorted(),
    );
    for (const id of hidden) expect(urls).not.toContain(`${TEST_PUBLIC_URL}/ad/${id}`);
    // The sellers of active ads, each changed when their newest ad did.
    expect(urls.filter((url) => url.includes('/seller/')).toSorted()).toEqual(
      [seller.id, otherSeller.id].map((id) => `${TEST_PUBLIC_URL}/seller/${id}`).toSorted(),
    );
    expect(listed.find((entry) => entry.loc === `${TEST_PUBLIC_URL}/seller/${seller.id}`)?.lastmod).toBe(
      '2030-01-02T03:04:05.678Z',
    );
  });

  it('answers 404 for an unknown child sitemap, and for one past the last key', async () => {
    expect((await testApp.app.inject('/sitemaps/ads-nope.xml')).statusCode).toBe(404);
    expect((await testApp.app.inject('/sitemaps/other.xml')).statusCode).toBe(404);
    const pastTheEnd = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    expect((await testApp.app.inject(`/sitemaps/ads-${pastTheEnd}.xml`)).statusCode).toBe(404);
    expect((await testApp.app.inject(`/sitemaps/sellers-${pastTheEnd}.xml`)).statusCode).toBe(404);
  });
});

/** The JSON of each `<script type="application/ld+json">` of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe("an ad page's structured data", () => {
  it('describes the ad as a Product with its offer, its breadcrumbs and its canonical address', async () => {
    const seller = await createSeller(testApp.app);
    const posted = await postAd(testApp, seller, {
      fields: { title: 'Brass lamp', price: '25', category: 'electronics' },
      files: [await imagePart('front.png'), await imagePart('back.png')],
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json<{ id: string }>().id;

    const page = await testApp.app.inject(`/ad/${id}?utm_source=mail`);
    expect(page.statusCode).toBe(200);
    const canonical = `${TEST_PUBLIC_URL}/ad/${id}`;
    expect(page.body).toContain(`<link rel="canonical" href="${canonical}" />`);
    const [product, breadcrumbs] = structuredData(page.body);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Brass lamp',
      url: canonical,
      offers: {
        '@type': 'Offer',
        price: '25.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        // The day its listing ends, unless renewed.
        priceValidUntil: (await testApp.app.inject(`/api/ads/${id}`))
          .json<AdDetail>()
          .expires_at.slice(0, 10),
      },
    });
    expect(product?.description).toEqual(expect.any(String));
    // Every photo, in the page's order.
    const photos = (await testApp.app.inject(`/api/ads/${id}`)).json<AdDetail>().images;
    expect(photos).toHaveLength(2);
    expect(product?.image).toEqual(photos.map((photo) => `${TEST_PUBLIC_URL}${photo.url}`));
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_PUBLIC_URL}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Electronics',
          item: `${TEST_PUBLIC_URL}/category/electronics`,
        },
        { '@type': 'ListItem', position: 3, name: 'Brass lamp', item: canonical },
      ],
    });

    // The data blocks are not scripts: the page's CSP is the same as any other page's.
    const home = await testApp.app.inject('/');
    expect(page.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('says SoldOut for a sold ad', async () => {
    const seller = await createSeller(testApp.app);
    const [sold] = await insertAds(testApp, seller.id, [
      { title: 'Sold lamp', status: 'sold', sold_at: new Date() },
    ]);
    const page = await testApp.app.inject(`/ad/${sold}`);
    expect(page.statusCode).toBe(200);
    const [product] = structuredData(page.body);
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    expect(product?.offers).not.toHaveProperty('priceValidUntil');
  });

  it("keeps an ad's text from closing the data block, and $&-style patterns as text", async () => {
    const seller = await createSeller(testApp.app);
    const title = '</script><script>alert(1)</script>';
    const description = "Lamp $& shade $` and $' bulb </SCRIPT><!-- & end";
    const posted = await postAd(testApp, seller, { fields: { title, description } });
    expect(posted.statusCode).toBe(201);

    const page = await testApp.app.inject(`/ad/${posted.json<{ id: string }>().id}`);
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    // One opening and one closing tag per data block, and no other script in the head.
    expect(head.match(/<script/gi)).toHaveLength(2);
    expect(head.match(/<\/script/gi)).toHaveLength(2);
    expect(head).not.toContain('<!--');
    expect(head).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    const [product] = structuredData(page.body);
    expect(product?.name).toBe(title);
    expect(product?.description).toBe(description);
  });
});
