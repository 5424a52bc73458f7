import { and, eq, sql } from 'drizzle-orm';
import type { AdSummaryRow } from '../ads/queries';
import { lockAd, summaryColumns } from '../ads/queries';
import type { Database } from '../db/database';
import { advertisements, favorites } from '../db/schema';
import { cursorKeyFormats, decodeCursor, encodeCursor, timestampCursorKey } from '../http/cursor';
import { isPublicAd, isShownAsSold } from '../policies/ads';
import { authorize, type Actor } from '../policies/authorize';

const FAVORITES_SORT = 'favorites';

export interface FavoriteRow {
  ad_id: string;
  /** ISO 8601, UTC, milliseconds. */
  liked_at: string;
  /** Null when the public may no longer see the ad. */
  ad: AdSummaryRow | null;
  /** When the ad was sold, while its page still says so (it then comes with its content). */
  sold_at: string | null;
}

/**
 * One page of a person's favourites, most recently liked first. The primary key
 * (user_id, ad_id) finds a person's rows; a person likes tens or hundreds of ads, so they are
 * ordered in memory rather than by an index of their own. An ad comes with its content while
 * the public may see it, as the ad policy says: active, or sold within the days its page says
 * "Sold". Hidden, pending, expired and suspended sellers' ads come back without it.
 */
export async function findFavoritesOfUser(
  db: Database,
  userId: string,
  page: { cursor?: string; limit: number },
): Promise<{ rows: FavoriteRow[]; nextCursor: string | null }> {
  const likedKey = timestampCursorKey(sql`f.created_at`);
  const cursor = page.cursor
    ? decodeCursor(page.cursor, FAVORITES_SORT, cursorKeyFormats.timestamp)
    : undefined;
  const after = cursor
    ? sql`and (f.created_at, f.ad_id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<AdSummaryRow & { ad_id: string; liked_at: string; sort_key: string }>(sql`
    select ${summaryColumns}, f.ad_id,
      to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as liked_at,
      ${likedKey} as sort_key
    from favorites f join advertisements a on a.id = f.ad_id
    where f.user_id = ${userId} ${after}
    order by f.created_at desc, f.ad_id desc
    limit ${page.limit + 1}`);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ ad_id, liked_at, sort_key: _sortKey, ...ad }) => {
      const isSold = isShownAsSold(ad);
      return {
        ad_id,
        liked_at,
        ad: isPublicAd(ad) || isSold ? ad : null,
        sold_at: isSold ? ad.sold_at : null,
      };
    }),
    nextCursor:
      hasMore && last ? encodeCursor({ sort: FAVORITES_SORT, key: last.sort_key, id: last.ad_id }) : null,
  };
}

/**
 * Takes an ad off the person's list whether or not they may still see the ad (a hidden ad
 * must be removable from /favorites); the ad's likes follow, as in addFavorite.
 */
export async function removeFavoriteOfUser(db: Database, actor: NonNullable<Actor>, adId: string) {
  await db.transaction(async (tx) => {
    // The ad first, as addFavorite and removeFavorite lock it: one order, no deadlock.
    await lockAd(tx, adId);
    const [favorite] = await tx
      .select({ user_id: favorites.user_id })
      .from(favorites)
      .where(and(eq(favorites.user_id, actor.id), eq(favorites.ad_id, adId)))
      .for('update');
    authorize(actor, 'remove', { favorite });
    await tx.delete(favorites).where(and(eq(favorites.user_id, actor.id), eq(favorites.ad_id, adId)));
    await tx
      .update(advertisements)
      .set({ likes: sql`greatest(${advertisements.likes} - 1, 0)` })
      .where(eq(advertisements.id, adId));
  });
}
