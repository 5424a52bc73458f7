import type { BetterAuthRateLimitOptions } from 'better-auth';
import type { Redis } from 'ioredis';

export type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;

/**
 * One atomic step per request: count it in the current window (which starts with the first
 * request and lasts `window` seconds) and say whether it is within `max`. Refused requests
 * are counted too, but never extend the window.
 */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count > tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
  return ttl
end
return -1
`;

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every app process, instead of the
 * `rate_limits` table. Keys expire on their own, so nothing needs pruning.
 */
export function createRedisRateLimitStorage(
  redis: Redis | Promise<Redis>,
  keyPrefix = 'bazaar:rate-limit:',
): RateLimitStorage {
  return {
    async consume(key, rule) {
      const windowMs = Math.max(1, Math.round(rule.window * 1000));
      const result = Number(await (await redis).eval(CONSUME_SCRIPT, 1, keyPrefix + key, windowMs, rule.max));
      if (result < 0) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(result / 1000)) };
    },
  };
}
