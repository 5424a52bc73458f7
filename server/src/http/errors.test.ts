import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A bare app whose one route fails with `error`, answered by the app's error handling. */
async function answerTo(error: Error) {
  const logged: { level: number }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  registerErrorHandling(app);
  app.get('/fail', () => {
    throw error;
  });
  const response = await app.inject('/fail');
  await app.close();
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<{ error: { code: string } }>(),
    levels: logged.map((line) => line.level),
  };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database outages', () => {
  it.each([
    ['refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['shutdown', withCode('the database system is shutting down', '57P03')],
    ['terminated connection', withCode('terminating connection due to administrator command', '57P01')],
    ['Drizzle-wrapped', new Error('Failed query: select 1', { cause: withCode('refused', 'ECONNREFUSED') })],
    [
      'auth-library-wrapped, twice',
      new Error('Failed to get session', {
        cause: new Error('Failed query', { cause: withCode('shutting down', '57P03') }),
      }),
    ],
  ])('answers 503 for a %s, not a 500', async (_name, error) => {
    const { status, body } = await answerTo(error);
    expect(status).toBe(503);
    expect(body.error.code).toBe('service_unavailable');
  });

  it('still answers 500 for a failed query that is not an outage', async () => {
    const { status } = await answerTo(new Error('Failed query', { cause: withCode('syntax', '42601') }));
    expect(status).toBe(500);
  });
});

describe('transactions that lost to a concurrent one', () => {
  it.each([
    ['deadlock', withCode('deadlock detected', '40P01')],
    ['serialization failure', withCode('could not serialize access', '40001')],
    [
      'Drizzle-wrapped deadlock',
      new Error('Failed query: update', { cause: withCode('deadlock detected', '40P01') }),
    ],
  ])('answers a %s with 503 and Retry-After, for the client to send again', async (_name, error) => {
    const { status, headers, body, levels } = await answerTo(error);
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('1');
    expect(body.error.code).toBe('service_unavailable');
    expect(levels).toEqual([pino.levels.values.warn]);
  });
});

describe('a full disk', () => {
  it.each(['ENOSPC', 'EDQUOT'])('answers 507 storage_full for %s', async (code) => {
    const { status, body } = await answerTo(withCode(`${code}: no space left on device, write`, code));
    expect(status).toBe(507);
    expect(body.error.code).toBe('storage_full');
  });
});
