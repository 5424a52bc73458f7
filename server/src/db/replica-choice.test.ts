import { describe, expect, it } from 'vitest';
import { chooseReplica, conditionOf, parseLsn, replicationLagMs, type ReplicaStatus } from './replica-choice';

const NOW = 1_000_000;
const limits = { maxLagMs: 5_000, staleAfterMs: 5_000, now: NOW };

function replica(overrides: Partial<ReplicaStatus> = {}): ReplicaStatus {
  return { isStandby: true, replayLsn: 100n, lagMs: 0, checkedAt: NOW - 500, ...overrides };
}

describe('parseLsn', () => {
  it('reads both hex halves of a WAL position, and nothing else', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn('')).toBeUndefined();
    expect(parseLsn('0/')).toBeUndefined();
    expect(parseLsn('12345')).toBeUndefined();
  });
});

describe('replicationLagMs', () => {
  const samples = [
    { at: NOW - 4_000, lsn: 100n },
    { at: NOW - 3_000, lsn: 200n },
    { at: NOW - 2_000, lsn: 300n },
    { at: NOW - 1_000, lsn: 300n },
  ];

  it('is 0 for a replica that has replayed the newest position, however long the primary has been idle', () => {
    expect(replicationLagMs(samples, 300n, NOW)).toBe(0);
    expect(replicationLagMs([{ at: NOW - 60_000, lsn: 300n }], 300n, NOW)).toBe(0);
  });

  it('counts from when the primary was first seen past what the replica replayed', () => {
    expect(replicationLagMs(samples, 250n, NOW)).toBe(2_000);
    expect(replicationLagMs(samples, 100n, NOW)).toBe(3_000);
    expect(replicationLagMs(samples, 50n, NOW)).toBe(4_000);
  });
});

describe('chooseReplica', () => {
  it('reads from a usable replica, taking turns among several', () => {
    const statuses = [replica(), replica(), replica()];
    const chosen = [0, 1, 2, 3].map((turn) => chooseReplica(statuses, { ...limits, turn }));
    expect(chosen).toEqual([0, 1, 2, 0]);
  });

  it('skips a replica that lags beyond the limit, and reads the primary when none is left', () => {
    const statuses = [replica({ lagMs: 5_001 }), replica({ lagMs: 4_999 })];
    expect(conditionOf(statuses[0]!, limits)).toBe('lagging');
    expect(chooseReplica(statuses, { ...limits, turn: 0 })).toBe(1);
    expect(chooseReplica(statuses, { ...limits, turn: 1 })).toBe(1);
    expect(chooseReplica([replica({ lagMs: 6_000 })], { ...limits, turn: 0 })).toBeUndefined();
  });

  it('skips a replica that is down, is no standby any more, or has not answered a check lately', () => {
    const down = replica({ isStandby: false });
    const silent = replica({ checkedAt: NOW - 5_001 });
    expect(conditionOf(down, limits)).toBe('down');
    expect(conditionOf(silent, limits)).toBe('down');
    expect(chooseReplica([down, silent], { ...limits, turn: 0 })).toBeUndefined();
    expect(chooseReplica([down, silent, replica()], { ...limits, turn: 0 })).toBe(2);
  });

  it('sends a person who wrote to a replica only once it has replayed their write (read-your-writes)', () => {
    const statuses = [replica({ replayLsn: 100n }), replica({ replayLsn: 200n })];
    expect(chooseReplica(statuses, { ...limits, turn: 0, requiredLsn: 150n })).toBe(1);
    expect(chooseReplica(statuses, { ...limits, turn: 1, requiredLsn: 150n })).toBe(1);
    expect(chooseReplica(statuses, { ...limits, turn: 0, requiredLsn: 200n })).toBe(1);
    expect(chooseReplica(statuses, { ...limits, turn: 0, requiredLsn: 201n })).toBeUndefined();
    expect(chooseReplica(statuses, { ...limits, turn: 0, requiredLsn: 100n })).toBe(0);
  });
});
