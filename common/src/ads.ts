import * as z from 'zod';
import { categoryIdSchema } from './categories';
import {
  AD_DESCRIPTION_MAX_LENGTH,
  AD_LOCATION_MAX_LENGTH,
  AD_PRICE_MAX,
  AD_TITLE_MAX_LENGTH,
  MAX_IMAGES_PER_AD,
  MAX_VIDEOS_PER_AD,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants';
import { formatPrice } from './format';
import { uuidSchema } from './ids';
import { nextCursorSchema, pageQueryShape, pageQuerySchema } from './pagination';
import { placeIdSchema } from './places';
import {
  AD_SORTS,
  SEARCH_RADII_KM,
  type AdSearchCriteria,
  type AdSort,
  type SearchCriterion,
  type SearchRadiusKm,
} from './search-criteria';
import { visibleLinesSchema, visibleTextSchema } from './visible-text';

export const adIdSchema = uuidSchema;
export const adIdParamsSchema = z.strictObject({ id: adIdSchema });

/**
 * `hidden`: by its owner or by staff (then with a reason, see `ownerModerationSchema`);
 * `pending`: waiting for a moderator (issue 13). `expired`: its lifetime ran out, its owner may
 * renew it; `sold`: marked sold by its owner, its page says so for AD_SOLD_VISIBLE_DAYS
 * (issue 14). Only `active` ads are in lists and search.
 */
export const adStatusSchema = z.enum(['active', 'hidden', 'pending', 'expired', 'sold']);
export type AdStatus = z.infer<typeof adStatusSchema>;

/** What staff have said about one of the owner's ads; null when nothing. */
export const ownerModerationSchema = z
  .object({
    /** Why staff hid the ad; null unless it is hidden by staff. */
    hidden_reason: z.string().nullable(),
    /** The owner has asked staff to look again and they have not decided yet. */
    review_requested: z.boolean(),
  })
  .nullable();
export type OwnerModeration = z.infer<typeof ownerModerationSchema>;

// ---------------------------------------------------------------------------
// Writing an ad. Posts and edits are multipart forms (they carry photos and videos), so
// every field arrives as text; these schemas read that text. Fields the server owns
// (user_id, featured, views, likes, status) are not accepted.

const requiredText = (label: string, max: number, text = z.string().trim()) =>
  text.min(1, `${label} is required.`).max(max, `${label} can be at most ${max} characters.`);

/** A price in dollars as typed: 0 or more, at most two decimals (spec §5: step 0.01). */
export const adPriceTextSchema = z
  .string()
  .trim()
  .min(1, 'Price is required.')
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter a price of 0 or more with at most two decimals.')
  .transform(Number)
  .refine((price) => price <= AD_PRICE_MAX, `A price can be at most ${formatPrice(AD_PRICE_MAX)}.`);

const adFieldsShape = {
  // What shows: nothing but zero-width characters is no text; control and bidi characters go.
  title: requiredText('Title', AD_TITLE_MAX_LENGTH, visibleTextSchema()),
  description: requiredText('Description', AD_DESCRIPTION_MAX_LENGTH, visibleLinesSchema()),
  price: adPriceTextSchema,
  category: categoryIdSchema,
  location: requiredText('Location', AD_LOCATION_MAX_LENGTH, visibleTextSchema()),
  /**
   * The gazetteer place the location names (issue 14), chosen in the form's place picker; the
   * server reads its coordinates. Blank: a location typed freely (in an edit, the place goes).
   */
  place_id: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    placeIdSchema.nullable().optional(),
  ),
};

/** The text fields of POST /api/ads (multipart); files come as `images` and `videos` parts. */
export const createAdFieldsSchema = z.strictObject(adFieldsShape);
export type CreateAdFields = z.infer<typeof createAdFieldsSchema>;
export type CreateAdFieldsInput = z.input<typeof createAdFieldsSchema>;

/**
 * The text fields of PATCH /api/ads/:id (multipart): any of the ad's fields, plus the ids of
 * stored photos and videos to remove (`remove_media`, repeated). New files come as
 * `images` and `videos` parts.
 */
export const updateAdFieldsSchema = z.strictObject({
  ...z.object(adFieldsShape).partial().shape,
  remove_media: z
    .array(z.uuid())
    .max(MAX_IMAGES_PER_AD + MAX_VIDEOS_PER_AD)
    .optional(),
});
export type UpdateAdFields = z.infer<typeof updateAdFieldsSchema>;

/** Multipart field names that may repeat. */
export const AD_FORM_LIST_FIELDS = ['remove_media'] as const;
export const AD_IMAGE_FIELD = 'images';
export const AD_VIDEO_FIELD = 'videos';

