/**
 * Search latency of the real app (HTTP, one client, one request at a time) against the
 * database filled by generate-ads: `npm run search-latency -w bench`. Prints p50/p95 per
 * kind of search and overall, and writes them to bench/results/. BENCH_RUNS sets the
 * measured requests per kind (default 60, after 5 warm-up requests).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { createMailer } from '../../server/src/mail/mailer';
import { createLocalStorage } from '../../server/src/media/storage';
import { openBenchDatabase, quantile, resultsFolder } from './bench-database';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const WARM_UP = 5;
const DEEP_PAGE = 50;

interface Scenario {
  name: string;
  query: string;
}

const scenarios: Scenario[] = [
  { name: 'everything, newest (home "View All")', query: '' },
  { name: 'broad word ("bike", ~21% of ads)', query: 'q=bike' },
  { name: 'two broad words', query: 'q=vintage%20phone' },
  { name: 'rare word (~10 ads)', query: 'q=kerfuffle' },
  { name: 'word + price range + location', query: 'q=phone&minPrice=100&maxPrice=2000&location=spring' },
  { name: 'category', query: 'category=electronics' },
  { name: 'category + price + location', query: 'category=vehicles&minPrice=500&location=lake' },
  { name: 'location only (2-letter)', query: 'location=ca' },
  ...(['oldest', 'price-low', 'price-high', 'popular'] as const).flatMap((sort) => [
    { name: `sort ${sort}`, query: `sort=${sort}` },
    { name: `broad word, sort ${sort}`, query: `q=bike&sort=${sort}` },
  ]),
];

async function timed(url: string): Promise<{ ms: number; body: { next_cursor: string | null } }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { next_cursor: string | null };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

async function measure(url: string): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index += 1) await timed(url);
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) times.push((await timed(url)).ms);
  return times.sort((a, b) => a - b);
}

/** The cursor of page `page` of a search, found by walking the pages before it. */
async function cursorOfPage(base: string, query: string, page: number): Promise<string> {
  let cursor = '';
  for (let index = 1; index < page; index += 1) {
    const { body } = await timed(`${base}/api/ads?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    if (!body.next_cursor) throw new Error(`The search ${query} has fewer than ${page} pages`);
    cursor = body.next_cursor;
  }
  return cursor;
}

async function main() {
  const database = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bazaar-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
  });
  const logger = pino({ level: 'silent' });
  const handle = openDatabase(database.url, config.DATABASE_POOL_SIZE, logger);
  const app = await buildApp({
    config,
    database: handle,
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    mailer: createMailer({
      smtpUrl: undefined,
      from: config.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      logger,
    }),
    logger,
    authSecret: 'bench-secret-of-at-least-thirty-two-characters',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const { rows } = await handle.pool.query<{ active: number }>(
    `select count(*)::int as active from advertisements where status = 'active'`,
  );
  console.log(
    `Search latency, ${rows[0]!.active.toLocaleString('en-US')} active ads, ${runs} requests per kind\n`,
  );

  const results: { name: string; p50: number; p95: number }[] = [];
  const all: number[] = [];
  const report = (name: string, times: number[]) => {
    const entry = { name, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
    results.push(entry);
    all.push(...times);
    console.log(
      `${name.padEnd(44)} p50 ${entry.p50.toFixed(1).padStart(6)} ms   p95 ${entry.p95.toFixed(1).padStart(6)} ms`,
    );
  };
  try {
    for (const scenario of scenarios)
      report(scenario.name, await measure(`${base}/api/ads?${scenario.query}`));
    for (const [name, query] of [
      [`page ${DEEP_PAGE}, newest`, ''],
      [`page ${DEEP_PAGE}, broad word, price high`, 'q=bike&sort=price-high'],
    ] as const) {
      const cursor = await cursorOfPage(base, query, DEEP_PAGE);
      report(name, await measure(`${base}/api/ads?${query}${query ? '&' : ''}cursor=${cursor}`));
    }
    all.sort((a, b) => a - b);
    const overall = { p50: quantile(all, 0.5), p95: quantile(all, 0.95) };
    console.log(
      `\n${'all requests'.padEnd(44)} p50 ${overall.p50.toFixed(1).padStart(6)} ms   p95 ${overall.p95.toFixed(1).padStart(6)} ms`,
    );

    await mkdir(resultsFolder, { recursive: true });
    const file = path.join(
      resultsFolder,
      `search-latency-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await writeFile(file, JSON.stringify({ activeAds: rows[0]!.active, runs, overall, results }, null, 2));
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    await app.close();
    await handle.pool.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
