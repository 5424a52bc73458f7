import { errorMessages } from '@bazaar/common/errors';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/health and /api/ready', () => {
  it('answers that the process is up', async () => {
    const response = await testApp.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ready while the database is reachable', async () => {
    const response = await testApp.app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up' });
  });
});

describe('unknown paths', () => {
  it('answers a JSON 404 for an unknown /api/ path, never the HTML shell', async () => {
    const response = await testApp.app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'route_not_found', message: 'There is no such API endpoint.' },
    });
  });

  it('answers a JSON 404 for an unknown API method too', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('route_not_found');
  });

  it('serves the client shell for client routes so reloads work, public pages to shared caches too', async () => {
    const routes = {
      '/dashboard': 'no-cache',
      '/messages/any-id': 'no-cache',
      '/category/electronics': 'public, max-age=0, s-maxage=30',
      '/search?q=bike': 'public, max-age=0, s-maxage=30',
    };
    for (const [url, cacheControl] of Object.entries(routes)) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
    }
  });

  it("answers an address that opens no page with the shell and 404: the client's 'Page Not Found'", async () => {
    // (An unknown ad: ads/read.test.ts; an unknown or suspended seller: sellers/public-page.test.ts.)
    for (const url of ['/some/unknown/page', '/ad', '/category/no-such-category', '/dashboard/x']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('moves a page address with a trailing slash to the one without, query and all', async () => {
    const response = await testApp.app.inject('/search/?q=bike');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/search?q=bike');
    expect((await testApp.app.inject('/category/electronics/')).headers.location).toBe(
      '/category/electronics',
    );
    expect((await testApp.app.inject('/no-such-page/')).statusCode).toBe(404);
    expect((await testApp.app.inject('//evil.example/')).statusCode).toBe(404);
  });

  it('does not answer a missing asset with the shell', async () => {
    const response = await testApp.app.inject('/assets/missing-file.js');
    expect(response.statusCode).toBe(404);
  });
});

describe('the built client', () => {
  let clientDir: string;
  let withClient: TestApp;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>x</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    await writeFile(path.join(clientDir, 'assets', 'app-1a2b3c.js.br'), 'brotli bytes');
    await writeFile(path.join(clientDir, 'assets', 'app-1a2b3c.js.gz'), 'gzip bytes');
    await mkdir(path.join(clientDir, '.vite'));
    await writeFile(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/app-1a2b3c.js',
          isEntry: true,
          imports: ['_shared.js'],
          dynamicImports: ['src/app/start.tsx'],
        },
        '_shared.js': { file: 'assets/shared-4d5e6f.js' },
        'src/app/start.tsx': { file: 'assets/start-cc33.js', imports: ['index.html', '_react.js'] },
        '_react.js': { file: 'assets/react-dd44.js', imports: ['_shared.js'] },
        '_card.js': { file: 'assets/card-778899.js', imports: ['_shared.js'] },
        'src/features/home/home-page.tsx': {
          file: 'assets/home-page-aa11.js',
          imports: ['index.html', '_shared.js', '_card.js'],
        },
        'src/features/ads/search-page.tsx': { file: 'assets/search-page-bb22.js', imports: ['_card.js'] },
      }),
    );
    withClient = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await withClient.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the shell with the default title and description on every client route', async () => {
    // (/ad/:id has a head of its own and answers 404 for an unknown ad: ads/read.test.ts.)
    for (const url of ['/', '/profile', '/category/electronics']) {
      const response = await withClient.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"><noscript>');
      expect(response.body).toContain('<title>Bazaar — Buy and sell anything near you</title>');
      expect(response.body).toContain(
        '<meta name="description" content="Bazaar is a classified-ads marketplace',
      );
    }
  });

  it("lists the app's code, the route's page code and their imports in the shell, but not what the entry loads already", async () => {
    const preloadsOf = async (url: string) => {
      const body = (await withClient.app.inject(url)).body;
      const block = /<script type="application\/json" id="bazaar-page-code">(.*?)<\/script>/.exec(body);
      return JSON.parse(block![1]!) as string[];
    };
    // In the order they run: each after the chunks it imports.
    const appCode = ['/assets/react-dd44.js', '/assets/start-cc33.js'];
    expect(await preloadsOf('/')).toEqual([
      ...appCode,
      '/assets/card-778899.js',
      '/assets/home-page-aa11.js',
    ]);
    expect(await preloadsOf('/search?q=bike')).toEqual([
      ...appCode,
      '/assets/card-778899.js',
      '/assets/search-page-bb22.js',
    ]);
    expect(await preloadsOf('/profile')).toEqual(appCode);
  });

  it('caches hashed assets for a year', async () => {
    const response = await withClient.app.inject('/assets/app-1a2b3c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['gzip, deflate, br', 'br', 'brotli bytes'],
    ['gzip', 'gzip', 'gzip bytes'],
  ])('sends the precompressed asset to a browser accepting %s', async (acceptEncoding, encoding, body) => {
    const response = await withClient.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(body);
  });

  it('sends the plain asset to a client accepting no compression', async () => {
    const response = await withClient.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('answers 404 for an asset that is not there, a compressed copy by its own name, and the build manifest', async () => {
    for (const url of [
      '/assets/missing-9z9z9z.js',
      '/assets/app-1a2b3c.js.br',
      '/assets/app-1a2b3c.js.gz',
      '/.vite/manifest.json',
    ]) {
      const response = await withClient.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('brotli bytes');
    }
  });

  it('serves nothing outside the assets folder through it, whatever the path says', async () => {
    // (`/assets/%2e%2e/…` is `/index.html` to any URL parser, the test's included.)
    for (const url of ['/assets/..%2findex.html', '/assets/%2e%2e%2findex.html', '/assets/..%5cindex.html']) {
      const response = await withClient.app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      // The template as it lies on disk, not the shell the app renders from it.
      expect(response.body, url).not.toContain('<title>x</title>');
    }
    const folder = await withClient.app.inject('/assets/');
    expect(folder.statusCode).toBe(403);
    expect(folder.json()).toEqual({ error: { code: 'forbidden', message: errorMessages.forbidden } });
  });

  it('serves the files beside the shell, cached for an hour', async () => {
    await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await createTestApp({ clientDir });
    try {
      const response = await app.app.inject('/favicon.svg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    } finally {
      await app.close();
    }
  });
});

describe('compression', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ])('compresses an answer for a browser accepting %s', async (acceptEncoding, encoding, decompress) => {
    const plain = await testApp.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const response = await testApp.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decompress(response.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a short answer as it is', async () => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, a referrer policy and no X-Powered-By', async () => {
    const response = await testApp.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('malformed requests', () => {
  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: 'The request body is not valid JSON.' },
    });
  });
});
