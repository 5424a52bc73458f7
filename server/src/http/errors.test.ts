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

describe('a full disk', () => {
  it.each(['ENOSPC', 'EDQUOT'])('answers 507 storage_full for %s', async (code) => {
    const { status, body } = await answerTo(withCode(`${code}: no space left on device, write`, code));
    expect(status).toBe(507);
    expect(body.error.code).toBe('storage_full');
  });
});
