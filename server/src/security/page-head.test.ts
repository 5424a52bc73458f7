import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAd } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let clientDir: string;

// Text before and after the head that `$\`` and `$'` would copy into it.
const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8" /><title>Bazaar</title>\n<meta name="description" content="" /></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'bazaar-client-'));
  await writeFile(path.join(clientDir, 'index.html'), TEMPLATE);
  testApp = await createTestApp({ clientDir });
});
afterAll(async () => {
  await testApp.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The page keeps the template's shape: each fragment once, nothing spliced into the head. */
function expectTemplateIntact(html: string) {
  for (const fragment of ['<!doctype html>', '<head>', '<meta charset', '<body>', '<div id="root">']) {
    expect(html.split(fragment), fragment).toHaveLength(2);
  }
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  expect(head).not.toContain('<body>');
  expect(head).not.toContain('<!doctype');
}

describe("an ad page's head", () => {
  it("keeps $&, $` and $' in the title and description as text", async () => {
    const seller = await createSeller(testApp.app);
    const posted = await postAd(testApp, seller, {
      fields: {
        title: "Lamp $& shade $` and $' bulb",
        description: "Brass lamp. Copies $& of the head, $` before it and $' after it stay text.",
      },
    });
    expect(posted.statusCode).toBe(201);

    const page = await testApp.app.inject(`/ad/${posted.json().id}`);
    expect(page.statusCode).toBe(200);
    expectTemplateIntact(page.body);
    expect(page.body).toContain('<title>Lamp $&#38; shade $` and $&#39; bulb · Bazaar</title>');
    expect(page.body).toContain(
      '<meta name="description" content="Brass lamp. Copies $&#38; of the head, $` before it and $&#39; after it stay text." />',
    );
  });

  it("keeps $&, $` and $' in the page's address as text", async () => {
    const seller = await createSeller(testApp.app);
    const posted = await postAd(testApp, seller);
    const url = `/ad/${posted.json().id}?a=$&b=$\`&c=$'`;

    const page = await testApp.app.inject(url);
    expect(page.statusCode).toBe(200);
    expectTemplateIntact(page.body);
    const ogUrl = /<meta property="og:url" content="([^"]*)" \/>/.exec(page.body)?.[1];
    // The request sends `'` as %27, as browsers do.
    expect(ogUrl).toBe(`${TEST_PUBLIC_URL}${url.replaceAll('&', '&#38;').replaceAll("'", '%27')}`);
  });
});
