import { isNotNull, lte, and } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements } from '../db/schema';

/** The job that ends featured weeks: once a minute (every query also checks the time itself). */
export const FEATURES_ENDED_JOB = 'featured-ads-ended';

/**
 * Clears `featured_until` of the ads whose featured week has ended, so the featured index
 * holds only those featured now; answers which ads stopped. Idempotent: a second run finds
 * nothing left to clear.
 */
export async function endFinishedFeatures(
  db: Database,
  now: Date = new Date(),
): Promise<{ id: string; user_id: string; title: string }[]> {
  return db
    .update(advertisements)
    .set({ featured_until: null })
    .where(and(isNotNull(advertisements.featured_until), lte(advertisements.featured_until, now)))
    .returning({ id: advertisements.id, user_id: advertisements.user_id, title: advertisements.title });
}
