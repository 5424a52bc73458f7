import type { FavoriteResponse } from '@bazaar/common/ads';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements, favorites } from '../db/schema';
import { AppError, notFound } from '../http/errors';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Locks the ad a user wants to (un)favourite; hidden ads of others do not exist for them. */
async function lockFavoritableAd(tx: Transaction, adId: string, userId: string) {
  const [ad] = await tx
    .select({ user_id: advertisements.user_id, status: advertisements.status, likes: advertisements.likes })
    .from(advertisements)
    .where(eq(advertisements.id, adId))
    .for('update');
  if (!ad || (ad.status !== 'active' && ad.user_id !== userId)) throw notFound('This ad does not exist.');
  return ad;
}

/**
 * Adds an ad to a user's favourites. Idempotent: the row is inserted at most once, and
 * `likes` moves by one only when it is, in the same transaction, so it always equals the
 * number of favourite rows.
 */
export async function addFavorite(db: Database, userId: string, adId: string): Promise<FavoriteResponse> {
  return db.transaction(async (tx) => {
    const ad = await lockFavoritableAd(tx, adId, userId);
    if (ad.user_id === userId) throw new AppError(403, 'own_ad_favorite');
    const inserted = await tx
      .insert(favorites)
      .values({ user_id: userId, ad_id: adId })
      .onConflictDoNothing()
      .returning({ adId: favorites.ad_id });
    if (inserted.length === 0) return { favorited: true, likes: ad.likes };
    const [updated] = await tx
      .update(advertisements)
      .set({ likes: sql`${advertisements.likes} + 1` })
      .where(eq(advertisements.id, adId))
      .returning({ likes: advertisements.likes });
    return { favorited: true, likes: updated!.likes };
  });
}

export async function removeFavorite(db: Database, userId: string, adId: string): Promise<FavoriteResponse> {
  return db.transaction(async (tx) => {
    const ad = await lockFavoritableAd(tx, adId, userId);
    const deleted = await tx
      .delete(favorites)
      .where(and(eq(favorites.user_id, userId), eq(favorites.ad_id, adId)))
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
