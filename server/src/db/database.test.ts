import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('openDatabase', () => {
  it('logs a lost idle connection by its reason, without the client pg-pool hangs on the error', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const { pool } = openDatabase('postgres://nobody@127.0.0.1:1/none', 1, logger);

    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { password: 'secret' }, queryQueue: [] },
    });
    pool.emit('error', lost);
    await pool.end();

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      msg: 'idle database connection lost',
      reason: 'terminating connection due to administrator command',
      code: '57P01',
    });
    expect(lines[0]).not.toContain('secret');
  });
});
