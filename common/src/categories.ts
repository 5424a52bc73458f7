import * as z from 'zod';

/** A category id is a slug such as `real-estate`; the footer links to three of them. */
export const categoryIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

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
