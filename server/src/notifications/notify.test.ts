import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type TestSeller } from '../../test/factories';
import { listenLocally, openLiveStream, type LiveStream } from '../../test/live-stream';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notify } from './notify';

let testApp: TestApp;
let user: TestSeller;
let stream: LiveStream;

beforeAll(async () => {
  testApp = await createTestApp();
  user = await createSeller(testApp.app);
  stream = await openLiveStream(await listenLocally(testApp.app), user.cookie);
});
afterAll(async () => {
  stream.close();
  await testApp.close();
});

const rowsOf = async (userId: string) =>
  (
    await testApp.database.pool.query<{ id: string; kind: string; title: string; link: string | null }>(
      'select id, kind, title, link from notifications where user_id = $1 order by created_at, id',
      [userId],
    )
  ).rows;

describe('notify()', () => {
  it('writes the notification and tells the user’s open tabs when the transaction commits', async () => {
    const id = await testApp.database.db.transaction((tx) =>
      notify(tx, { userId: user.id, kind: 'ad_favorited', title: 'Someone liked “Bike”', link: '/ad/1' }),
    );
    expect(await rowsOf(user.id)).toEqual([
      { id, kind: 'ad_favorited', title: 'Someone liked “Bike”', link: '/ad/1' },
    ]);
    expect((await stream.next('notification')).data).toEqual({ notification_id: id });
  });

  it('writes and sends nothing when the transaction rolls back', async () => {
    const before = await rowsOf(user.id);
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await notify(tx, { userId: user.id, kind: 'payment_failed', title: 'Rolled back', link: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(user.id)).toEqual(before);
    await expect(stream.next('notification', 300)).rejects.toThrow(/no "notification" event/);
  });

  it('replaces an unread notification with the same coalesce key, and adds a new one once it is read', async () => {
    const send = (title: string) =>
      notify(testApp.database.db, {
        userId: user.id,
        kind: 'message',
        title,
        link: '/messages/x',
        coalesceKey: 'conversation:x',
      });
    const first = await send('New message from Ann');
    const second = await send('2 new messages from Ann');
    expect(second).toBe(first);
    const coalesced = (await rowsOf(user.id)).filter((row) => row.kind === 'message');
    expect(coalesced.map((row) => row.title)).toEqual(['2 new messages from Ann']);

    await testApp.database.pool.query('update notifications set read_at = now() where id = $1', [first]);
    const third = await send('New message from Ann');
    expect(third).not.toBe(first);
    expect((await rowsOf(user.id)).filter((row) => row.kind === 'message')).toHaveLength(2);
  });

  it('writes a notification with a once key only once, even after it is read', async () => {
    const send = () =>
      notify(testApp.database.db, {
        userId: user.id,
        kind: 'trial_ending',
        title: 'Your trial ends in 3 days',
        link: '/subscription',
        onceKey: 'trial_ending:2026-01-01',
      });
    expect(await send()).toEqual(expect.any(String));
    await testApp.database.pool.query('update notifications set read_at = now() where user_id = $1', [
      user.id,
    ]);
    expect(await send()).toBeNull();
    expect((await rowsOf(user.id)).filter((row) => row.kind === 'trial_ending')).toHaveLength(1);
  });

  it('keeps only site paths as links and cuts long titles', async () => {
    const id = await notify(testApp.database.db, {
      userId: user.id,
      kind: 'payment_confirmed',
      title: `  Paid ${'x'.repeat(400)}  `,
      link: 'https://evil.example/',
    });
    const row = (await rowsOf(user.id)).find((candidate) => candidate.id === id)!;
    expect(row.link).toBeNull();
    for (const link of [
      '//evil.example/',
      '/\\evil.example/',
      'javascript:alert(1)',
      '/a b',
      '/ok/../x?y=1',
    ]) {
      const other = await notify(testApp.database.db, {
        userId: user.id,
        kind: 'payment_confirmed',
        title: 'x',
        link,
      });
      const stored = (await rowsOf(user.id)).find((candidate) => candidate.id === other)!;
      expect({ link, stored: stored.link }).toEqual({ link, stored: link === '/ok/../x?y=1' ? link : null });
    }
    expect(row.title).toHaveLength(300);
    expect(row.title.endsWith('…')).toBe(true);
  });
});
