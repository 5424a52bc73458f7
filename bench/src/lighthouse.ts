/**
 * Lighthouse's performance category (its default mobile emulation: a mid-range phone on a
 * throttled 4G link, simulated) for pages of the running app, in the system Chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../../e2e/support/chromium';

export interface LighthouseResult {
  url: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
}

export async function runLighthouse(urls: string[]): Promise<LighthouseResult[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
      results.push({
        url,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
