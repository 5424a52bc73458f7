import { errorMessages } from '@bazaar/common/errors';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users } from '../db/schema';

/** The auth library's code for a suspended account; auth/routes.ts maps it to `account_suspended`. */
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

/** What signing in and confirming an address decide by. */
async function accountFacts(executor: Executor, userId: string) {
  const [account] = await executor
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/**
 * Makes an account named in ADMIN_EMAILS an admin once its owner has confirmed the address:
 * whoever registers a listed address first must not get the console by that alone.
 */
async function grantListedAdmin(
  executor: Executor,
  userId: string,
  account: { email: string; emailVerified: boolean; role: string },
  adminEmails: readonly string[],
) {
  if (account.role === 'admin' || !account.emailVerified) return;
  if (!adminEmails.includes(account.email.toLowerCase())) return;
  await executor.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

/**
 * Runs as the auth library is about to create a session for a person whose credentials it
 * has checked (decision 0017): refuses a suspended account with 403, and makes an account
 * named in ADMIN_EMAILS an admin if its address is confirmed.
 */
export async function checkSignIn(executor: Executor, userId: string, adminEmails: readonly string[]) {
  const account = await accountFacts(executor, userId);
  if (!account) return;
  if (account.suspendedAt) {
    throw new APIError('FORBIDDEN', { code: ACCOUNT_SUSPENDED, message: errorMessages.account_suspended });
  }
  await grantListedAdmin(executor, userId, account, adminEmails);
}

/**
 * Runs once a person has confirmed their address: an account named in ADMIN_EMAILS becomes an
 * admin then, in the session it has (the role is read with every session lookup).
 */
export async function checkConfirmedAddress(
  executor: Executor,
  userId: string,
  adminEmails: readonly string[],
) {
  const account = await accountFacts(executor, userId);
  if (account) await grantListedAdmin(executor, userId, account, adminEmails);
}
