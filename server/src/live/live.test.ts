import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, nextRemoteAddress, signIn, type TestSeller } from '../../test/factories';
import { listenLocally, openLiveStream, type LiveStream } from '../../test/live-stream';
import { linkOf, waitForMail } from '../../test/mail';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { LIVE_LISTENER_NAME, MAX_LIVE_STREAMS_PER_USER, publishLive } from './live-hub';

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

async function open(seller: Pick<TestSeller, 'cookie'>) {
  const stream = await openLiveStream(addressA, seller.cookie);
  streams.push(stream);
  return stream;
}

/** A request to process B, as a tab on the other side of the load balancer would make it. */
function callB(seller: Pick<TestSeller, 'cookie'>, method: 'POST' | 'DELETE', url: string, payload = {}) {
  return appB.app.inject({
    method,
    url,
    remoteAddress: nextRemoteAddress(),
    headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
    payload,
  });
}

/** Resolves once the server has told the stream its session ended and closed it. */
async function endsForItsSession(stream: LiveStream) {
  await stream.next('session_ended');
  await stream.ended;
}

/** Whether the stream still gets what is published for its user. */
async function stillReceives(stream: LiveStream, userId: string) {
  const notificationId = `still-${Math.random()}`;
  await publishLive(appB.database.db, { userIds: [userId], type: 'notification', data: { notificationId } });
  return (await stream.next('notification')).data;
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

describe('a stream lasts as long as the session that opened it', () => {
  it('ends when its session signs out (on another process), while the same user’s other sessions keep theirs', async () => {
    const person = await createSeller(appA.app);
    const laptop = await signIn(appA.app, { email: person.email, password: person.password });
    const [phoneTab, laptopTab] = [await open(person), await open(laptop)];

    expect((await callB(person, 'POST', '/api/auth/sign-out')).statusCode).toBe(200);

    await endsForItsSession(phoneTab);
    expect(await stillReceives(laptopTab, person.id)).toMatchObject({ notificationId: expect.any(String) });
    expect(laptopTab.received().map((event) => event.type)).not.toContain('session_ended');
  });

  it('ends when staff suspend the account', async () => {
    const person = await createSeller(appA.app);
    const moderator = await createSeller(appA.app);
    await appA.database.pool.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
    const stream = await open(person);

    const suspended = await callB(moderator, 'POST', `/api/admin/users/${person.id}/suspend`, {
      reason: 'Repeated scams',
    });
    expect(suspended.statusCode).toBe(200);

    await endsForItsSession(stream);
  });

  it('ends when the account is deleted', async () => {
    const person = await createSeller(appA.app);
    const stream = await open(person);

    expect((await callB(person, 'DELETE', '/api/me', { password: person.password })).statusCode).toBe(204);

    await endsForItsSession(stream);
  });

  it('ends when the password is reset, which ends every session of the account', async () => {
    const person = await createSeller(appA.app);
    const [first, second] = [await open(person), await open(person)];
    const asked = await callB({ cookie: '' }, 'POST', '/api/auth/request-password-reset', {
      email: person.email,
    });
    expect(asked.statusCode).toBe(200);
    const link = linkOf(await waitForMail(appB, person.email, 'Reset your Bazaar password'));

    const reset = await callB({ cookie: '' }, 'POST', '/api/auth/reset-password', {
      token: link.pathname.split('/').at(-1),
      newPassword: 'a-brand-new-secret',
    });
    expect(reset.statusCode).toBe(200);

    await Promise.all([endsForItsSession(first), endsForItsSession(second)]);
  });

  it('ends once its session has expired, at the next check of every stream’s session', async () => {
    const checking = await createTestApp({
      sharingDatabaseOf: appA,
      environment: { LIVE_SESSION_CHECK_SECONDS: '1' },
    });
    try {
      const address = await listenLocally(checking.app);
      const person = await createSeller(checking.app);
      const stream = await openLiveStream(address, person.cookie);
      streams.push(stream);
      await sleep(1_500);
      expect(await stillReceives(stream, person.id)).toBeDefined();

      await appA.database.pool.query(
        `update sessions set expires_at = now() - interval '1 second' where user_id = $1`,
        [person.id],
      );

      await endsForItsSession(stream);
    } finally {
      await checking.close();
    }
  });

  it(`keeps at most ${MAX_LIVE_STREAMS_PER_USER} streams per user: one more closes the oldest, which is told why`, async () => {
    const person = await createSeller(appA.app);
    const tabs: LiveStream[] = [];
    for (let index = 0; index < MAX_LIVE_STREAMS_PER_USER; index += 1) tabs.push(await open(person));

    const newest = await open(person);

    const [oldest, ...kept] = tabs;
    await oldest!.next('stream_replaced');
    await oldest!.ended;
    await publishLive(appB.database.db, {
      userIds: [person.id],
      type: 'notification',
      data: { notificationId: 'to-the-open-tabs' },
    });
    for (const tab of [...kept, newest]) {
      expect(await tab.next('notification')).toMatchObject({ data: { notificationId: 'to-the-open-tabs' } });
    }
    expect(oldest!.received().map((event) => event.type)).toEqual(['stream_replaced']);
  });
});
