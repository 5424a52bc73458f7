import type * as z from 'zod';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { categories } from '../db/schema';
import { badRequest } from '../http/errors';

/** Validates a multipart form's text fields with a schema of common/, as a route validates JSON. */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  fields: Record<string, string | string[]>,
): z.infer<Schema> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
    problems[where] ??=
      issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : issue.message;
  }
  throw badRequest(undefined, problems);
}

/** A category id from a form must name a real category. */
export async function assertCategoryExists(db: Pick<Database, 'select'>, categoryId: string): Promise<void> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw badRequest(undefined, { category: 'Choose one of the categories.' });
}
