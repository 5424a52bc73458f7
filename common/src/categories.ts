import * as z from 'zod';
import { CATEGORY_ID_MAX_LENGTH, CATEGORY_ID_PATTERN } from './constants';

/** A category id is a slug such as `real-estate`; the footer links to three of them. */
export const categoryIdSchema = z.string().min(1).max(CATEGORY_ID_MAX_LENGTH).regex(CATEGORY_ID_PATTERN);

export const categorySchema = z.object({
  id: categoryIdSchema,
  name: z.string(),
  /** Name of a lucide icon, e.g. `smartphone`. */
  icon: z.string(),
  /** Number of active ads in the category. */
  count: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;
