import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, postAd, videoPart } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { mp4Video } from '../../test/media-fixtures';
import { createCheckout } from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * Every response carries the transport protections, whatever produced it (a page, the API,
 * an error, a media file); no other origin may read the API; media can never run as a page.
 */

let testApp: TestApp;
let seller: TestSeller;
let ad: { id: string; images: { url: string; card_url: string }[]; videos: { url: string }[] };
let checkoutId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  const posted = await postAd(testApp, seller, { files: [await imagePart(), videoPart(mp4Video())] });
  expect(posted.statusCode).toBe(201);
  ad = posted.json();
  checkoutId = (await createCheckout(testApp.app, seller, 'starter')).checkout.id;
  // A file beside the media folder that no /media path may reach.
  await writeFile(path.join(testApp.dataDir, 'secrets.json'), '{"authSecret":"canary"}');
});
afterAll(() => testApp.close());

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  const pages = () => [
    { name: 'the home page', url: '/' },
    { name: 'a client route', url: '/dashboard' },
    { name: 'an ad page', url: `/ad/${ad.id}` },
    { name: 'a missing ad page', url: '/ad/00000000-0000-4000-8000-000000000000' },
    { name: 'the demo payment page', url: `/checkout/demo/${checkoutId}`, signedIn: true },
    { name: 'an API answer', url: '/api/categories' },
    { name: 'an API error', url: '/api/profile' },
    { name: 'an unknown API path', url: '/api/nothing-here' },
    { name: 'the API documentation', url: '/api/docs' },
  ];

  it('protects every kind of response: pages, API answers and errors', async () => {
    for (const page of pages()) {
      const response = await testApp.app.inject({
        url: page.url,
        headers: page.signedIn ? { cookie: seller.cookie } : {},
      });
      expect(response.statusCode, page.name).toBeLessThan(500);
      const csp = directives(String(response.headers['content-security-policy']));
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? '';
      expect(scripts, page.name).not.toContain("'unsafe-inline'");
      expect(scripts, page.name).not.toContain("'unsafe-eval'");
      expect(scripts, page.name).not.toContain('*');
      if (!csp.has('sandbox')) expect(csp.get('frame-ancestors'), page.name).toBe("'none'");
      expect(csp.get('object-src') ?? csp.get('default-src'), page.name).toBe("'none'");
      expect(response.headers['x-content-type-options'], page.name).toBe('nosniff');
      expect(response.headers['x-frame-options'], page.name).toBe('DENY');
      expect(response.headers['referrer-policy'], page.name).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by'], page.name).toBeUndefined();
      expect(response.headers['server'], page.name).toBeUndefined();
      // The test site is plain http: upgrading its requests would break every page.
      expect(csp.has('upgrade-insecure-requests'), page.name).toBe(false);
    }
  });

  it('serves pages without any inline script for the CSP to allow', async () => {
    for (const url of ['/', `/ad/${ad.id}`]) {
      const html = (await testApp.app.inject(url)).body;
      for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        // Only external scripts, or data blocks a browser never runs.
        expect(/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes), url).toBe(
          true,
        );
        if (/type="application\/(ld\+)?json"/.test(attributes)) expect(body).not.toContain('</');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});

describe('CORS', () => {
  it('gives other origins no access to the API, with or without a preflight', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      const preflight = await testApp.app.inject({
        method: 'OPTIONS',
        url: '/api/me',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials'], origin).toBeUndefined();
      const read = await testApp.app.inject({ url: '/api/me', headers: { origin, cookie: seller.cookie } });
      expect(read.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('does not open the API to its own origin either: it needs no CORS', async () => {
    const response = await testApp.app.inject({
      url: '/api/categories',
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('media', () => {
  it('serves images and videos so they cannot run as a page, with their real type', async () => {
    const files = [
      { url: ad.images[0]!.url, type: 'image/webp' },
      { url: ad.images[0]!.card_url, type: 'image/webp' },
      { url: ad.videos[0]!.url, type: 'video/mp4' },
    ];
    for (const file of files) {
      const response = await testApp.app.inject(file.url);
      expect(response.statusCode, file.url).toBe(200);
      expect(response.headers['content-type'], file.url).toBe(file.type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('default-src')).toBe("'none'");
      expect(csp.has('sandbox')).toBe(true);
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('serves nothing outside the media folder, whatever the path says', async () => {
    for (const url of [
      '/media/../secrets.json',
      '/media/%2e%2e/secrets.json',
      '/media/..%2fsecrets.json',
      '/media/ads/..%2f..%2fsecrets.json',
      '/media/%2e%2e%2f%2e%2e%2fsecrets.json',
      '/media/....//secrets.json',
    ]) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('authSecret');
    }
  });
});
