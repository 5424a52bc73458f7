/**
 * `npm run bench:live -w bench`: what idle live streams cost one app process. Starts the
 * production build on an embedded PostgreSQL, signs LIVE_CONNECTIONS / MAX_LIVE_STREAMS_PER_USER
 * people in and opens MAX_LIVE_STREAMS_PER_USER `GET /api/live` streams for each (the most one
 * person may hold), LIVE_CONNECTIONS (2 000) in all, then reports:
 * - the resident memory growth, in total and per stream. Budget (issue 12): at most 100 MB for 2 000;
 * - the check of every stream's session that each process makes every LIVE_SESSION_CHECK_SECONDS
 *   (60 in production; 1 here by default, to see it): the statement's time for as many sessions
 *   as streams, and the process's CPU time while the streams are idle, the checks included;
 * - the time from one session's sign-out to the end of its streams, all the others open.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { startAppServer } from '../../e2e/support/app-server';
import { openDatabase } from '../../server/src/db/database';
import { MAX_LIVE_STREAMS_PER_USER } from '../../server/src/live/live-hub';
import { findValidSessionTokens } from '../../server/src/live/queries';
import { openBenchDatabase, quantile } from './bench-database';
import { residentBytes } from './processes';
import { cookieOf, jsonPost, send } from './scenarios';

const CONNECTIONS = Number(process.env.LIVE_CONNECTIONS ?? 2_000);
const BUDGET_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;
const IDLE_SECONDS = 10;
/** A check a second shows its cost; LIVE_SESSION_CHECK_SECONDS=3600 measures the streams without it. */
const CHECK_SECONDS = process.env.LIVE_SESSION_CHECK_SECONDS ?? '1';
/** Linux counts a process's CPU time in clock ticks of 10 ms. */
const CLOCK_TICK_MS = 10;

/** This run's accounts, removed at the end (the bench database may be kept between runs). */
const EMAIL_PATTERN = `live-${Date.now()}-%@bench.local`;

async function signUpAndIn(baseUrl: string, index: number): Promise<string> {
  const account = {
    name: `Live Bench ${index}`,
    email: EMAIL_PATTERN.replace('%', String(index)),
    password: 'live-bench-secret',
  };
  await send(baseUrl, jsonPost(baseUrl, '/api/auth/sign-up/email', account));
  const signedIn = await send(
    baseUrl,
    jsonPost(baseUrl, '/api/auth/sign-in/email', { email: account.email, password: account.password }),
  );
  return cookieOf(signedIn);
}

interface OpenStream {
  request: http.ClientRequest;
  /** Resolves with the time (performance.now()) the stream ended. */
  ended: Promise<number>;
  hasEnded: () => boolean;
}

/** Opens one stream and resolves once its headers arrived (the server holds it from then on). */
function openStream(baseUrl: string, cookie: string, agent: http.Agent): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`GET /api/live answered ${response.statusCode}`));
        response.resume();
        let hasEnded = false;
        const ended = new Promise<number>((done) =>
          response.on('close', () => {
            hasEnded = true;
            done(performance.now());
          }),
        );
        resolve({ request, ended, hasEnded: () => hasEnded });
      },
    );
    request.on('error', reject);
  });
}

/** User and system CPU time of a process so far, in milliseconds (Linux /proc). */
async function cpuMilliseconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

const database = await openBenchDatabase();
const server = await startAppServer({
  environment: {
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LIVE_SESSION_CHECK_SECONDS: CHECK_SECONDS,
  },
});
const handle = openDatabase(database.url, 2, pino({ level: 'warn' }));
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const streams: OpenStream[] = [];
try {
  const people = Math.ceil(CONNECTIONS / MAX_LIVE_STREAMS_PER_USER);
  const cookies: string[] = [];
  for (let index = 0; index < people; index += 8) {
    const batch = Array.from({ length: Math.min(8, people - index) }, (_, offset) => index + offset);
    cookies.push(...(await Promise.all(batch.map((person) => signUpAndIn(server.baseUrl, person)))));
  }
  // Warm up: the first streams load the code paths; then measure from a settled process.
  for (let index = 0; index < 20; index += 1) {
    (await openStream(server.baseUrl, cookies[0]!, agent)).request.destroy();
  }
  await sleep(2_000);
  const pid = server.process.pid!;
  const before = await residentBytes(pid);
  for (let index = 0; index < CONNECTIONS; index += 50) {
    const batch = Array.from({ length: Math.min(50, CONNECTIONS - index) }, (_, offset) => index + offset);
    streams.push(
      ...(await Promise.all(
        batch.map((stream) => openStream(server.baseUrl, cookies[stream % people]!, agent)),
      )),
    );
  }
  await sleep(3_000);
  const after = await residentBytes(pid);
  const growth = after - before;
  console.log(
    `live: ${CONNECTIONS} idle streams of ${people} people on one process: RSS ${(before / MB).toFixed(1)} → ${(after / MB).toFixed(1)} MB, ` +
      `growth ${(growth / MB).toFixed(1)} MB (${(growth / CONNECTIONS / 1024).toFixed(1)} KB per connection; budget ${BUDGET_BYTES / MB} MB)`,
  );
  if (growth > (BUDGET_BYTES * CONNECTIONS) / 2_000) process.exitCode = 1;

  const cpuBefore = await cpuMilliseconds(pid);
  await sleep(IDLE_SECONDS * 1_000);
  const cpuPerSecond = ((await cpuMilliseconds(pid)) - cpuBefore) / IDLE_SECONDS;
  const { rows } = await handle.pool.query<{ token: string }>(
    'select s.token from sessions s join users u on u.id = s.user_id where u.email like $1',
    [EMAIL_PATTERN],
  );
  // As many sessions as streams, the worst case: the ones beyond this run's are unknown tokens,
  // which cost the same look-up in the unique index.
  const tokens = rows.map((row) => row.token);
  while (tokens.length < CONNECTIONS) tokens.push(randomBytes(24).toString('base64url'));
  const times: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    const startedAt = performance.now();
    await findValidSessionTokens(handle.db, tokens);
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  console.log(
    `live: idle, every stream's session checked every ${CHECK_SECONDS} s: ${cpuPerSecond.toFixed(1)} ms CPU a second in the app process; ` +
      `the check's statement for ${tokens.length} sessions: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`,
  );

  const signingOut = cookies[0]!;
  const itsStreams = streams.filter((_, index) => index % people === 0);
  const startedAt = performance.now();
  await fetch(`${server.baseUrl}/api/auth/sign-out`, {
    method: 'POST',
    headers: { cookie: signingOut, origin: server.baseUrl, 'content-type': 'application/json' },
    body: '{}',
  });
  const lastEnded = Math.max(...(await Promise.all(itsStreams.map((stream) => stream.ended))));
  await sleep(1_500);
  const others = streams.filter((stream) => !itsStreams.includes(stream));
  const endedOthers = others.filter((stream) => stream.hasEnded()).length;
  console.log(
    `live: sign-out to the end of its ${itsStreams.length} streams: ${(lastEnded - startedAt).toFixed(1)} ms; ` +
      `of the other ${others.length}, ${endedOthers} ended (expected none)`,
  );
  if (endedOthers > 0) process.exitCode = 1;
} finally {
  for (const stream of streams) stream.request.destroy();
  await server.stop();
  await handle.pool.query('delete from users where email like $1', [EMAIL_PATTERN]);
  await handle.pool.end();
  await database.stop();
}