// ---------------------------------------------------------------------------
// Reading ads.

export const adSummarySchema = z.object({
  id: adIdSchema,
  title: z.string(),
  price: z.number().nonnegative(),
  category: categoryIdSchema,
  location: z.string(),
  /** Featured now: a paid or included featured week is running (issue 13). */
  featured: z.boolean(),
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
  /** Card-size variant of the first image; null when the ad has none. */
  image_url: z.string().nullable(),
  /** How far it is from the place of a search by place, in km; absent otherwise (issue 14). */
  distance_km: z.number().nonnegative().optional(),
});
export type AdSummary = z.infer<typeof adSummarySchema>;

/** One of the signed-in seller's own ads (any status). */
export const myAdSummarySchema = adSummarySchema.extend({
  status: adStatusSchema,
  /** When the running featured week ends; null when not featured now. */
  featured_until: z.iso.datetime().nullable(),
  /** Staff's hidden reason and the review request (issue 13). */
  moderation: ownerModerationSchema,
  /** When an active ad expires (issue 14); for an expired one, when it did. */
  expires_at: z.iso.datetime(),
  /** When its owner marked it sold; null unless sold. */
  sold_at: z.iso.datetime().nullable(),
});
export type MyAdSummary = z.infer<typeof myAdSummarySchema>;

/** What renewing or marking sold answers: the ad's new state (issue 14). */
export const adLifeResponseSchema = z.object({
  id: adIdSchema,
  status: adStatusSchema,
  expires_at: z.iso.datetime(),
  sold_at: z.iso.datetime().nullable(),
});
export type AdLifeResponse = z.infer<typeof adLifeResponseSchema>;

export const adImageSchema = z.object({
  id: z.uuid(),
  /** Full-size variant (at most 1600 px). */
  url: z.string(),
  /** Card-size variant (640×480). */
  card_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AdImage = z.infer<typeof adImageSchema>;

export const adVideoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  content_type: z.string(),
});
export type AdVideo = z.infer<typeof adVideoSchema>;

export const adSellerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** When the seller's account was created. */
  member_since: z.iso.datetime(),
  /** The seller confirmed their e-mail address. */
  verified: z.boolean(),
  /** The seller lets signed-in buyers see their phone number (profile privacy setting). */
  phone_visible: z.boolean(),
  /** The seller takes new conversations (profile privacy setting "allow direct messages"). */
  accepts_messages: z.boolean(),
});

export const adDetailSchema = z.object({
  id: adIdSchema,
  user_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  category: categoryIdSchema,
  category_name: z.string(),
  location: z.string(),
  /** The gazetteer place the seller chose for the location; null when typed freely (issue 14). */
  place_id: z.number().int().nullable(),
  featured: z.boolean(),
  /** When the running featured week ends; null when not featured now. */
  featured_until: z.iso.datetime().nullable(),
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  status: adStatusSchema,
  /** When an active ad expires (issue 14); for an expired one, when it did. */
  expires_at: z.iso.datetime(),
  /** When its owner marked it sold; null unless sold (the page says "Sold"). */
  sold_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  images: z.array(adImageSchema),
  videos: z.array(adVideoSchema),
  seller: adSellerSchema,
});
export type AdDetail = z.infer<typeof adDetailSchema>;

/** How to reach the seller of an ad; only for signed-in users. */
export const adContactResponseSchema = z.object({
  name: z.string(),
  /** Null when the seller hides it or has not given one. */
  phone: z.string().nullable(),
});
export type AdContactResponse = z.infer<typeof adContactResponseSchema>;

export const adListResponseSchema = z.object({
  ads: z.array(adSummarySchema),
  /** Pass as `cursor` to get the next page; null on the last page. */
  next_cursor: nextCursorSchema,
  /**
   * How many ads match, counted up to a cap (SEARCH_COUNT_CAP) so that a broad search stays
   * fast; `is_capped` means "at least this many". Only on the first page (no cursor).
   */
  total: z.object({ count: z.number().int().nonnegative(), is_capped: z.boolean() }).nullable(),
  /**
   * "Did you mean": on a first page that found nothing, the words corrected to the closest
   * words of titles, when that search finds something (issue 15).
   */
  did_you_mean: z.string().optional(),
});
export type AdListResponse = z.infer<typeof adListResponseSchema>;

