/**
 * `npm run bench:messaging -w bench`: only the messaging part of `npm run bench` (issue 12),
 * for working on it: the inbox and thread reads (one client, 16 clients, floor) and
 * send-to-receive between two app processes, on BENCH_ADS generated ads (default 100 000;
 * BENCH_DATA_DIR keeps them for the next run). Budgets: p95 ≤ 20 ms for the reads with one
 * client, p95 ≤ 150 ms send-to-receive; exit code 1 on a miss. BENCH_EXPLAIN=1 prints the
 * plans of the reads' queries first.
 */
import { rm } from 'node:fs/promises';
import pino from 'pino';
import { openDatabase } from '../../server/src/db/database';
import { openBenchDatabase } from './bench-database';
import { measureFloor } from './floor';
import { generateAds } from './generate-ads';
import { runLoad } from './load';
import { measureLiveDelivery, messagingReadScenarios, removeMessagingAccounts } from './messaging';
import { startBenchApp } from './processes';

const ads = Number(process.env.BENCH_ADS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 1_000);
const liveMessages = Number(process.env.BENCH_LIVE_MESSAGES ?? 200);
const READ_P95_MS = 20;
const SEND_TO_RECEIVE_P95_MS = 150;

const database = await openBenchDatabase();
let missed = false;
try {
  await generateAds(database.url, ads);
  const handle = openDatabase(database.url, 4, pino({ level: 'warn' }));
  const [first, second] = await Promise.all([startBenchApp(database.url), startBenchApp(database.url)]);
  try {
    const url = first.baseUrl.replace('localhost', '127.0.0.1');
    const reads = await messagingReadScenarios({ baseUrl: url, pool: handle.pool, conversations });
    if (process.env.BENCH_EXPLAIN) {
      for (const scenario of reads) {
        for (const query of scenario.floor.queries) {
          const { rows } = await handle.pool.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${query.sql}`,
            query.params,
          );
          console.log(`${scenario.name}:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
        }
      }
    }
    for (const scenario of reads)
      await runLoad({ url, connections: 16, seconds: 1, request: scenario.request });
    console.log(`${ads.toLocaleString('en-US')} ads, ${seconds} s per measurement`);
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
    const live = await measureLiveDelivery({
      senderUrl: url,
      receiverUrl: second.baseUrl.replace('localhost', '127.0.0.1'),
      pool: handle.pool,
      messages: liveMessages,
    });
    if (live.shown.p95 > SEND_TO_RECEIVE_P95_MS) missed = true;
    const line = (times: typeof live.event) =>
      `p50 ${times.p50.toFixed(1)}, p95 ${times.p95.toFixed(1)}, p99 ${times.p99.toFixed(1)}, max ${times.max.toFixed(1)} ms`;
    console.log(
      `send-to-receive, ${live.messages} messages from ${live.senders} senders on process A to a stream on process B:\n` +
        `  to the event:          ${line(live.event)}\n` +
        `  to the receiver's fetch: ${line(live.shown)}`,
    );
  } finally {
    await removeMessagingAccounts(handle.pool);
    await Promise.all([first.stop(), second.stop()]);
    await Promise.all([first, second].map((app) => rm(app.dataDir, { recursive: true, force: true })));
    await handle.pool.end();
  }
} finally {
  await database.stop();
}
console.log(missed ? 'budgets: MISSED' : 'budgets: met');
if (missed) process.exitCode = 1;
