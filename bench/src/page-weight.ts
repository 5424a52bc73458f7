/**
 * What the home page and an ad page weigh on first view: `npm run build && npm run
 * page-weight -w bench`. Starts the production build exactly as `npm start` does (embedded
 * PostgreSQL, demo data), opens each page in Chromium with an empty cache at desktop and
 * phone width, and sums what was loaded until the network was idle: HTML, JS and CSS as
 * gzip bytes (level 9, what a compressing proxy or CDN would send), images and API answers.
 * Images below the fold are lazy and do not count until scrolled to.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { startAppServer } from '../../e2e/support/app-server';
import { DESKTOP, PHONE } from '../../e2e/support/browser-sizes';
import { findChromium, launchChromium } from '../../e2e/support/chromium';
import { resultsFolder } from './bench-database';

type Kind = 'html' | 'js' | 'css' | 'image' | 'api' | 'other';

interface Weight {
  files: number;
  bytes: number;
}

function kindOf(response: Response): Kind {
  const url = new URL(response.url());
  const type = response.request().resourceType();
  if (type === 'document') return 'html';
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'image' || url.pathname.startsWith('/media/')) return 'image';
  if (url.pathname.startsWith('/api/')) return 'api';
  return 'other';
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('No Chromium found: install chromium or set CHROME_PATH');
  const server = await startAppServer();
  const browser = await launchChromium(chromiumPath);
  const report: Record<string, Record<Kind, Weight>> = {};
  try {
    const featured = (await (await fetch(`${server.baseUrl}/api/ads/featured`)).json()) as {
      ads: { id: string }[];
    };
    const adId = featured.ads[0]?.id;
    if (!adId) throw new Error('The demo data has no featured ad');
    const pages = [
      ['home', '/'],
      ['ad page', `/ad/${adId}`],
    ] as const;

    for (const [label, viewport] of [
      ['desktop 1280 px', DESKTOP],
      ['phone 390 px', PHONE],
    ] as const) {
      for (const [name, pagePath] of pages) {
        const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
        const page = await context.newPage();
        const weights: Record<Kind, Weight> = {
          html: { files: 0, bytes: 0 },
          js: { files: 0, bytes: 0 },
          css: { files: 0, bytes: 0 },
          image: { files: 0, bytes: 0 },
          api: { files: 0, bytes: 0 },
          other: { files: 0, bytes: 0 },
        };
        const pending: Promise<void>[] = [];
        page.on('response', (response) => {
          pending.push(
            response.body().then(
              (body) => {
                const kind = kindOf(response);
                // Images are sent as they are (WebP is already compressed); text is gzipped.
                const bytes = kind === 'image' ? body.length : gzipSync(body, { level: 9 }).length;
                weights[kind].files += 1;
                weights[kind].bytes += bytes;
              },
              () => undefined,
            ),
          );
        });
        await page.goto(pagePath, { waitUntil: 'networkidle' });
        await Promise.all(pending);
        await context.close();
        report[`${name}, ${label}`] = weights;
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log('First view, empty cache (gzip level 9 for text; images as sent)\n');
  for (const [page, weights] of Object.entries(report)) {
    const total = Object.values(weights).reduce((sum, weight) => sum + weight.bytes, 0);
    console.log(`${page}: total ${kib(total)}`);
    for (const [kind, weight] of Object.entries(weights)) {
      if (weight.files > 0)
        console.log(
          `  ${kind.padEnd(6)} ${String(weight.files).padStart(3)} files ${kib(weight.bytes).padStart(12)}`,
        );
    }
  }
  await mkdir(resultsFolder, { recursive: true });
  const file = path.join(resultsFolder, `page-weight-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify(report, null, 2));
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

await main();