export const myAdListResponseSchema = z.object({
  ads: z.array(myAdSummarySchema),
  next_cursor: nextCursorSchema,
  /** The seller's number of ads (any status); only on the first page. */
  total: z.number().int().nonnegative().nullable(),
});
export type MyAdListResponse = z.infer<typeof myAdListResponseSchema>;

export const featuredAdsResponseSchema = z.object({ ads: z.array(adSummarySchema) });
export type FeaturedAdsResponse = z.infer<typeof featuredAdsResponseSchema>;

export const favoriteResponseSchema = z.object({
  favorited: z.boolean(),
  /** The ad's likes: the number of users who have it in their favourites. */
  likes: z.number().int().nonnegative(),
});
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;

export const recordViewResponseSchema = z.object({
  views: z.number().int().nonnegative(),
  /** False when this viewer was already counted today, or is the owner. */
  counted: z.boolean(),
});
export type RecordViewResponse = z.infer<typeof recordViewResponseSchema>;

// ---------------------------------------------------------------------------
// Searching (spec §2 /search and /category, §5 filters).

export const adSortSchema = z.enum(AD_SORTS);

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const PRICE_BOUND_MESSAGE = 'A price bound is a number of dollars, 0 or more.';
const optionalPrice = z.preprocess(
  blankToUndefined,
  z.coerce
    .number<string | number>({ error: PRICE_BOUND_MESSAGE })
    .min(0, PRICE_BOUND_MESSAGE)
    .max(AD_PRICE_MAX, `A price can be at most ${formatPrice(AD_PRICE_MAX)}.`)
    .optional(),
);

const searchCriteriaShape = {
  /** Words to find in titles and descriptions (full-text, English stemming). */
  q: optionalText(SEARCH_QUERY_MAX_LENGTH),
  category: z.preprocess(blankToUndefined, categoryIdSchema.optional()),
  /** Inclusive bounds in dollars. */
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  /** Case-insensitive part of the location. */
  location: optionalText(AD_LOCATION_MAX_LENGTH),
  /** Ads within `radius` km of this gazetteer place (issue 14); the server reads its coordinates. */
  place: z.preprocess(blankToUndefined, placeIdSchema.optional()),
  /** Kilometres around `place`: 5, 10, 25, 50 or 100 (DEFAULT_SEARCH_RADIUS_KM when left out). */
  radius: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>()
      .refine(
        (radius): radius is SearchRadiusKm => SEARCH_RADII_KM.some((known) => known === radius),
        `Choose a distance of ${SEARCH_RADII_KM.join(', ')} km.`,
      )
      .optional(),
  ),
  /** Absent: best match when there are words, else the newest first (sortOfSearch). */
  sort: adSortSchema.optional(),
} satisfies Record<SearchCriterion, z.ZodType>;

/** A radius and the distance order only mean something around a place. */
function refinePlaceCriteria(
  criteria: { place?: number; radius?: number; sort?: AdSort },
  context: z.RefinementCtx,
) {
  if (criteria.place !== undefined) return;
  if (criteria.radius !== undefined) {
    context.addIssue({ code: 'custom', path: ['radius'], message: 'Choose a place to search around.' });
  }
  if (criteria.sort === 'distance') {
    context.addIssue({ code: 'custom', path: ['sort'], message: 'Sorting by distance needs a place.' });
  }
}

/** GET /api/ads: the search criteria, plus the page to read. */
export const adSearchQuerySchema = z
  .strictObject({ ...searchCriteriaShape, ...pageQueryShape })
  .superRefine(refinePlaceCriteria);
export type AdSearchQuery = z.infer<typeof adSearchQuerySchema>;

/** The criteria of a search (AdSearchCriteria, which the shape above reads: checked below). */
export const adSearchCriteriaSchema = z.object(searchCriteriaShape).superRefine(refinePlaceCriteria);

/** True when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const criteriaTypeIsTheShapes: Same<z.output<typeof adSearchCriteriaSchema>, AdSearchCriteria> = true;
void criteriaTypeIsTheShapes;

/** The criteria as a request body sends them (a saved search, issue 14): the same shape, strict. */
export const adSearchCriteriaBodySchema = z.strictObject(searchCriteriaShape);

/**
 * The criteria as a response carries them (a saved search's, already read by the shape above):
 * checked against that shape, without running its input transforms again, which a response
 * cannot do (blank-to-undefined, number coercion).
 */
export const adSearchCriteriaResultSchema = z.custom<AdSearchCriteria>(
  (value) => adSearchCriteriaSchema.safeParse(value).success,
  'Not search criteria.',
);

export const myAdsQuerySchema = pageQuerySchema;
export type MyAdsQuery = z.infer<typeof myAdsQuerySchema>;
