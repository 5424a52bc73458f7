import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Of these session tokens, the ones whose session still holds: not ended, and of an account
 * that is not suspended. One indexed statement for any number of streams (the unique index on
 * the token), so a process checks all its streams at once.
 */
export async function findValidSessionTokens(db: Database, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const { rows } = await db.execute<{ token: string }>(sql`
    select s.token
    from sessions s join users u on u.id = s.user_id
    where s.token = any(${sql.param(tokens)}::text[])
      and s.expires_at > now()
      and u.suspended_at is null`);
  return new Set(rows.map((row) => row.token));
}
