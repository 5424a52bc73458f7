import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';

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
