/**
 * `npm run bench:live -w bench`: how much memory one app process spends on idle live
 * streams. Starts the production build (embedded PostgreSQL), signs one user in, opens
 * LIVE_CONNECTIONS (2 000) `GET /api/live` streams to it and reports the resident memory
 * growth, in total and per connection. Budget (issue 12): at most 100 MB for 2 000.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startAppServer } from '../../e2e/support/app-server';
import { residentBytes } from './processes';

const CONNECTIONS = Number(process.env.LIVE_CONNECTIONS ?? 2_000);
const BUDGET_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

async function signIn(baseUrl: string): Promise<string> {
  const account = {
    name: 'Live Bench',
    email: `live-${Date.now()}@bench.local`,
    password: 'live-bench-secret',
  };
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...account, phone: '+1 555 0100', location: 'Austin, TX' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const signInResponse = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!signInResponse.ok) throw new Error(`sign-in: ${signInResponse.status}`);
  return signInResponse.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Opens one stream and resolves once its headers arrived (the server holds it from then on). */
function openStream(baseUrl: string, cookie: string, agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`GET /api/live answered ${response.statusCode}`));
        response.resume();
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

const server = await startAppServer({ environment: { SEED_DEMO: 'false', LOG_LEVEL: 'warn' } });
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const streams: http.ClientRequest[] = [];
try {
  const cookie = await signIn(server.baseUrl);
  // Warm up: the first streams load the code paths; then measure from a settled process.
  for (let index = 0; index < 20; index += 1) (await openStream(server.baseUrl, cookie, agent)).destroy();
  await sleep(2_000);
  const before = await residentBytes(server.process.pid!);
  for (let index = 0; index < CONNECTIONS; index += 50) {
    const batch = Math.min(50, CONNECTIONS - index);
    streams.push(
      ...(await Promise.all(Array.from({ length: batch }, () => openStream(server.baseUrl, cookie, agent)))),
    );
  }
  await sleep(3_000);
  const after = await residentBytes(server.process.pid!);
  const growth = after - before;
  console.log(
    `live: ${CONNECTIONS} idle streams on one process: RSS ${(before / MB).toFixed(1)} → ${(after / MB).toFixed(1)} MB, ` +
      `growth ${(growth / MB).toFixed(1)} MB (${(growth / CONNECTIONS / 1024).toFixed(1)} KB per connection; budget ${BUDGET_BYTES / MB} MB)`,
  );
  if (growth > (BUDGET_BYTES * CONNECTIONS) / 2_000) process.exitCode = 1;
} finally {
  for (const stream of streams) stream.destroy();
  await server.stop();
}
