/**
 * Screenshots of pages at desktop (1280 px) and phone (390 px) width, for looking at what
 * was built: `npm run screenshots -- / /search?q=bike /ad/<id>`. Add `--signed-in` to sign in
 * as a demo seller first, or `--new-seller` to sign up and in as a new trial seller with no ads
 * (file names then end in `-new`). Uses BASE_URL when set, otherwise starts the production build.
 * Files go to screenshots/ (not committed).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startAppServer, type AppServer } from './app-server';
import { DESKTOP, PHONE } from './browser-sizes';
import { findChromium, launchChromium } from './chromium';

const args = process.argv.slice(2);
const signedIn = args.includes('--signed-in');
const newSeller = args.includes('--new-seller');
const pages = args.filter((arg) => !arg.startsWith('--'));
const outDir = path.resolve('screenshots');

const chromiumPath = findChromium();
if (!chromiumPath) throw new Error('No Chromium found: install the chromium package or set CHROME_PATH');

let server: AppServer | undefined;
const baseUrl = process.env.BASE_URL ?? (server = await startAppServer()).baseUrl;
const browser = await launchChromium(chromiumPath);
await mkdir(outDir, { recursive: true });
try {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    if (signedIn) {
      const response = await page.request.post('/api/auth/sign-in/email', {
        data: { email: 'maria@demo.bazaar.local', password: 'bazaar-demo' },
        headers: { origin: baseUrl },
      });
      if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
    }
    if (newSeller) {
      const email = `screenshots-${label}-${Date.now().toString(36)}@example.com`;
      const password = 'screenshot-secret';
      for (const [url, data] of [
        [
          '/api/auth/sign-up/email',
          { name: 'Sam Rivers', email, password, phone: '+1 555 0100', location: 'Austin, TX' },
        ],
        ['/api/auth/sign-in/email', { email, password }],
      ] as const) {
        const response = await page.request.post(url, { data, headers: { origin: baseUrl } });
        if (!response.ok()) throw new Error(`${url} failed: ${response.status()} ${await response.text()}`);
      }
    }
    for (const pagePath of pages.length > 0 ? pages : ['/']) {
      await page.goto(pagePath, { waitUntil: 'networkidle' });
      const slug = (pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home').slice(0, 60);
      const name = `${slug}-${label}${newSeller ? '-new' : ''}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server?.stop();
}
