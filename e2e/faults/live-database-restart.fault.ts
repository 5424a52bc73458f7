import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { createSeller, headersFor, startApp, startDatabaseServer, withClient } from './support';

/** The channel `publishLive` notifies on (server/src/live/live-hub.ts). */
const LIVE_CHANNEL = 'bazaar_live';

/** The events a `GET /api/live` stream has brought so far, as `type data` lines. */
async function openLiveStream(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: string[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
        if (type) events.push(`${type} ${data}`);
      }
    }
  })().catch(() => undefined);
  return {
    events,
    async waitFor(event: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (!events.includes(event)) {
        if (Date.now() > deadline)
          throw new Error(`no "${event}" within ${timeoutMs} ms: ${events.join(' | ')}`);
        await sleep(100);
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

it('resumes live delivery by itself after PostgreSQL restarts, and tells open tabs to resync', async () => {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const app = await startApp({ databaseUrl });
  const seller = await createSeller(app);
  const stream = await openLiveStream(app.baseUrl, headersFor(app, seller.cookie));
  const publish = (notificationId: string) =>
    withClient(databaseUrl, (client) =>
      client.query('select pg_notify($1, $2)', [
        LIVE_CHANNEL,
        JSON.stringify({ user_ids: [seller.id], type: 'notification', data: { notificationId } }),
      ]),
    );
  try {
    await publish('before');
    await stream.waitFor('notification {"notificationId":"before"}', 5_000);

    const stoppedAt = Date.now();
    await database.stop();
    await sleep(3_000);
    await database.start();
    // The listener reconnects with backoff (at most 10 s between tries) and asks for a resync.
    await stream.waitFor('resync {}', 30_000);
    const resumedMs = Date.now() - stoppedAt;
    await publish('after');
    await stream.waitFor('notification {"notificationId":"after"}', 5_000);
    console.info(`live after a database restart: stream kept open, resync ${resumedMs} ms after the stop`);
    expect(app.process.exitCode).toBeNull();
  } finally {
    await stream.close();
  }
});
