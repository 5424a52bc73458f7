/**
 * `npm run bench:search -w bench`: only the search reads of `npm run bench` (issue 15: best
 * match, suggestions, did you mean), for working on them: one client (p50/p95) and 16 clients,
 * beside the floor, on BENCH_ADS generated ads (default 100 000; BENCH_DATA_DIR keeps them).
 * Budget: p95 ≤ 50 ms with one client; exit code 1 on a miss.
 */
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pino from 'pino';
import { openDatabase } from '../../server/src/db/database';
import { openBenchDatabase } from './bench-database';
import { measureFloor } from './floor';
import { generateAds } from './generate-ads';
import { runLoad } from './load';
import { startBenchApp } from './processes';
import { readScenarios } from './scenarios';

const ads = Number(process.env.BENCH_ADS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const READ_P95_MS = 50;

const database = await openBenchDatabase();
let missed = false;
try {
  await generateAds(database.url, ads);
  const handle = openDatabase(database.url, 4, pino({ level: 'warn' }));
  const app = await startBenchApp(database.url);
  try {
    const url = app.baseUrl.replace('localhost', '127.0.0.1');
    const reads = (await readScenarios({ baseUrl: url, pool: handle.pool })).filter(
      (scenario) => scenario.group === 'search',
    );
    for (const scenario of reads) {
      await runLoad({ url, connections: 16, seconds: 1, request: scenario.request });
    }
    const load = loadavg().map((value) => value.toFixed(2));
    console.log(
      `${ads.toLocaleString('en-US')} ads, ${seconds} s per measurement, load average ${load.join(' ')}`,
    );
    for (const scenario of reads) {
      const one = await runLoad({ url, connections: 1, seconds, request: scenario.request });
      const many = await runLoad({ url, connections: 16, seconds, request: scenario.request });
      const floor = await measureFloor(handle.pool, scenario.floor.queries, seconds);
      if (one.p95 > READ_P95_MS || one.errors + many.errors > 0) missed = true;
      console.log(
        `${scenario.name}: p50 ${one.p50.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms (one client); ` +
          `${Math.round(many.rps)} req/s, p99 ${many.p99.toFixed(1)} ms (16 clients); ` +
          `floor p50 ${floor.p50.toFixed(1)} ms; errors ${one.errors + many.errors}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.stop();
    await rm(app.dataDir, { recursive: true, force: true });
    await handle.pool.end();
  }
} finally {
  await database.stop();
}
console.log(missed ? 'budgets: MISSED' : 'budgets: met');
if (missed) process.exitCode = 1;
