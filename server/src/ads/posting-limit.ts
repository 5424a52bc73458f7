import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { postingLimitReached } from '../http/errors';

/**
 * Issue 13: an account posts at most `limit` ads an hour, counted from the ads it created in
 * the last hour (the index on user_id, created_at answers it). Asked once before the upload
 * is read, and again in the create transaction under the seller's profile lock, whose answer
 * counts: concurrent posts queue on that lock, so the limit cannot be overrun.
 */
export async function assertWithinPostingLimit(
  executor: Executor,
  { userId, limit }: { userId: string; limit: number },
): Promise<void> {
  const { rows } = await executor.execute<{ posted: number }>(sql`
    select count(*)::int as posted from advertisements
    where user_id = ${userId} and created_at > now() - interval '1 hour'`);
  if (rows[0]!.posted >= limit) throw postingLimitReached(limit);
}
