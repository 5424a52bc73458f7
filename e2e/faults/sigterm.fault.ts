import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import {
  adForm,
  call,
  createSeller,
  givePlan,
  headersFor,
  startApp,
  startDatabaseServer,
  warningsOf,
  withClient,
} from './support';

const SLOW_POSTS = 8;
const SEND_OVER_MS = 1_500;
/** The app logs each request's start (untilReceived). */
const LOGS_REQUESTS = { LOG_LEVEL: 'info' };

/** Posts an ad whose body trickles in over SEND_OVER_MS once connected, so that it is in flight for a while. */
async function slowPost(app: Awaited<ReturnType<typeof startApp>>, cookie: string, title: string) {
  const form = new Response(adForm(title, 2));
  const body = new Uint8Array(await form.arrayBuffer());
  const chunks = 10;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent > 0) await sleep(SEND_OVER_MS / chunks);
        controller.enqueue(body.subarray((sent * body.length) / chunks, ((sent + 1) * body.length) / chunks));
        sent += 1;
        if (sent === chunks) controller.close();
      },
    },
    // Nothing is read ahead: a chunk is made only when the client asks for it.
    { highWaterMark: 0 },
  );
  return call(app, '/api/ads', {
    method: 'POST',
    headers: { ...headersFor(app, cookie), 'content-type': form.headers.get('content-type')! },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

/**
 * Resolves once the app has logged, after `since` characters of its output, the start of
 * `count` requests to `method path` (at the info level): they are in its hands, not still in
 * the client's or the kernel's.
 */
async function untilReceived(
  app: Awaited<ReturnType<typeof startApp>>,
  since: number,
  method: string,
  path: string,
  count: number,
) {
  const started = `"req":{"method":"${method}","url":"${path}",`;
  const deadline = Date.now() + 20_000;
  while (app.output().slice(since).split(started).length - 1 < count) {
    if (Date.now() > deadline) throw new Error(`The app did not receive ${count} ${method} ${path} in 20 s`);
    await sleep(20);
  }
}

/**
 * Sends uploads and reads, stops the app with `stop` while they are in flight, and checks
 * that every one of them succeeded, the process exited 0 and every post was saved.
 */
async function expectDrained(
  app: Awaited<ReturnType<typeof startApp>>,
  sellers: { cookie: string }[],
  stop: () => void,
) {
  const seller = sellers[0]!;
  // Keep-alive connections that sit idle when the signal comes.
  for (let index = 0; index < 4; index += 1) expect((await call(app, '/api/ads')).status).toBe(200);

  const since = app.output().length;
  const titles = Array.from(
    { length: SLOW_POSTS },
    (_, index) => `In flight at the signal ${index} ${Date.now()}`,
  );
  const posts = titles.map((title, index) => slowPost(app, sellers[index % sellers.length]!.cookie, title));
  const reads = Array.from({ length: 6 }, () =>
    call(app, '/api/me', { headers: headersFor(app, seller.cookie) }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    }),
  );
  // On a busy machine a request can reach the app long after the client sent it: signal once
  // the app has every request (a connection it has not accepted by then is refused or reset).
  await untilReceived(app, since, 'POST', '/api/ads', SLOW_POSTS);
  await untilReceived(app, since, 'GET', '/api/me', reads.length);
  stop();
  const signalledAt = Date.now();

  const outcomes = await Promise.all(
    posts.map((post) =>
      post.then(
        (response) => response.status,
        (error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`,
      ),
    ),
  );
  expect(outcomes).toEqual(titles.map(() => 201));
  expect(await Promise.all(reads)).toEqual(reads.map(() => 200));
  expect(await app.exited, warningsOf(app)).toBe(0);
  const drainedInMs = Date.now() - signalledAt;
  return { titles, reads: reads.length, drainedInMs };
}

it('drains the requests in flight on SIGTERM: none fails, and the process exits cleanly', async () => {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const app = await startApp({ databaseUrl, environment: LOGS_REQUESTS });
  const seller = await createSeller(app);
  await givePlan(databaseUrl, [seller.id], 100);

  const { titles, reads, drainedInMs } = await expectDrained(app, [seller], () =>
    app.process.kill('SIGTERM'),
  );
  // Every acknowledged post is saved with its media.
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select a.title, count(m.id)::int as media from advertisements a join ad_media m on m.ad_id = a.id
        where a.title = any($1) group by a.title`,
      [titles],
    );
    expect(rows).toHaveLength(SLOW_POSTS);
    for (const row of rows) expect(row.media).toBe(2);
  });
  console.info(
    `SIGTERM: ${SLOW_POSTS} uploads and ${reads} reads in flight, 0 failed; drained and exited 0 in ${drainedInMs} ms`,
  );
});

it('drains on Ctrl-C in a terminal too: the embedded PostgreSQL is not stopped under the requests', async () => {
  // `npm start`: the embedded database, and Ctrl-C signals the whole process group.
  const app = await startApp({ databaseUrl: '', detached: true, environment: LOGS_REQUESTS });
  // Trial sellers may post one ad each: one seller per upload.
  const sellers = await Promise.all(Array.from({ length: SLOW_POSTS }, () => createSeller(app)));
  const { reads, drainedInMs } = await expectDrained(app, sellers, () =>
    process.kill(-app.process.pid!, 'SIGINT'),
  );
  console.info(
    `Ctrl-C (SIGINT to the process group, embedded PostgreSQL): ${SLOW_POSTS} uploads and ${reads} reads in flight, 0 failed; exited 0 in ${drainedInMs} ms`,
  );
});
