import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let clientDir: string;

beforeAll(async () => {
  // A stand-in for the built client: a script, its precompressed copy and its source map.
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head></html>');
  await writeFile(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.gz'), 'not really gzip');
  await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

async function withApp(environment: Record<string, string>, test: (testApp: TestApp) => Promise<void>) {
  const testApp = await createTestApp({ clientDir, environment });
  try {
    await test(testApp);
  } finally {
    await testApp.close();
  }
}

describe("the web client's source maps", () => {
  it('are not served by default, and no script points to them', async () => {
    await withApp({}, async ({ app }) => {
      expect((await app.inject('/assets/index-abc123.js.map')).statusCode).toBe(404);
      for (const url of [
        '/assets/index-abc123.js.%6dap',
        '/assets/index-abc123.js.MAP',
        '/assets/../assets/index-abc123.js.map?x=1',
      ]) {
        expect((await app.inject(url)).body, url).not.toContain('"version":3');
      }
      for (const encoding of ['identity', 'gzip']) {
        const script = await app.inject({
          url: '/assets/index-abc123.js',
          headers: { 'accept-encoding': encoding },
        });
        expect(script.statusCode).toBe(200);
        expect(script.headers.sourcemap).toBeUndefined();
      }
    });
  });

  it('are served, and pointed to from each script, when SERVE_SOURCE_MAPS is set', async () => {
    await withApp({ SERVE_SOURCE_MAPS: 'true' }, async ({ app }) => {
      expect((await app.inject('/assets/index-abc123.js.map')).json()).toEqual({ version: 3, sources: [] });
      for (const encoding of ['identity', 'gzip']) {
        const script = await app.inject({
          url: '/assets/index-abc123.js',
          headers: { 'accept-encoding': encoding },
        });
        expect(script.headers.sourcemap).toBe('index-abc123.js.map');
      }
    });
  });
});
