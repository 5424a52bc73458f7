import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Executor } from '../db/database';
import { advisoryLocks, withAdvisoryLock } from '../db/migrate';
import { trackInFlight } from '../system/in-flight';

/** The queue's tables live in their own schema, beside ours (decision 0011). */
const JOB_SCHEMA = 'pgboss';
/** How long one run of a job may take before it counts as crashed and is retried. */
const JOB_TIMEOUT_SECONDS = 5 * 60;
/** How long a process's drain on shutdown waits for the jobs it is running. */
const DRAIN_TIMEOUT_MS = 20_000;
/** Jobs a worker (or `runQueuedJobs`) takes from the queue at a time; pg-boss polls every 2 s. */
const BATCH_SIZE = 10;

export interface SendOptions {
  /** Run no earlier than this many seconds from now (delayed e-mails, reminders). */
  startAfterSeconds?: number;
  /**
   * At most one job with this key waits in the queue: sending again while one waits does
   * nothing and returns null. Once it has started, the next send queues a new one (one
   * e-mail per burst of messages, say). Without a key, every send is a job of its own.
   */
  singletonKey?: string;
  /**
   * Queue the job in this open transaction: it exists only if the transaction commits, so
   * a change and the work it causes are never one without the other.
   */
  executor?: Executor;
}

/**
 * Does one job. It may run more than once (a process that crashes mid-job, a failure that
 * is retried, an overlapping schedule): make it idempotent, reading the current state from
 * the database rather than trusting `data`. Throwing fails this run; it is retried later.
 */
export type JobHandler<Data> = (data: Data) => Promise<void>;

/**
 * Background work on PostgreSQL (pg-boss): safe with several processes, each job taken by
 * one of them (FOR UPDATE SKIP LOCKED), retried with backoff when a run fails or its
 * process dies. Register workers and schedules while the app is built; they start with it.
 *
 *   jobs.work('message-email', async ({ conversationId }) => { ... });
 *   await jobs.send('message-email', { conversationId }, { startAfterSeconds: 600, singletonKey });
 *   jobs.schedule('demo-renewals', '* * * * *');
 *
 * Tests (where `JOB_WORKERS=false`, so nothing runs by itself) run what is queued with
 * `await app.jobs.runQueuedJobs(name)` — `{ includeDelayed: true }` also runs jobs whose
 * `startAfterSeconds` has not come yet.
 */
export interface JobQueue {
  work<Data extends object>(name: string, handler: JobHandler<Data>): void;
  /** Sends a job to `name` on this cron (UTC) — one job per tick across all processes. */
  schedule(name: string, cron: string): void;
  /** Queues a job; resolves to its id, or null when a job with its singletonKey already waits. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Runs the jobs of `name` that are due now in this process, until none is left; returns how many ran. */
  runQueuedJobs(name: string, options?: { includeDelayed?: boolean }): Promise<number>;
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits (up to 20 s) for the ones running here, then for the queue's
   * last statements: the pool can be ended once this resolves.
   */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  pool: pg.Pool;
  logger: Logger;
  /** Whether this process runs workers and fires schedules; when false it only queues jobs. */
  isWorking: boolean;
}

