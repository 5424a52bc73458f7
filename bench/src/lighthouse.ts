/**
 * Lighthouse's performance category (its default mobile emulation: a mid-range phone on a
 * throttled 4G link, simulated) for pages of the running app, in the system Chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { findChromium } from '../../e2e/support/chromium';

export interface LighthouseResult {
  url: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); such runs are repeated. */
const ATTEMPTS = 3;

async function auditWithRetries(url: string, port: number): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    const run = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!run.lhr.runtimeError) return run;
    if (attempt === ATTEMPTS) {
      throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${run.lhr.runtimeError.message}`);
    }
    console.log(`  Lighthouse could not measure ${url} (${run.lhr.runtimeError.code}); again`);
  }
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
      const { lhr } = await auditWithRetries(url, chrome.port);
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
