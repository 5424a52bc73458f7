/**
 * `npm run bench`: fills a dedicated database with BENCH_ADS generated ads (default
 * 100 000), starts the built app on it, and measures the reads and writes of bench/README.md
 * side by side with their floor and ceiling, the original design's all-ads list, the
 * client's first-load weight, Lighthouse and the app's startup. Prints a table, writes
 * bench/results/latest.json and checks the budgets (exit code 1 on a miss).
 *
 * BENCH_QUICK=1 (`npm run bench:quick`): 5 000 ads and short measurements, budgets not
 * checked; CI runs it so the suite never rots.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, release, totalmem } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../../server/src/db/database';
import { fetchAllAdsAsOneList } from './baseline';
import { openBenchDatabase, quantile, resultsFolder } from './bench-database';
import { checkBudgets } from './budgets';
import { measureClientWeight, type RoutePage } from './client-weight';
import { measureFloor } from './floor';
import { generateAds } from './generate-ads';
import { runLighthouse } from './lighthouse';
import { runLoad, type LoadRequest } from './load';
import { measureStartup, residentBytes, startBenchApp, startCeilingServer } from './processes';
import { cachingProxyUnavailable, startCachingProxy } from './caching-proxy';
import {
  formatResults,
  type BenchResults,
  type ProxiedReadResult,
  type ReadResult,
  type WriteResult,
} from './report';
import { measureLiveDelivery, messagingReadScenarios } from './messaging';
import { AD_SAMPLE, readScenarios, removeWriteAccounts, writeScenarios } from './scenarios';

const quick = Boolean(process.env.BENCH_QUICK);
const ads = Number(process.env.BENCH_ADS ?? (quick ? 5_000 : 100_000));
if (!Number.isInteger(ads) || ads < 1) throw new Error('BENCH_ADS must be a positive whole number');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 0.5 : 5));
if (!(seconds > 0)) throw new Error('BENCH_SECONDS must be a positive number');
const CONNECTIONS = 16;
/** Writes take 100 ms and more each: shorter runs would count almost none under 16 clients. */
const WRITE_SECONDS = Math.max(seconds, 3);
const FIRST_PAGE_FETCHES = 9;
/** The inbox scenarios' user has this many conversations (issue 12: 1 000). */
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? (quick ? 200 : 1_000));
/** Messages timed from a sender on one app process to a receiver on another. */
const liveMessages = Number(process.env.BENCH_LIVE_MESSAGES ?? (quick ? 30 : 200));
/** Issue 15: Lighthouse's figures are the median of this many runs (one in the quick run). */
const LIGHTHOUSE_RUNS = 3;
/** Startup figures are the median of this many first starts and restarts (one in the quick run). */
const STARTUP_ROUNDS = 3;
for (const [name, value] of [
  ['BENCH_CONVERSATIONS', conversations],
  ['BENCH_LIVE_MESSAGES', liveMessages],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
}

const step = (message: string) => console.log(`\n▸ ${message}`);

async function main(): Promise<BenchResults> {
  const measured = await measureOnBenchDatabase();
  // Once the bench's database has stopped: whatever it still does after the load (checkpoints,
  // vacuums) is no part of a person's start.
  const rounds = quick ? 1 : STARTUP_ROUNDS;
  step(`startup of the built app on an empty and a warm DATA_DIR (${rounds} of each)`);
  const startup = await measureStartup(rounds);
  const results: BenchResults = { ...measured, startup };
  if (!quick) results.budgets = checkBudgets(results);
  return results;
}

async function measureOnBenchDatabase(): Promise<Omit<BenchResults, 'startup' | 'budgets'>> {
  const database = await openBenchDatabase();
  try {
    step(`generating ${ads.toLocaleString('en-US')} ads`);
    await generateAds(database.url, ads);
    const handle = openDatabase(database.url, 4, pino({ level: 'warn' }));
    try {
      return await measureWithApp(database.url, handle.pool);
    } finally {
      await handle.pool.end();
    }
  } finally {
    await database.stop();
  }
}

async function measureWithApp(
  databaseUrl: string,
  pool: pg.Pool,
): Promise<Omit<BenchResults, 'startup' | 'budgets'>> {
  step('starting the app (server/dist/main.js) and the ceiling server');
  const app = await startBenchApp(databaseUrl);
  const ceiling = await startCeilingServer();
  const pid = app.process.pid!;
  const url = app.baseUrl.replace('localhost', '127.0.0.1');
  try {
    const coldBytes = await residentBytes(pid);
    const load = (
      request: LoadRequest | ((round: number) => LoadRequest),
      connections: number,
      duration = seconds,
    ) => runLoad({ url, connections, seconds: duration, request });

    // First, on a quiet machine, as a visitor's phone meets the page: after the load, the
    // writes and the vacuums they start, the browser shares the two cores with what is left of
    // them, and Lighthouse multiplies its main thread's tasks by four (bench/README.md, "Stop 31").
    step('client weight and Lighthouse, before any load');
    // The generation's writes go to disk now rather than during the runs (a superuser's right).
    await pool.query('checkpoint').catch((error: Error) => console.log(`  no checkpoint: ${error.message}`));
    const clientWeight = await measureClientWeight();
    const { rows } = await pool.query<{ id: string; active: number }>(
      `select (select id from advertisements where status = 'active' order by featured_until desc nulls last, created_at desc limit 1) as id,
              (select count(*)::int from advertisements where status = 'active') as active`,
    );
    const pages: [RoutePage, string][] = [
      ['home', '/'],
      ['search', '/search?q=bike'],
      ['ad page', `/ad/${rows[0]!.id}`],
    ];
    const lighthouse = (
      await runLighthouse(
        pages.map(([, page]) => `${app.baseUrl}${page}`),
        quick ? 1 : LIGHTHOUSE_RUNS,
      )
    ).map((result, index) => ({ ...result, page: pages[index]![0] }));

    step('preparing the scenarios (their floors run each query once)');
    const reads = [
      ...(await readScenarios({ baseUrl: app.baseUrl, pool })),
      ...(await messagingReadScenarios({ baseUrl: app.baseUrl, pool, conversations })),
    ];
    step('warming up');
    for (const scenario of reads) await load(scenario.request, CONNECTIONS, Math.min(1, seconds / 2));
    const startBytes = await residentBytes(pid);

    const readResults: ReadResult[] = [];
    for (const scenario of reads) {
      process.stdout.write(`  ${scenario.name}…`);
      const { path: firstPath, headers } = scenario.request(0);
      const bodyBytes = (await (await fetch(`${url}${firstPath}`, { headers })).arrayBuffer()).byteLength;
      const oneClient = await load(scenario.request, 1);
      const concurrent = await load(scenario.request, CONNECTIONS);
      const floor = await measureFloor(pool, scenario.floor.queries, seconds, scenario.floor.vary);
      const ceilingLoad = await runLoad({
        url: ceiling.url,
        connections: CONNECTIONS,
        seconds,
        request: { path: `/json/${Math.max(16, bodyBytes)}` },
      });
      readResults.push({
        name: scenario.name,
        group: scenario.group,
        bodyBytes,
        oneClient,
        concurrent,
        floor,
        ceiling: ceilingLoad,
        appVsFloor: oneClient.p50 / floor.p50,
        appVsCeiling: concurrent.rps / ceilingLoad.rps,
      });
      console.log(` p95 ${oneClient.p95.toFixed(1)} ms, ${Math.round(concurrent.rps)} req/s`);
    }
    const endBytes = await residentBytes(pid);

    const unavailable = cachingProxyUnavailable();
    let cachingProxy: BenchResults['cachingProxy'] = { skipped: unavailable ?? '' };
    if (unavailable) {
      step(`ad pages through a caching proxy: skipped, ${unavailable}`);
    } else {
      step('ad pages through a caching proxy (nginx) in front of two app processes');
      const adPageReads = reads.filter((scenario) => scenario.group === 'ad page');
      cachingProxy = {
        reads: await measureThroughCachingProxy(databaseUrl, url, adPageReads, readResults),
      };
    }

    step('writes');
    const writeResults: WriteResult[] = [];
    try {
      for (const scenario of await writeScenarios({ baseUrl: app.baseUrl, pool })) {
        const oneClient = await load(scenario.request, 1, WRITE_SECONDS);
        const concurrent = await load(scenario.request, CONNECTIONS, WRITE_SECONDS);
        writeResults.push({ name: scenario.name, oneClient, concurrent });
        console.log(`  ${scenario.name}: ${concurrent.rps.toFixed(1)} req/s`);
      }
    } finally {
      await removeWriteAccounts(pool);
    }

    step(`live delivery: ${liveMessages} messages from a sender on this app to a receiver on a second one`);
    const second = await startBenchApp(databaseUrl);
    let liveDelivery;
    try {
      liveDelivery = await measureLiveDelivery({
        senderUrl: url,
        receiverUrl: second.baseUrl.replace('localhost', '127.0.0.1'),
        pool,
        messages: liveMessages,
      });
    } finally {
      await second.stop();
      await rm(second.dataDir, { recursive: true, force: true });
    }
    console.log(
      `  p95 ${liveDelivery.shown.p95.toFixed(1)} ms to the receiver's fetch, ${liveDelivery.event.p95.toFixed(1)} ms to the event`,
    );

    step('the original design: every ad as one list');
    const allAds = await fetchAllAdsAsOneList(pool);
    const firstPageTimes: number[] = [];
    let firstPageBytes = 0;
    for (let index = 0; index < FIRST_PAGE_FETCHES; index += 1) {
      const started = performance.now();
      firstPageBytes = (await (await fetch(`${url}/api/ads`)).arrayBuffer()).byteLength;
      firstPageTimes.push(performance.now() - started);
    }

    const cpu = cpus();
    return {
      date: new Date().toISOString(),
      machine: {
        cpus: cpu.length,
        cpuModel: cpu[0]?.model.trim() ?? 'unknown',
        memoryBytes: totalmem(),
        node: process.versions.node,
        os: `${process.platform} ${release()}`,
      },
      quick,
      ads,
      activeAds: rows[0]!.active,
      secondsPerMeasurement: seconds,
      connections: CONNECTIONS,
      reads: readResults,
      writes: writeResults,
      cachingProxy,
      liveDelivery,
      baseline: {
        allAds,
        firstPage: {
          bytes: firstPageBytes,
          ms: quantile(
            firstPageTimes.sort((a, b) => a - b),
            0.5,
          ),
        },
      },
      clientWeight,
      lighthouse,
      memory: { coldBytes, startBytes, endBytes },
    };
  } finally {
    await ceiling.stop();
    await app.stop();
    await rm(app.dataDir, { recursive: true, force: true });
  }
}

/**
 * The ad page's reads with 16 clients through nginx in front of this app and a second one:
 * one pass over the scenario's ads first, as a proxy in production has them, then the load,
 * then which share of a sample of its answers came from the cache.
 */
async function measureThroughCachingProxy(
  databaseUrl: string,
  appUrl: string,
  scenarios: Awaited<ReturnType<typeof readScenarios>>,
  direct: ReadResult[],
): Promise<ProxiedReadResult[]> {
  const second = await startBenchApp(databaseUrl);
  const proxy = await startCachingProxy([appUrl, second.baseUrl.replace('localhost', '127.0.0.1')]);
  try {
    const results: ProxiedReadResult[] = [];
    for (const scenario of scenarios) {
      for (let round = 0; round < AD_SAMPLE; round += 1) {
        await fetch(`${proxy.url}${scenario.request(round).path}`);
      }
      const concurrent = await runLoad({
        url: proxy.url,
        connections: CONNECTIONS,
        seconds,
        request: scenario.request,
      });
      let hits = 0;
      for (let round = 0; round < AD_SAMPLE; round += 1) {
        const response = await fetch(`${proxy.url}${scenario.request(round).path}`);
        await response.arrayBuffer();
        if (response.headers.get('x-cache-status') === 'HIT') hits += 1;
      }
      const ceiling = direct.find((read) => read.name === scenario.name)!.ceiling;
      results.push({
        name: scenario.name,
        concurrent,
        hitShare: hits / AD_SAMPLE,
        proxiedVsCeiling: concurrent.rps / ceiling.rps,
      });
      console.log(
        `  ${scenario.name}: ${Math.round(concurrent.rps)} req/s, ${hits} of ${AD_SAMPLE} from the cache`,
      );
    }
    return results;
  } finally {
    await proxy.stop();
    await second.stop();
    await rm(second.dataDir, { recursive: true, force: true });
  }
}

const results = await main();
console.log(`\n${formatResults(results)}`);
await mkdir(resultsFolder, { recursive: true });
const file = path.join(resultsFolder, 'latest.json');
await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
if (results.budgets?.some((budget) => !budget.passed)) process.exitCode = 1;
