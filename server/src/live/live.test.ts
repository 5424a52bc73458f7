import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type TestSeller } from '../../test/factories';
import { listenLocally, openLiveStream, type LiveStream } from '../../test/live-stream';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LIVE_LISTENER_NAME, publishLive } from './live-hub';

// Two app processes on one database, as behind a load balancer: the reader's tab is
// connected to A, the change is made through B.
let appA: TestApp;
let appB: TestApp;
let addressA: string;
let reader: TestSeller;
let bystander: TestSeller;
const streams: LiveStream[] = [];

beforeAll(async () => {
  appA = await createTestApp();
  appB = await createTestApp({ sharingDatabaseOf: appA });
  addressA = await listenLocally(appA.app);
  reader = await createSeller(appA.app);
  bystander = await createSeller(appA.app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await appB.close();
  await appA.close();
});

async function open(seller: TestSeller) {
  const stream = await openLiveStream(addressA, seller.cookie);
  streams.push(stream);
  return stream;
}

describe('GET /api/live', () => {
  it('refuses a visitor who is not signed in', async () => {
    const response = await appA.app.inject({ method: 'GET', url: '/api/live' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('delivers an event published through another process to the user’s open tabs, and only theirs', async () => {
    const [first, second, other] = [await open(reader), await open(reader), await open(bystander)];
    expect(first.statusCode).toBe(200);
    await publishLive(appB.database.db, {
      userIds: [reader.id],
      type: 'notification',
      data: { notificationId: 'n-1' },
    });
    expect(await first.next('notification')).toEqual({
      type: 'notification',
      data: { notificationId: 'n-1' },
    });
    expect(await second.next('notification')).toMatchObject({ data: { notificationId: 'n-1' } });
    await sleep(200);
    expect(other.received()).toEqual([]);
  });

  it('delivers on commit, and nothing from a transaction that rolls back', async () => {
    const stream = await open(reader);
    await appB.database.db
      .transaction(async (tx) => {
        await publishLive(tx, {
          userIds: [reader.id],
          type: 'notification',
          data: { notificationId: 'lost' },
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await appB.database.db.transaction(async (tx) => {
      await publishLive(tx, { userIds: [reader.id], type: 'notification', data: { notificationId: 'kept' } });
    });
    expect(await stream.next('notification')).toMatchObject({ data: { notificationId: 'kept' } });
    await sleep(200);
    expect(stream.received().map((event) => event.data)).toEqual([{ notificationId: 'kept' }]);
  });

  it('refuses an event too large for NOTIFY', async () => {
    await expect(
      publishLive(appB.database.db, {
        userIds: [reader.id],
        type: 'notification',
        data: { text: 'x'.repeat(8_000) },
      }),
    ).rejects.toThrow(/too large/);
  });

  it('resumes after the database ends its listening connection, and tells the tabs to resync', async () => {
    const stream = await open(reader);
    const { rows } = await appB.database.pool.query<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LIVE_LISTENER_NAME],
    );
    expect(rows).toEqual([{ terminated: true }, { terminated: true }]);
    await stream.next('resync', 10_000);
    await publishLive(appB.database.db, {
      userIds: [reader.id],
      type: 'notification',
      data: { notificationId: 'after-restart' },
    });
    expect(await stream.next('notification')).toMatchObject({ data: { notificationId: 'after-restart' } });
  });

  it('ends the open streams when the app shuts down, without waiting for them', async () => {
    const closing = await createTestApp({ sharingDatabaseOf: appA });
    const address = await listenLocally(closing.app);
    const seller = await createSeller(closing.app);
    const stream = await openLiveStream(address, seller.cookie);
    const startedAt = Date.now();
    await closing.close();
    await stream.ended;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
