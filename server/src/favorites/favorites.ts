import type { FavoriteResponse } from '@bazaar/common/ads';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements, favorites } from '../db/schema';
import { notifyAdFavorited } from '../notifications/events';
import { authorize, type Actor } from '../policies/authorize';
import { lockAd } from '../ads/queries';

/**
 * Adds an ad to a user's favourites. Idempotent: the row is inserted at most once, and
 * `likes` moves by one only when it is, in the same transaction, so it always equals the
 * number of favourite rows. The ad's owner gets a notification (once per person and ad).
 */
export async function addFavorite(
  db: Database,
  actor: NonNullable<Actor>,
  adId: string,
): Promise<FavoriteResponse> {
  return db.transaction(async (tx) => {
    const ad = authorize(actor, 'favorite', { ad: await lockAd(tx, adId) });
    const inserted = await tx
      .insert(favorites)
      .values({ user_id: actor.id, ad_id: adId })
      .onConflictDoNothing()
      .returning({ adId: favorites.ad_id });
    if (inserted.length === 0) return { favorited: true, likes: ad.likes };
    const [updated] = await tx
      .update(advertisements)
      .set({ likes: sql`${advertisements.likes} + 1` })
      .where(eq(advertisements.id, adId))
      .returning({ likes: advertisements.likes, title: advertisements.title });
    // The owner hears of it (the policy already refused their own ad).
    if (ad.user_id !== actor.id) {
      await notifyAdFavorited(tx, { ownerId: ad.user_id, adId, adTitle: updated!.title, fanId: actor.id });
    }
    return { favorited: true, likes: updated!.likes };
  });
}

export async function removeFavorite(
  db: Database,
  actor: NonNullable<Actor>,
  adId: string,
): Promise<FavoriteResponse> {
  return db.transaction(async (tx) => {
    const ad = authorize(actor, 'read', { ad: await lockAd(tx, adId) });
    const deleted = await tx
      .delete(favorites)
      .where(and(eq(favorites.user_id, actor.id), eq(favorites.ad_id, adId)))
      .returning({ adId: favorites.ad_id });
    if (deleted.length === 0) return { favorited: false, likes: ad.likes };
    const [updated] = await tx
      .update(advertisements)
      .set({ likes: sql`greatest(${advertisements.likes} - 1, 0)` })
      .where(eq(advertisements.id, adId))
      .returning({ likes: advertisements.likes });
    return { favorited: false, likes: updated!.likes };
  });
}

export async function isFavorite(db: Database, userId: string, adId: string): Promise<boolean> {
  const [row] = await db
    .select({ adId: favorites.ad_id })
    .from(favorites)
    .where(and(eq(favorites.user_id, userId), eq(favorites.ad_id, adId)));
  return Boolean(row);
}
