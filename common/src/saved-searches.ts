import * as z from 'zod';
import { adSearchCriteriaBodySchema, adSearchCriteriaResultSchema } from './ads';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from './constants';
import { uuidSchema } from './ids';
import { visibleTextSchema } from './visible-text';

// ---------------------------------------------------------------------------
// Saved searches and their alerts (issue 14). The criteria are the search's own shape
// (ads.ts): a criterion added there is saved, validated and returned here unchanged.

/** Instant: a notification per new match and at most one e-mail per 15 minutes; daily: one digest a day. */
export const alertFrequencySchema = z.enum(['instant', 'daily', 'off']);
export type AlertFrequency = z.infer<typeof alertFrequencySchema>;

export const alertFrequencyLabels: Record<AlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily',
  off: 'Off',
};

const savedSearchNameSchema = visibleTextSchema()
  .min(1, 'Name is required.')
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, `Name can be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`);

/** POST /api/saved-searches */
export const createSavedSearchBodySchema = z.strictObject({
  name: savedSearchNameSchema,
  criteria: adSearchCriteriaBodySchema,
  frequency: alertFrequencySchema.default('instant'),
});
export type CreateSavedSearchBody = z.input<typeof createSavedSearchBodySchema>;

/** PATCH /api/saved-searches/:id: rename, or change how often alerts come. */
export const updateSavedSearchBodySchema = z
  .strictObject({ name: savedSearchNameSchema.optional(), frequency: alertFrequencySchema.optional() })
  .refine((body) => body.name !== undefined || body.frequency !== undefined, 'Nothing to change.');
export type UpdateSavedSearchBody = z.input<typeof updateSavedSearchBodySchema>;

export const savedSearchParamsSchema = z.strictObject({ id: uuidSchema });

export const savedSearchSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  criteria: adSearchCriteriaResultSchema,
  frequency: alertFrequencySchema,
  /** Public ads matching it posted since the person last ran it, counted up to SAVED_SEARCH_NEW_COUNT_CAP. */
  new_count: z.number().int().nonnegative(),
  /** `new_count` reached the cap: show "99+". */
  is_new_count_capped: z.boolean(),
  last_seen_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/saved-searches: all of them (at most SAVED_SEARCHES_MAX), newest first. */
export const savedSearchListResponseSchema = z.object({ saved_searches: z.array(savedSearchSchema) });
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponseSchema>;
