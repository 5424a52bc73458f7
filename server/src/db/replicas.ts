import type pg from 'pg';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, isTransactionConflict } from '../http/errors';
import { databaseOver, openPool, type Database } from './database';
import {
  chooseReplica,
  conditionOf,
  parseLsn,
  replicationLagMs,
  type ReplicaCondition,
  type ReplicaStatus,
  type WalSample,
} from './replica-choice';

/** How often each replica (and the primary's WAL position) is checked. */
const CHECK_INTERVAL_MS = 1_000;
/** A replica that cannot be reached is given up on quickly: the primary is there. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/** Read replicas of the primary for public reads (decision 0023). */
export interface ReplicaSet {
  /**
   * The database of a usable replica that has replayed `requiredLsn` (the reader's last
   * write), or undefined: read the primary.
   */
  choose(requiredLsn?: bigint): Database | undefined;
  /** The primary's WAL position now: after a write's commit, a position that includes it. */
  primaryLsn(): Promise<bigint>;
  /** Stops the checks and closes the replicas' pools. */
  close(): Promise<void>;
}

interface Replica {
  /** host:port/database, never the password. */
  name: string;
  pool: pg.Pool;
  db: Database;
  status: ReplicaStatus;
  /** The condition last logged, so that a change is logged once. */
  loggedCondition?: ReplicaCondition;
}

const NEVER_CHECKED: ReplicaStatus = { isStandby: false, replayLsn: 0n, lagMs: 0, checkedAt: 0 };

/** A statement a replica could not answer but the primary can: it is down, or replay cancelled it. */
function isReplicaFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isTransactionConflict(error);
}

/**
 * What a replica's Drizzle runs statements through: the replica's pool, and the primary's for
 * a statement the replica fails (down, gone mid-request, cancelled by a conflict with
 * recovery), so that a replica's fault never reaches the person reading. Drizzle calls only
 * query() on it, and connect() for a transaction (it tells a pool by its class name), which
 * goes to the primary.
 */
class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  async query(query: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.replica.query(query, values);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.onFailure(error);
      return this.primary.query(query, values);
    }
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

function nameOf(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
}

export function openReplicas({
  urls,
  primary,
  poolSize,
  maxLagMs,
  logger,
}: {
  urls: readonly string[];
  primary: pg.Pool;
  poolSize: number;
  maxLagMs: number;
  logger: Logger;
}): ReplicaSet {
  const staleAfterMs = Math.max(maxLagMs, 3 * CHECK_INTERVAL_MS);
  // Enough of the primary's past positions to tell any lag up to the limit (and past it).
  const samplesKeptMs = maxLagMs + 2 * CHECK_INTERVAL_MS;
  let samples: WalSample[] = [];
  let turn = 0;

  function logChange(replica: Replica, reason?: string) {
    const condition = conditionOf(replica.status, { maxLagMs, staleAfterMs, now: Date.now() });
    if (condition === replica.loggedCondition) return;
    replica.loggedCondition = condition;
    const details = { replica: replica.name, lagMs: replica.status.lagMs, reason };
    if (condition === 'usable') logger.info(details, 'read replica in use');
    else if (condition === 'lagging')
      logger.warn(details, 'read replica skipped: too far behind the primary');
    else logger.warn(details, 'read replica skipped: down');
  }

  function markDown(replica: Replica, error: unknown) {
    replica.status = { ...replica.status, isStandby: false };
    logChange(replica, error instanceof Error ? error.message : String(error));
  }

  const replicas: Replica[] = urls.map((url) => {
    const name = nameOf(url);
    const pool = openPool(
      url,
      { size: poolSize, applicationName: 'bazaar-replica', connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS },
      logger.child({ replica: name }),
    );
    const replica: Replica = {
      name,
      pool,
      status: NEVER_CHECKED,
      // Drizzle needs only what ReplicaFallbackPool has (see there).
      db: databaseOver(
        new ReplicaFallbackPool(pool, primary, (error) => markDown(replica, error)) as unknown as pg.Pool,
      ),
    };
    return replica;
  });

  async function primaryLsn(): Promise<bigint> {
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const lsn = parseLsn(rows[0]?.lsn ?? '');
    if (lsn === undefined) throw new Error(`unexpected WAL position from the primary: ${rows[0]?.lsn}`);
    return lsn;
  }

  async function checkReplica(replica: Replica) {
    try {
      const { rows } = await replica.pool.query<{ is_standby: boolean; replay_lsn: string | null }>(
        'select pg_is_in_recovery() as is_standby, pg_last_wal_replay_lsn()::text as replay_lsn',
      );
      const replayLsn = parseLsn(rows[0]?.replay_lsn ?? '');
      const now = Date.now();
      replica.status =
        rows[0]?.is_standby && replayLsn !== undefined
          ? { isStandby: true, replayLsn, lagMs: replicationLagMs(samples, replayLsn, now), checkedAt: now }
          : { ...NEVER_CHECKED, checkedAt: now };
      logChange(replica, replica.status.isStandby ? undefined : 'not a standby (not in recovery)');
    } catch (error) {
      markDown(replica, error);
    }
  }

  async function check() {
    const at = Date.now();
    // The primary first: a replica that has replayed this position is not behind.
    try {
      samples.push({ at, lsn: await primaryLsn() });
    } catch {
      // The primary's outage shows in its own requests; the replicas are judged by the last samples.
    }
    samples = samples.filter((sample) => sample.at >= at - samplesKeptMs);
    await Promise.all(replicas.map(checkReplica));
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isClosed = false;
  function scheduleCheck(delayMs: number) {
    timer = setTimeout(() => {
      running = check().finally(() => {
        if (!isClosed) scheduleCheck(CHECK_INTERVAL_MS);
      });
    }, delayMs);
    timer.unref();
  }
  scheduleCheck(0);

  return {
    choose(requiredLsn) {
      turn = (turn + 1) % Number.MAX_SAFE_INTEGER;
      const index = chooseReplica(
        replicas.map((replica) => replica.status),
        { maxLagMs, staleAfterMs, now: Date.now(), requiredLsn, turn },
      );
      return index === undefined ? undefined : replicas[index]?.db;
    },
    primaryLsn,
    async close() {
      isClosed = true;
      clearTimeout(timer);
      await running;
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}
