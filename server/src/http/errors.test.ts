import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A bare app whose one route fails with `error`, answered by the app's error handling. */
async function answerTo(error: Error) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/fail', () => {
    throw error;
  });
  const response = await app.inject('/fail');
  await app.close();
  return { status: response.statusCode, body: response.json<{ error: { code: string } }>() };
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

describe('a full disk', () => {
  it.each(['ENOSPC', 'EDQUOT'])('answers 507 storage_full for %s', async (code) => {
    const { status, body } = await answerTo(withCode(`${code}: no space left on device, write`, code));
    expect(status).toBe(507);
    expect(body.error.code).toBe('storage_full');
  });
});
