import * as z from 'zod';
import { PLACE_ID_MAX } from './constants';

/** A place of the gazetteer (issue 14), by its GeoNames id. */
export const placeIdSchema = z.coerce.number<string | number>().int().positive().max(PLACE_ID_MAX);

/** How many suggestions the type-ahead answers. */
export const PLACE_SUGGESTIONS_LIMIT = 10;
export const PLACE_QUERY_MAX_LENGTH = 100;

export const placeSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The first-level division as its code reads (a US state: TX); null where the code is a number. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** "Austin, TX, United States": what the picker shows and the ad's location text becomes. */
  label: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** GET /api/places?q=: places whose name starts with q, most populous first. */
export const placeSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1, 'Type the start of a place name.').max(PLACE_QUERY_MAX_LENGTH),
});

export const placeSearchResponseSchema = z.object({
  places: z.array(placeSchema),
  /** The gazetteer is still being loaded (the first minutes after a first start): try again shortly. */
  is_loading: z.boolean(),
});
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

export const placeIdParamsSchema = z.strictObject({ id: placeIdSchema });
export const placeResponseSchema = z.object({ place: placeSchema });
export type PlaceResponse = z.infer<typeof placeResponseSchema>;
