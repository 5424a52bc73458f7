import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { call, createSeller, givePlan, headersFor, postAd, startApp, startDatabaseServer } from './support';

/** How long a request may take while the database is down: an answer, not a hang. */
const ANSWER_WITHIN_MS = 12_000;

it('answers 503 while PostgreSQL is down, says so on /api/ready, and recovers by itself', async () => {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const app = await startApp({ databaseUrl });
  const seller = await createSeller(app);
  await givePlan(databaseUrl, [seller.id], 1_000);
  const posted = await postAd(app, seller.cookie, 'Before the outage');
  expect(posted.status).toBe(201);
  const adId = ((await posted.json()) as { id: string }).id;

  // Browse, an ad, the signed-in user, a write: what traffic looks like.
  const requests = [
    () => call(app, '/api/ads', {}, ANSWER_WITHIN_MS),
    () => call(app, `/api/ads/${adId}`, {}, ANSWER_WITHIN_MS),
    () => call(app, '/api/me', { headers: headersFor(app, seller.cookie) }, ANSWER_WITHIN_MS),
    () =>
      call(
        app,
        '/api/profile',
        {
          method: 'PATCH',
          headers: { ...headersFor(app, seller.cookie), 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'During the outage' }),
        },
        ANSWER_WITHIN_MS,
      ),
    () => postAd(app, seller.cookie, 'During the outage'),
  ];
  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let phase: 'up' | 'down' | 'recovering' = 'up';
  let stopTraffic = false;
  // Checked at the end: an assertion inside the loop would fail outside the test.
  const problems: string[] = [];
  const traffic = (async () => {
    while (!stopTraffic) {
      for (const send of requests) {
        const startedAt = Date.now();
        const response = await send().catch((error: Error) => error);
        const status = response instanceof Error ? `error ${response.name}` : String(response.status);
        count(`${phase} ${status}`);
        if (response instanceof Response) {
          await response.arrayBuffer();
          if (response.status >= 400 && !response.headers.get('content-type')?.includes('application/json')) {
            problems.push(`${phase}: a ${response.status} that is not JSON`);
          }
        }
        const tookMs = Date.now() - startedAt;
        if (tookMs > ANSWER_WITHIN_MS) problems.push(`${phase}: ${status} took ${tookMs} ms`);
      }
      await sleep(50);
    }
  })();

  try {
    await sleep(1_000);
    phase = 'down';
    await database.stop();
    // While it is down: 503 for what needs the database, and /api/ready says why.
    await sleep(3_000);
    const ready = await call(app, '/api/ready', {}, ANSWER_WITHIN_MS);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect((await call(app, '/api/health')).status).toBe(200);
    const browse = await call(app, '/api/ads', {}, ANSWER_WITHIN_MS);
    expect(browse.status).toBe(503);
    expect(((await browse.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    await sleep(2_000);

    phase = 'recovering';
    await database.start();
    const deadline = Date.now() + 30_000;
    while ((await call(app, '/api/ready', {}, ANSWER_WITHIN_MS)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(250);
    }
    phase = 'up';
    await sleep(2_000);
  } finally {
    stopTraffic = true;
    await traffic;
  }

  expect(problems).toEqual([]);
  const summary = Object.fromEntries([...statuses].sort());
  console.info(`database restart: answers by phase ${JSON.stringify(summary)}`);
  // Never a 500 or a hang; while down only 503 for what needs the database; after, all well.
  for (const key of statuses.keys()) {
    expect(key, JSON.stringify(summary)).toMatch(/^(down|recovering) (503|200|201)$|^up (200|201)$/);
  }
  expect(statuses.get('up 200') ?? 0).toBeGreaterThan(0);
  expect(app.process.exitCode).toBeNull();
});
