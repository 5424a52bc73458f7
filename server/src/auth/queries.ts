import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';

/**
 * Is there an account with this address? The auth library stores addresses lower-cased,
 * so comparing the lower-cased address ignores case and still uses the unique index.
 */
export async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** A session by its token, with its user: the session guard's one-statement lookup. */
export async function findSessionWithUser(db: Database, token: string) {
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        role: users.role,
        suspendedAt: users.suspendedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token));
  return row;
}

export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;
