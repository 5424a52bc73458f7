import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import {
  call,
  createSeller,
  databaseConnections,
  editProfile,
  givePlan,
  headersFor,
  postAd,
  processUsage,
  signIn,
  startApp,
  startDatabaseServer,
} from './support';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE_PER_SECOND = Number(process.env.SOAK_RATE ?? 20);
const POOL_SIZE = 10;
// At least twenty samples, however short the run.
const SAMPLE_EVERY_MS = Math.min(5_000, SOAK_SECONDS * 50);

type App = Awaited<ReturnType<typeof startApp>>;
type Seller = Awaited<ReturnType<typeof createSeller>>;

/** One "slot" per request of a cycle: mostly reading, some signing in and writing. */
function requestMix(app: App, seller: Seller, adIds: () => string[]) {
  const pick = () => adIds()[Math.floor(Math.random() * adIds().length)]!;
  const searches = ['bike', 'sofa', 'camera', 'noise', 'fault', 'soak'];
  const kinds: [string, (step: number) => Promise<Response>][] = [
    ['browse', () => call(app, '/api/ads')],
    ['browse', () => call(app, '/api/ads?sort=price-low&limit=24')],
    ['browse', () => call(app, '/api/ads/featured')],
    ['browse', () => call(app, '/api/categories')],
    ['search', (step) => call(app, `/api/ads?q=${searches[step % searches.length]}`)],
    ['search', () => call(app, '/api/ads?category=electronics&minPrice=1&maxPrice=500')],
    ['ad page', () => call(app, `/api/ads/${pick()}`)],
    ['ad page', () => call(app, `/ad/${pick()}`)],
    ['account', () => call(app, '/api/me', { headers: headersFor(app, seller.cookie) })],
    ['sign-in', () => signIn(app, seller.email)],
    ['post', (step) => postAd(app, seller.cookie, `Soak ad ${step}`)],
    ['profile edit', (step) => editProfile(app, seller.cookie, `Soak seller ${step}`)],
  ];
  // Per cycle of 20: 8 browse, 4 search, 4 ad page, 2 account/sign-in, 1 post, 1 profile edit.
  const cycle = [0, 1, 2, 3, 0, 1, 2, 0, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 10, 11];
  return (step: number) => kinds[cycle[step % cycle.length]!]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

it(`serves ${RATE_PER_SECOND} requests a second for ${SOAK_SECONDS} s without errors, leaks or excess connections`, async () => {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const app = await startApp({ databaseUrl, environment: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
  const seller = await createSeller(app);
  await givePlan(databaseUrl, [seller.id], 100_000);
  const adIds: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const response = await postAd(app, seller.cookie, `Soak seed ${index}`);
    expect(response.status).toBe(201);
    adIds.push(((await response.json()) as { id: string }).id);
  }
  const next = requestMix(app, seller, () => adIds);

  const served = new Map<string, number>();
  const failures: string[] = [];
  const latencies: number[] = [];
  const samples: { at: number; rss: number; fds: number; fileFds: number; connections: number }[] = [];
  const pid = app.process.pid!;
  const startedAt = Date.now();
  const endsAt = startedAt + SOAK_SECONDS * 1_000;

  const sampler = (async () => {
    while (Date.now() < endsAt) {
      const [usage, connections] = await Promise.all([processUsage(pid), databaseConnections(databaseUrl)]);
      samples.push({ at: Date.now() - startedAt, ...usage, connections });
      await sleep(SAMPLE_EVERY_MS);
    }
  })();

  // An open loop: requests go out on schedule whether or not earlier ones have answered.
  const inFlight = new Set<Promise<void>>();
  const interval = 1_000 / RATE_PER_SECOND;
  for (let step = 0; ; step += 1) {
    const due = startedAt + step * interval;
    if (due >= endsAt) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    const [kind, send] = next(step);
    const sentAt = Date.now();
    const request = send(step)
      .then(async (response) => {
        latencies.push(Date.now() - sentAt);
        if (kind === 'post' && response.status === 201)
          adIds.push(((await response.json()) as { id: string }).id);
        else await response.arrayBuffer();
        if (response.status >= 400) failures.push(`${kind}: ${response.status}`);
        else served.set(kind, (served.get(kind) ?? 0) + 1);
      })
      .catch((error: Error) => {
        failures.push(`${kind}: ${error.message}`);
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  await sampler;

  const total = [...served.values()].reduce((sum, count) => sum + count, 0);
  // Memory and handles, warmed up (after the first fifth) against the last fifth.
  const warm = samples.filter((sample) => sample.at >= SOAK_SECONDS * 200 && sample.at < SOAK_SECONDS * 400);
  const last = samples.filter((sample) => sample.at >= SOAK_SECONDS * 800);
  const [warmRss, lastRss] = [median(warm.map((s) => s.rss)), median(last.map((s) => s.rss))];
  const [warmFds, lastFds] = [Math.max(...warm.map((s) => s.fds)), Math.max(...last.map((s) => s.fds))];
  const [warmFiles, lastFiles] = [
    Math.max(...warm.map((s) => s.fileFds)),
    Math.max(...last.map((s) => s.fileFds)),
  ];
  const maxConnections = Math.max(...samples.map((s) => s.connections));
  console.info(
    [
      `soak: ${SOAK_SECONDS} s at ${RATE_PER_SECOND}/s: ${total} requests served, ${failures.length} failed`,
      `  by kind: ${JSON.stringify(Object.fromEntries(served))}`,
      `  latency p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`,
      `  RSS warmed-up median ${mb(warmRss)} → last-fifth median ${mb(lastRss)} (peak ${mb(Math.max(...samples.map((s) => s.rss)))})`,
      `  file descriptors ${warmFds} → ${lastFds} (not sockets: ${warmFiles} → ${lastFiles}); database connections at most ${maxConnections} (pool ${POOL_SIZE})`,
      `  ${samples.length} samples; ${adIds.length} ads in the end`,
    ].join('\n'),
  );
  expect(failures.slice(0, 20)).toEqual([]);
  expect(warm.length).toBeGreaterThan(0);
  expect(last.length).toBeGreaterThan(0);
  expect(lastRss).toBeLessThan(warmRss * 1.25 + 16 * 1024 * 1024);
  // Sockets come and go with the clients; files and pipes must not pile up.
  expect(lastFiles).toBeLessThanOrEqual(warmFiles + 2);
  expect(maxConnections).toBeLessThanOrEqual(POOL_SIZE);
});
