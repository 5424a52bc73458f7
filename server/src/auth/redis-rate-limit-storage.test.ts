import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { authRateLimits } from './auth';
import { createRedisRateLimitStorage } from './redis-rate-limit-storage';

// Runs when REDIS_URL is set (CI sets it when a Redis answers on 127.0.0.1:6379).
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate-limit counters in Redis', () => {
  let redis: Redis;
  const prefix = `bazaar-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('allows max requests in a window, then refuses with the seconds left', async () => {
    const storage = createRedisRateLimitStorage(redis, prefix);
    const rule = { window: 60, max: 3 };
    for (let request = 1; request <= 3; request += 1) {
      expect(await storage.consume('client-a|/sign-in/email', rule)).toEqual({
        allowed: true,
        retryAfter: null,
      });
    }
    const refused = await storage.consume('client-a|/sign-in/email', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(55);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect((await storage.consume('client-b|/sign-in/email', rule)).allowed).toBe(true);
    expect((await storage.consume('client-a|/sign-up/email', rule)).allowed).toBe(true);
  });

  it('starts a fresh window once the old one has passed', async () => {
    const storage = createRedisRateLimitStorage(redis, prefix);
    const rule = { window: 1, max: 1 };
    expect((await storage.consume('short', rule)).allowed).toBe(true);
    expect((await storage.consume('short', rule)).allowed).toBe(false);
    await sleep(1_100);
    expect((await storage.consume('short', rule)).allowed).toBe(true);
  });

  it('lets exactly max of many simultaneous requests through', async () => {
    const storage = createRedisRateLimitStorage(redis, prefix);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => storage.consume('burst', { window: 60, max: 10 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
  });

  describe('the app with REDIS_URL set', () => {
    let testApp: TestApp;
    // Counters outlive test runs in Redis, so each run plays a client address of its own.
    const remoteAddress = `10.${randomInt(100, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

    beforeAll(async () => {
      testApp = await createTestApp({ environment: { REDIS_URL: redisUrl ?? '' } });
    });
    afterAll(async () => {
      await redis.del(`bazaar:rate-limit:${remoteAddress}|/sign-in/email`);
      await testApp.close();
    });

    it('counts sign-ins in Redis instead of the database', async () => {
      const { max } = authRateLimits['/sign-in/email'];
      const attempt = () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress,
          headers: { origin: TEST_PUBLIC_URL },
          payload: { email: 'someone@example.com', password: 'wrong-password' },
        });
      for (let request = 1; request <= max; request += 1) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');

      expect(Number(await redis.get(`bazaar:rate-limit:${remoteAddress}|/sign-in/email`))).toBe(max + 1);
      const { rowCount } = await testApp.database.pool.query('select 1 from rate_limits');
      expect(rowCount).toBe(0);
    });
  });
});
