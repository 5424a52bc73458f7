import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { notifyFeatureEnded } from '../notifications/events';

/** The job that ends featured weeks: once a minute (every query also checks the time itself). */
export const FEATURES_ENDED_JOB = 'featured-ads-ended';

/**
 * Clears `featured_until` of the ads whose featured week has ended, so the featured index
 * holds only those featured now, and tells each owner in the same transaction; answers which
 * ads stopped. Idempotent: a second run finds nothing left to clear, and the notification's
 * once key (the ad and the end of its week) holds even if two runs overlap.
 */
export async function endFinishedFeatures(
  db: Database,
  now: Date = new Date(),
): Promise<{ id: string; user_id: string; title: string }[]> {
  return db.transaction(async (tx) => {
    const { rows: ended } = await tx.execute<{
      id: string;
      user_id: string;
      title: string;
      ended_at: string;
    }>(sql`
      update advertisements ad set featured_until = null
      from (
        select id, featured_until from advertisements
        where featured_until is not null and featured_until <= ${now.toISOString()}::timestamptz
        for update
      ) due
      where ad.id = due.id
      returning ad.id, ad.user_id, ad.title, to_char(due.featured_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ended_at`);
    for (const ad of ended) {
      await notifyFeatureEnded(tx, {
        userId: ad.user_id,
        adId: ad.id,
        adTitle: ad.title,
        endedAt: new Date(ad.ended_at),
      });
    }
    return ended.map(({ id, user_id, title }) => ({ id, user_id, title }));
  });
}
