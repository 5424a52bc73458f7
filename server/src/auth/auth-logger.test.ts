import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRemoteAddress } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CLIENT_MISTAKES_LOGGED_PER_MINUTE, createAuthLogger } from './auth-logger';

interface LogLine {
  level: number;
  msg: string;
  notLoggedBefore?: number;
}
const WARN = 40;

function collectingLogger(level = 'info') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('refused auth requests in the log', () => {
  const { logger, lines } = collectingLogger();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ logger });
  });
  afterAll(() => testApp.close());

  it('go to warn, a few a minute, whatever a client sends', async () => {
    for (let attempt = 0; attempt < 3 * CLIENT_MISTAKES_LOGGED_PER_MINUTE; attempt += 1) {
      const callbackURL = `https://elsewhere.example/${'x'.repeat(5000)}/${attempt}`;
      const response = await testApp.app.inject({
        url: '/api/auth/verify-email',
        query: { token: 'whatever', callbackURL },
        remoteAddress: nextRemoteAddress(),
      });
      expect(response.statusCode).toBe(403);
    }
    const refusals = lines.filter((line) => line.msg.startsWith('Invalid callbackURL'));
    expect(refusals).toHaveLength(CLIENT_MISTAKES_LOGGED_PER_MINUTE);
    expect(refusals.every((line) => line.level === WARN && line.msg.length < 400)).toBe(true);
    expect(lines.filter((line) => line.level > WARN)).toEqual([]);
    expect(lines.some((line) => line.msg.includes('trustedOrigins'))).toBe(false);
  });
});

describe('createAuthLogger', () => {
  it('says how many refusals it left out once the next minute starts', () => {
    const { logger, lines } = collectingLogger('debug');
    let now = 0;
    const authLogger = createAuthLogger(logger, () => now);
    for (let count = 0; count < CLIENT_MISTAKES_LOGGED_PER_MINUTE + 5; count += 1) {
      authLogger.log('error', 'Invalid origin: https://elsewhere.example');
    }
    now = 60_000;
    authLogger.log('error', 'State not found');
    authLogger.log('error', 'Failed to validate authorization code');

    expect(lines.at(-2)).toMatchObject({ level: WARN, msg: 'State not found', notLoggedBefore: 5 });
    // What is not a client's mistake keeps its level.
    expect(lines.at(-1)).toMatchObject({ level: 50, msg: 'Failed to validate authorization code' });
  });
});