/** pg-boss runs its statements through the app's pool instead of opening one of its own. */
function poolExecutor(pool: pg.Pool): PgBoss.Db {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * The pool's executor, keeping count of the statements under way. pg-boss 10's `stop` leaves
 * some running: a poll already sent, which then hands its batch to the worker, and the record
 * of a batch's end (timgit/pg-boss#577, fixed in 11). The app ends the pool once the queue has
 * stopped, so `settle` waits for them and for the statements their answers lead to.
 */
function trackedPoolExecutor(pool: pg.Pool): { db: PgBoss.Db; settle: () => Promise<void> } {
  const { executeSql } = poolExecutor(pool);
  const inFlight = trackInFlight();
  return {
    db: { executeSql: (text, values) => inFlight.track(executeSql(text, values)) },
    settle: inFlight.settle,
  };
}

/**
 * pg-boss's statements run on the connection of a caller's open transaction. Drizzle keeps
 * that connection on the transaction's session (`session.client`, a node-postgres client);
 * it is reached directly because pg-boss's SQL reuses its placeholders ($5 three times), which
 * a Drizzle `sql` template cannot express. The job-queue test proves the job commits and
 * rolls back with the transaction.
 */
function transactionExecutor(executor: Executor): PgBoss.Db {
  const client = (executor as unknown as { session?: { client?: Pick<pg.PoolClient, 'query'> } }).session
    ?.client;
  if (typeof client?.query !== 'function') throw new Error('No database connection to queue the job on');
  return { executeSql: (text, values) => client.query(text, values) };
}

const bossSettings = {
  schema: JOB_SCHEMA,
  // Our own migrations install and upgrade the queue's tables (installJobQueueSchema).
  migrate: false,
  expireInSeconds: JOB_TIMEOUT_SECONDS,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
} satisfies PgBoss.ConstructorOptions;

/**
 * Creates or upgrades the queue's tables; run with the migrations, under their lock, so that
 * processes starting together do not race and test databases cloned from a template have them.
 */
export async function installJobQueueSchema(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({
    ...bossSettings,
    db: poolExecutor(pool),
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export function createJobQueue({ pool, logger, isWorking }: JobQueueOptions): JobQueue {
  const executor = trackedPoolExecutor(pool);
  const boss = new PgBoss({
    ...bossSettings,
    db: executor.db,
    // Maintenance (expiring crashed runs, archiving) and the cron clock run in working
    // processes only; pg-boss elects one of them for each round.
    supervise: isWorking,
    schedule: isWorking,
  });
  // Without a listener an EventEmitter's 'error' would crash the process; these are
  // failed polls (a database restart, say), which pg-boss retries by itself.
  boss.on('error', (error) => logger.warn({ reason: error.message }, 'job queue error'));

  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, string>();
  let started = false;
  let isStopping = false;

  const runJob = async (name: string, job: PgBoss.Job<object>) => {
    try {
      await handlers.get(name)!(job.data);
    } catch (error) {
      logger.error({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
      throw error;
    }
  };

  const queueNamed = (name: string) => {
    if (!handlers.has(name)) throw new Error(`No worker is registered for the job queue "${name}"`);
  };

  return {
    work(name, handler) {
      if (started) throw new Error(`Register the worker for "${name}" before the app starts`);
      if (handlers.has(name)) throw new Error(`A worker for "${name}" is already registered`);
      handlers.set(name, handler as JobHandler<object>);
    },
    schedule(name, cron) {
      if (started) throw new Error(`Register the schedule of "${name}" before the app starts`);
      schedules.set(name, cron);
    },
    async send(name, data, options = {}) {
      queueNamed(name);
      return boss.send(name, data, {
        startAfter: options.startAfterSeconds,
        // The queues keep at most one waiting job per key ('short' policy); a job without a
        // key gets a key of its own, so that it never stands in for another.
        singletonKey: options.singletonKey ?? randomUUID(),
        ...(options.executor ? { db: transactionExecutor(options.executor) } : {}),
      });
    },
    async runQueuedJobs(name, { includeDelayed = false } = {}) {
      queueNamed(name);
      let ran = 0;
      for (;;) {
        const jobs = await boss.fetch<object>(name, {
          batchSize: BATCH_SIZE,
          ignoreStartAfter: includeDelayed,
        });
        if (jobs.length === 0) return ran;
        for (const job of jobs) {
          try {
            await runJob(name, job);
          } catch (error) {
            await boss.fail(name, job.id, { message: String(error) });
            throw error;
          }
          await boss.complete(name, job.id);
          ran += 1;
        }
      }
    },
    async start() {
      started = true;
      await boss.start();
      // Processes starting together deadlocked creating the same queues (each makes a
      // table partition); one at a time, the later ones find them made.
      // Only what is missing or changed: each is a round trip (of a start's few hundred ms).
      await withAdvisoryLock(pool, advisoryLocks.jobQueues, async () => {
        const queues = new Set((await boss.getQueues()).map((queue) => queue.name));
        for (const name of handlers.keys()) {
          if (!queues.has(name)) await boss.createQueue(name, { name, policy: 'short' });
        }
        const scheduled = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
        for (const [name, cron] of schedules) {
          if (!handlers.has(name)) throw new Error(`The schedule "${name}" has no worker`);
          const current = scheduled.get(name);
          if (current?.cron !== cron || current.options?.tz !== 'UTC') {
            await boss.schedule(name, cron, {}, { tz: 'UTC' });
          }
        }
      });
      if (!isWorking) return;
      for (const name of handlers.keys()) {
        // pg-boss completes the whole batch when this resolves; a job that failed is marked
        // failed (to be retried) first, which the completion then leaves alone.
        await boss.work<object>(name, { batchSize: BATCH_SIZE }, async (jobs) => {
          // A poll that was under way when the queue stopped: failing the batch puts it back
          // (it counts as one try), where a run now could outlast the pool.
          if (isStopping) throw new Error('The process stopped before running these jobs');
          for (const job of jobs) {
            await runJob(name, job).catch((error: unknown) =>
              boss.fail(name, job.id, { message: String(error) }),
            );
          }
        });
      }
    },
    async stop() {
      if (!started) return;
      isStopping = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: DRAIN_TIMEOUT_MS });
      await executor.settle();
    },
  };
}
