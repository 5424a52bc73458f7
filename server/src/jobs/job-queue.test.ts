import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createJobQueue, type JobHandler, type JobQueue } from './job-queue';

const logger = pino({ level: 'silent' });
let testApp: TestApp;
const opened: DatabaseHandle[] = [];
const started: JobQueue[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await Promise.all(started.map((queue) => queue.stop()));
  await Promise.all(opened.map((database) => database.pool.end()));
  await testApp.close();
});

/** A queue as another process would have it: its own pool on the same database. */
async function startQueue(
  workers: Record<string, JobHandler<{ n: number }>>,
  isWorking = false,
): Promise<JobQueue> {
  const database = openDatabase(testApp.config.DATABASE_URL!, 3, logger);
  opened.push(database);
  const queue = createJobQueue({ pool: database.pool, logger, isWorking });
  for (const [name, handler] of Object.entries(workers)) queue.work(name, handler);
  await queue.start();
  started.push(queue);
  return queue;
}

async function waitFor(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

describe('the job queue', () => {
  it('starts in several processes at once, each creating the same queues and schedules', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `together-${index}`);
    const startTogether = async () => {
      const database = openDatabase(testApp.config.DATABASE_URL!, 3, logger);
      opened.push(database);
      const queue = createJobQueue({ pool: database.pool, logger, isWorking: false });
      for (const name of names) queue.work(name, async () => {});
      queue.schedule(names[0]!, '0 8 * * *');
      started.push(queue);
      await queue.start();
    };
    await expect(Promise.all([startTogether(), startTogether(), startTogether()])).resolves.toBeDefined();
  });

  it('writes on a restart only the queues and schedules that are new or changed', async () => {
    const startWith = async (cron: string) => {
      const database = openDatabase(testApp.config.DATABASE_URL!, 3, logger);
      opened.push(database);
      const queue = createJobQueue({ pool: database.pool, logger, isWorking: false });
      queue.work('restarted', async () => {});
      queue.schedule('restarted', cron);
      started.push(queue);
      await queue.start();
    };
    const scheduleRow = async () =>
      (
        await testApp.database.pool.query<{ cron: string; timezone: string; updated_on: Date }>(
          `select cron, timezone, updated_on from pgboss.schedule where name = 'restarted'`,
        )
      ).rows[0]!;

    await startWith('0 8 * * *');
    const first = await scheduleRow();
    expect(first).toMatchObject({ cron: '0 8 * * *', timezone: 'UTC' });
    await startWith('0 8 * * *');
    expect(await scheduleRow()).toEqual(first);
    await startWith('30 9 * * *');
    const changed = await scheduleRow();
    expect(changed.cron).toBe('30 9 * * *');
    expect(changed.updated_on.getTime()).toBeGreaterThan(first.updated_on.getTime());
  });

  it('runs a queued job with its data once', async () => {
    const seen: number[] = [];
    const queue = await startQueue({ 'record-a': async ({ n }) => void seen.push(n) });
    await queue.send('record-a', { n: 1 });
    await queue.send('record-a', { n: 2 });
    expect(await queue.runQueuedJobs('record-a')).toBe(2);
    expect(await queue.runQueuedJobs('record-a')).toBe(0);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('keeps one waiting job per singletonKey, and queues a new one once it has run', async () => {
    const seen: number[] = [];
    const queue = await startQueue({ 'record-b': async ({ n }) => void seen.push(n) });
    expect(await queue.send('record-b', { n: 1 }, { singletonKey: 'conversation-1' })).toEqual(
      expect.any(String),
    );
    expect(await queue.send('record-b', { n: 2 }, { singletonKey: 'conversation-1' })).toBeNull();
    expect(await queue.send('record-b', { n: 3 }, { singletonKey: 'conversation-2' })).toEqual(
      expect.any(String),
    );
    await queue.runQueuedJobs('record-b');
    expect(await queue.send('record-b', { n: 4 }, { singletonKey: 'conversation-1' })).toEqual(
      expect.any(String),
    );
    await queue.runQueuedJobs('record-b');
    expect(seen.sort()).toEqual([1, 3, 4]);
  });

  it('holds a delayed job back until its time, unless asked to run it now', async () => {
    const seen: number[] = [];
    const queue = await startQueue({ 'record-c': async ({ n }) => void seen.push(n) });
    await queue.send('record-c', { n: 1 }, { startAfterSeconds: 600 });
    expect(await queue.runQueuedJobs('record-c')).toBe(0);
    expect(await queue.runQueuedJobs('record-c', { includeDelayed: true })).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('retries a job whose run failed', async () => {
    let attempts = 0;
    const queue = await startQueue({
      flaky: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the mail server is down');
      },
    });
    await queue.send('flaky', { n: 1 });
    await expect(queue.runQueuedJobs('flaky')).rejects.toThrow('the mail server is down');
    // The retry waits (backoff) before it is due again.
    expect(await queue.runQueuedJobs('flaky')).toBe(0);
    expect(await queue.runQueuedJobs('flaky', { includeDelayed: true })).toBe(1);
    expect(attempts).toBe(2);
  });

  it('queues a job inside a transaction: it exists if the transaction commits, and only then', async () => {
    const seen: number[] = [];
    const queue = await startQueue({ 'record-tx': async ({ n }) => void seen.push(n) });
    const { db } = testApp.database;
    await db.transaction(async (tx) => {
      await queue.send('record-tx', { n: 1 }, { executor: tx, singletonKey: 'same' });
      // In the transaction, it already holds its singleton key.
      expect(await queue.send('record-tx', { n: 2 }, { executor: tx, singletonKey: 'same' })).toBeNull();
    });
    await expect(
      db.transaction(async (tx) => {
        await queue.send('record-tx', { n: 3 }, { executor: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.runQueuedJobs('record-tx')).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('refuses to queue a job nobody works on', async () => {
    const queue = await startQueue({});
    await expect(queue.send('nobody', { n: 1 })).rejects.toThrow(/No worker/);
  });

  it('hands each job to exactly one of several working processes', async () => {
    const runs: number[] = [];
    const work = async ({ n }: { n: number }) => {
      await sleep(5);
      runs.push(n);
    };
    const first = await startQueue({ shared: work }, true);
    await startQueue({ shared: work }, true);
    for (let n = 0; n < 30; n += 1) await first.send('shared', { n });
    await waitFor(() => runs.length >= 30);
    await sleep(300);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('lets a job in progress finish before stopping', async () => {
    let hasStarted = false;
    let hasFinished = false;
    const queue = await startQueue(
      {
        slow: async () => {
          hasStarted = true;
          await sleep(300);
          hasFinished = true;
        },
      },
      true,
    );
    await queue.send('slow', { n: 1 });
    await waitFor(() => hasStarted);
    await queue.stop();
    expect(hasFinished).toBe(true);
  });

  it('once stopped, sends nothing more on its pool: a poll under way puts its jobs back', async () => {
    // A poll's answer held back until the queue is told to stop, as when the signal comes
    // while PostgreSQL answers it.
    const database = openDatabase(testApp.config.DATABASE_URL!, 3, logger);
    const { pool } = database;
    const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    let release!: () => void;
    const stopCalled = new Promise<void>((resolve) => (release = resolve));
    let isPollHeld = false;
    let hasStopped = false;
    const sentAfterStop: string[] = [];
    pool.query = (async (text: string, values?: unknown[]) => {
      if (hasStopped) sentAfterStop.push(text);
      const result = await query(text, values);
      if (/skip locked/i.test(text) && result.rows.length > 0) {
        isPollHeld = true;
        await stopCalled;
      }
      return result;
    }) as typeof pool.query;
    const ran: number[] = [];
    const queue = createJobQueue({ pool, logger, isWorking: true });
    queue.work<{ n: number }>('interrupted', async ({ n }) => {
      ran.push(n);
    });
    await queue.start();
    const id = await queue.send('interrupted', { n: 1 });
    await waitFor(() => isPollHeld);

    const stopped = queue.stop().then(() => (hasStopped = true));
    release();
    await stopped;
    await sleep(200);
    await pool.end();

    expect(ran).toEqual([]);
    expect(sentAfterStop).toEqual([]);
    const { rows } = await testApp.database.pool.query('select state from pgboss.job where id = $1', [id]);
    expect(rows).toEqual([{ state: 'retry' }]);
  });
});
