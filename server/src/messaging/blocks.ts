import { sql } from 'drizzle-orm';
import { recipientUnavailable } from '../http/errors';
import type { Executor } from './queries';

/** Blocks the other person of a conversation: no more messages either way (issue 12). */
export async function blockUser(db: Executor, blockerId: string, blockedId: string | null): Promise<void> {
  if (!blockedId) throw recipientUnavailable();
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})
    on conflict do nothing`);
}

export async function unblockUser(db: Executor, blockerId: string, blockedId: string | null): Promise<void> {
  if (!blockedId) return;
  await db.execute(
    sql`delete from user_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
  );
}
