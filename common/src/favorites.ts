import * as z from 'zod';
import { adIdSchema, adSummarySchema } from './ads';
import { nextCursorSchema, pageQuerySchema } from './pagination';

/** GET /api/me/favorites: one page of the signed-in person's favourites. */
export const favoritesQuerySchema = pageQuerySchema;
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;

/**
 * One liked ad. `ad` is null when the ad is no longer available (hidden by staff or its
 * owner, waiting for review): the page then says so and offers to remove it, showing
 * nothing of the ad itself. A deleted ad takes its favourites with it (the rows cascade).
 */
export const favoriteItemSchema = z.object({
  ad_id: adIdSchema,
  liked_at: z.iso.datetime(),
  /** Null once the public may no longer see the ad (hidden, under review, expired, gone). */
  ad: adSummarySchema.nullable(),
  /** When the ad was sold, while its page still says so (7 days): it comes with its content. */
  sold_at: z.iso.datetime().nullable(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

/** Most recently liked first. */
export const favoriteListResponseSchema = z.object({
  items: z.array(favoriteItemSchema),
  next_cursor: nextCursorSchema,
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;

/** DELETE /api/me/favorites/:ad_id: take an ad off your list, available or not. */
export const favoriteParamsSchema = z.strictObject({ ad_id: adIdSchema });
