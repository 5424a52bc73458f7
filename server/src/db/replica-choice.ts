/**
 * Which read replica may answer a public read (decision 0023): pure rules over what the
 * replicas' health checks last saw, so they are tested without a replica.
 */

/** Where PostgreSQL's write-ahead log stands: `16/B374D848`, the two hex halves of 64 bits. */
export function parseLsn(text: string): bigint | undefined {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** The primary's WAL position at one moment (milliseconds since the epoch). */
export interface WalSample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary a replica is that has replayed up to `replayLsn`: since when the
 * primary has been past that position, by its positions sampled oldest first. Nothing the
 * primary wrote is missing: 0, however long ago its last write was (unlike the time since the
 * last replayed transaction, which grows while the primary is idle). Behind every sample: at
 * least as old as the oldest.
 */
export function replicationLagMs(samples: readonly WalSample[], replayLsn: bigint, now: number): number {
  const firstAhead = samples.find((sample) => sample.lsn > replayLsn);
  return firstAhead ? Math.max(0, now - firstAhead.at) : 0;
}

/** What the last health check of a replica saw. */
export interface ReplicaStatus {
  /** It answered, as a standby (a server out of recovery is no replica of ours any more). */
  isStandby: boolean;
  /** The WAL position it has replayed up to. */
  replayLsn: bigint;
  lagMs: number;
  /** When it last answered a check; a check that hangs makes the replica unusable. */
  checkedAt: number;
}

export type ReplicaCondition = 'usable' | 'down' | 'lagging';

export function conditionOf(
  status: ReplicaStatus,
  { maxLagMs, staleAfterMs, now }: { maxLagMs: number; staleAfterMs: number; now: number },
): ReplicaCondition {
  if (!status.isStandby || now - status.checkedAt > staleAfterMs) return 'down';
  return status.lagMs > maxLagMs ? 'lagging' : 'usable';
}

/**
 * The replica to read from, taking turns among the usable ones that have replayed
 * `requiredLsn` (the reader's own last write), or undefined: read the primary.
 */
export function chooseReplica(
  statuses: readonly ReplicaStatus[],
  options: { maxLagMs: number; staleAfterMs: number; now: number; requiredLsn?: bigint; turn: number },
): number | undefined {
  const { requiredLsn } = options;
  const candidates = statuses.flatMap((status, index) =>
    conditionOf(status, options) === 'usable' &&
    (requiredLsn === undefined || status.replayLsn >= requiredLsn)
      ? [index]
      : [],
  );
  return candidates.length === 0 ? undefined : candidates[options.turn % candidates.length];
}
