/**
 * Lighthouse's performance, accessibility, best-practices and SEO categories (its default
 * mobile emulation: a mid-range phone on a throttled 4G link, simulated) for pages of the
 * running app, in the system Chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { findChromium } from '../../e2e/support/chromium';

export interface LighthouseResult {
  url: string;
  /** Performance, 0–100. */
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The four categories of issue 15's budgets. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); such runs are repeated. */
const ATTEMPTS = 3;

async function auditWithRetries(url: string, port: number): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    const run = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!run.lhr.runtimeError) return run;
    if (attempt === ATTEMPTS) {
      throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${run.lhr.runtimeError.message}`);
    }
    console.log(`  Lighthouse could not measure ${url} (${run.lhr.runtimeError.code}); again`);
  }
}

/** The median of each figure over the runs of one page (issue 15: the median of 3 runs). */
function median(runs: LighthouseResult[]): LighthouseResult {
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  };
  const of = (key: Exclude<keyof LighthouseResult, 'url'>) => middle(runs.map((run) => run[key]));
  return {
    url: runs[0]!.url,
    score: of('score'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
  };
}

/** Each page `runs` times (pages in turn, so a slow moment of the machine is shared), then the medians. */
export async function runLighthouse(urls: string[], runs: number): Promise<LighthouseResult[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const byUrl = new Map<string, LighthouseResult[]>(urls.map((url) => [url, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const url of urls) {
        const { lhr } = await auditWithRetries(url, chrome.port);
        const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
        // What cost points outside performance, so a score below 100 says why.
        const failed = CATEGORIES.slice(1).flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${category}: ${ref.id}`),
        );
        if (failed.length > 0) console.log(`  ${url}: ${failed.join(', ')}`);
        const consoleErrors = lhr.audits['errors-in-console']?.details;
        if (consoleErrors && 'items' in consoleErrors) {
          for (const item of consoleErrors.items)
            console.log(`    console: ${JSON.stringify(item).slice(0, 300)}`);
        }
        byUrl.get(url)!.push({
          url,
          score: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
      }
    }
    return urls.map((url) => median(byUrl.get(url)!));
  } finally {
    chrome.kill();
  }
}
