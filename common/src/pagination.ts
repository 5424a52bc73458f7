import * as z from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

/**
 * How many items one page holds: 1 to PAGE_SIZE_MAX, `defaultSize` when the query gives none.
 * Every list uses it; a list whose pages are longer by default (a thread's messages) names
 * its own default.
 */
export const pageLimitSchema = (defaultSize: number = PAGE_SIZE_DEFAULT) =>
  z.coerce.number<string | number>().int().min(1).max(PAGE_SIZE_MAX).default(defaultSize);

/**
 * The query of every list read a page at a time: `cursor` is the `next_cursor` of the page
 * before (opaque to clients). A list adds its own filters with `z.strictObject({ ...pageQueryShape, ... })`.
 */
export const pageQueryShape = {
  cursor: z.string().max(512).optional(),
  limit: pageLimitSchema(),
};
export const pageQuerySchema = z.strictObject(pageQueryShape);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page's link to the next one; null on the last page. */
export const nextCursorSchema = z.string().nullable();
