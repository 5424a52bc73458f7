import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { rateLimited, type AppError } from './errors';

export interface AttemptRule {
  windowMs: number;
  max: number;
  /** The 429 to answer; the general `rate_limited` unless said. */
  refusal?: () => AppError;
}

/**
 * Counts one attempt at `key` (e.g. a password check for one account) and refuses it with 429
 * once `max` were made with less than `windowMs` between each and the one before (a refused
 * attempt counts too, so waiting `windowMs` is what lifts it): guessing a password through it
 * is as slow as through sign-in. Kept in `rate_limits`, the table Better Auth counts its own
 * limits in, so every app process shares the count.
 */
export async function limitAttempts(
  db: Executor,
  key: string,
  rule: AttemptRule,
  now = Date.now(),
): Promise<void> {
  const { rows } = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now - rule.windowMs} then 1 else rate_limits.count + 1 end,
      last_request = ${now}
    returning count`);
  if ((rows[0]?.count ?? 0) > rule.max) {
    throw (rule.refusal ?? rateLimited)().retryingAfter(rule.windowMs / 1000);
  }
}
