import { errorMessages } from '@bazaar/common/errors';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users } from '../db/schema';

/** The auth library's code for a suspended account; auth/routes.ts maps it to `account_suspended`. */
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

/**
 * Runs as the auth library is about to create a session for a person whose credentials it
 * has checked (decision 0017): refuses a suspended account with 403, and makes an account
 * named in ADMIN_EMAILS an admin.
 */
export async function checkSignIn(executor: Executor, userId: string, adminEmails: readonly string[]) {
  const [user] = await executor
    .select({ email: users.email, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  if (user.suspendedAt) {
    throw new APIError('FORBIDDEN', { code: ACCOUNT_SUSPENDED, message: errorMessages.account_suspended });
  }
  if (user.role !== 'admin' && adminEmails.includes(user.email.toLowerCase())) {
    await executor.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  }
}
