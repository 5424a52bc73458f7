import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, nextRemoteAddress } from '../../test/factories';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../media/storage';
import { authRateLimits } from './auth';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const SIGN_IN_LIMIT = authRateLimits['/sign-in/email'].max;

function attemptSignIn(
  app: FastifyInstance,
  options: { remoteAddress: string; headers?: Record<string, string>; email?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: options.remoteAddress,
    headers: { origin: TEST_PUBLIC_URL, ...options.headers },
    payload: { email: options.email ?? 'someone@example.com', password: 'wrong-password' },
  });
}

/** A second app process on the same database, as after a restart or behind a load balancer. */
async function startSecondApp(): Promise<FastifyInstance> {
  const logger = pino({ level: 'silent' });
  const app = await buildApp({
    config: testApp.config,
    database: testApp.database,
    storage: createLocalStorage(testApp.uploadsDir),
    mailer: createMailer({
      smtpUrl: undefined,
      from: testApp.config.MAIL_FROM,
      outboxDir: path.join(testApp.dataDir, 'outbox'),
      logger,
    }),
    logger,
    authSecret: TEST_AUTH_SECRET,
    clientDir: path.join(testApp.dataDir, 'no-client'),
  });
  await app.ready();
  return app;
}

describe('rate limits', () => {
  it(`answers sign-in attempt ${SIGN_IN_LIMIT + 1} from one address within a minute with 429`, async () => {
    const remoteAddress = nextRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT; attempt += 1) {
      expect((await attemptSignIn(testApp.app, { remoteAddress })).statusCode).toBe(401);
    }
    const limited = await attemptSignIn(testApp.app, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Even the right password waits; another address does not.
    const seller = await createSeller(testApp.app);
    const rightPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: seller.email, password: seller.password },
    });
    expect(rightPassword.statusCode).toBe(429);
    expect((await attemptSignIn(testApp.app, { remoteAddress: nextRemoteAddress() })).statusCode).toBe(401);
  });

  it('keys on the address the server sees, not on headers a client can send', async () => {
    const remoteAddress = nextRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT + 2; attempt += 1) {
      const response = await attemptSignIn(testApp.app, {
        remoteAddress,
        headers: {
          'x-forwarded-for': `203.0.113.${attempt}`,
          'x-real-ip': `203.0.113.${attempt}`,
          'x-bazaar-client-address': `198.51.100.${attempt}`,
        },
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= SIGN_IN_LIMIT ? 401 : 429);
    }
  });

  it('keeps counting across a restart and across processes sharing the database', async () => {
    const remoteAddress = nextRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT; attempt += 1) {
      await attemptSignIn(testApp.app, { remoteAddress });
    }
    const { rows } = await testApp.database.pool.query<{ count: number }>(
      'select count from rate_limits where key = $1',
      [`${remoteAddress}|/sign-in/email`],
    );
    expect(rows[0]?.count).toBe(SIGN_IN_LIMIT);

    const secondApp = await startSecondApp();
    try {
      expect((await attemptSignIn(secondApp, { remoteAddress })).statusCode).toBe(429);
      expect((await attemptSignIn(secondApp, { remoteAddress: nextRemoteAddress() })).statusCode).toBe(401);
    } finally {
      await secondApp.close();
    }
  });

  it('limits sign-ups from one address to 10 an hour', async () => {
    const remoteAddress = nextRemoteAddress();
    const { max } = authRateLimits['/sign-up/email'];
    const signUp = (index: number) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress,
        headers: { origin: TEST_PUBLIC_URL },
        payload: {
          name: 'Bulk',
          email: `bulk-${index}-${Date.now()}@example.com`,
          password: 'secret-enough',
        },
      });
    for (let index = 1; index <= max; index += 1) expect((await signUp(index)).statusCode).toBe(200);
    const limited = await signUp(max + 1);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('limits password-reset requests from one address to 5 an hour', async () => {
    const remoteAddress = nextRemoteAddress();
    const { max } = authRateLimits['/request-password-reset'];
    const request = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress,
        headers: { origin: TEST_PUBLIC_URL },
        payload: { email: 'anyone@example.com' },
      });
    for (let index = 1; index <= max; index += 1) expect((await request()).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(429);
  });
});

describe('rate limits behind one proxy (TRUST_PROXY=1)', () => {
  let proxiedApp: TestApp;
  beforeAll(async () => {
    proxiedApp = await createTestApp({ environment: { TRUST_PROXY: '1' } });
  });
  afterAll(() => proxiedApp.close());

  it('keys on the address the proxy appended, whatever the client wrote before it', async () => {
    const proxyAddress = '10.200.0.1';
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT + 1; attempt += 1) {
      const response = await attemptSignIn(proxiedApp.app, {
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7` },
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= SIGN_IN_LIMIT ? 401 : 429);
    }
    const otherClient = await attemptSignIn(proxiedApp.app, {
      remoteAddress: proxyAddress,
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(otherClient.statusCode).toBe(401);
  });
});

describe('rate limits behind a proxy named in TRUST_PROXY (its addresses)', () => {
  let proxiedApp: TestApp;
  beforeAll(async () => {
    proxiedApp = await createTestApp({ environment: { TRUST_PROXY: '10.200.0.0/16' } });
  });
  afterAll(() => proxiedApp.close());

  it('keys on the address the proxy saw, whatever the client wrote before it', async () => {
    const proxyAddress = '10.200.0.1';
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT + 1; attempt += 1) {
      const response = await attemptSignIn(proxiedApp.app, {
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.9` },
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= SIGN_IN_LIMIT ? 401 : 429);
    }
  });
});
