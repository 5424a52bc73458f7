import type { AdminUser } from '@bazaar/common/moderation';
import type { Role } from '@bazaar/common/roles';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { advertisements, sessions, users } from '../db/schema';
import { notify } from '../notifications/notify';
import { authorize } from '../policies/authorize';
import { CONSOLE } from '../policies/staff';
import type { StaffActor } from './ad-actions';
import { writeAudit } from './audit';
import { closeReportsAbout } from './conversation-reports';
import { findAdminUser } from './users';

async function lockUser(tx: Transaction, userId: string) {
  const [user] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

const labelOf = (user: { name: string; email: string }) => `${user.name} <${user.email}>`;

async function answer(tx: Transaction, userId: string): Promise<AdminUser> {
  const user = await findAdminUser(tx, userId);
  if (!user) throw new Error(`User ${userId} vanished within its own transaction`);
  return user;
}

/**
 * Suspends an account (issue 13): its sessions end now, its public ads leave every list
 * (hidden with the account, so restoring it brings them back), signing in is refused
 * (moderation/sign-in.ts), and the open reports about the person in their conversations
 * close: this is the decision about them. Suspending a suspended account changes nothing.
 */
export async function suspendUser(
  db: Database,
  actor: StaffActor,
  userId: string,
  reason: string,
): Promise<AdminUser> {
  authorize(actor, 'use', { console: CONSOLE });
  return db.transaction(async (tx) => {
    const user = authorize(actor, 'suspend', { user: await lockUser(tx, userId) });
    if (user.suspendedAt) return answer(tx, user.id);
    await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: reason })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .update(advertisements)
      .set({ status: 'hidden', hidden_with_account: true })
      .where(and(eq(advertisements.user_id, user.id), eq(advertisements.status, 'active')));
    await closeReportsAbout(tx, actor, user.id);
    await writeAudit(tx, {
      actor,
      action: 'user_suspended',
      targetType: 'user',
      targetId: user.id,
      targetLabel: labelOf(user),
      reason,
    });
    await notify(tx, {
      userId: user.id,
      kind: 'account_suspended',
      title: `Your account was suspended by our moderators: ${reason}`,
      link: null,
    });
    return answer(tx, user.id);
  });
}

/** Lifts a suspension: the person may sign in again and the ads hidden with the account return. */
export async function restoreUser(db: Database, actor: StaffActor, userId: string): Promise<AdminUser> {
  authorize(actor, 'use', { console: CONSOLE });
  return db.transaction(async (tx) => {
    const user = authorize(actor, 'restore', { user: await lockUser(tx, userId) });
    if (!user.suspendedAt) return answer(tx, user.id);
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, user.id));
    await tx
      .update(advertisements)
      .set({ status: 'active', hidden_with_account: false })
      .where(and(eq(advertisements.user_id, user.id), eq(advertisements.hidden_with_account, true)));
    await writeAudit(tx, {
      actor,
      action: 'user_restored',
      targetType: 'user',
      targetId: user.id,
      targetLabel: labelOf(user),
    });
    return answer(tx, user.id);
  });
}

/** Grants or takes back the moderator role (admins only; ADMIN_EMAILS makes admins). */
export async function setUserRole(
  db: Database,
  actor: StaffActor,
  userId: string,
  role: Exclude<Role, 'admin'>,
): Promise<AdminUser> {
  authorize(actor, 'manageRoles', { console: CONSOLE });
  return db.transaction(async (tx) => {
    const user = authorize(actor, 'setRole', { user: await lockUser(tx, userId) });
    if (user.role === role) return answer(tx, user.id);
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await writeAudit(tx, {
      actor,
      action: 'role_changed',
      targetType: 'user',
      targetId: user.id,
      targetLabel: labelOf(user),
      reason: `${user.role} → ${role}`,
    });
    return answer(tx, user.id);
  });
}
