import * as z from 'zod';

/** The ids of our rows: UUIDs as PostgreSQL's gen_random_uuid() makes them. */
export const uuidSchema = z.uuid();

/** Whether a path segment or a cursor's part is such an id, for text a schema does not read. */
export function isUuid(text: string): boolean {
  return uuidSchema.safeParse(text).success;
}
