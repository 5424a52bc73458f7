import { isUuid } from '@bazaar/common/ids';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';

/**
 * A keyset cursor: the sort it belongs to, the last row's sort key (as PostgreSQL printed
 * it, so nothing is lost to floating point or millisecond rounding) and its id, which
 * breaks ties. Opaque to clients: base64url of a small JSON object. Every list read by
 * cursor (ads, my ads, the inbox, payments, ...) uses this one codec and pageQuerySchema.
 */
export interface Cursor {
  sort: string;
  key: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

const invalidCursor = () => badRequest(undefined, { cursor: 'This page link is invalid. Start again.' });

/** Reads a cursor made by `encodeCursor` for the same sort; anything else is a 400. */
export function decodeCursor(text: string, sort: string, isValidKey: (key: string) => boolean): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort || typeof key !== 'string' || typeof id !== 'string') throw invalidCursor();
  if (!isUuid(id) || !isValidKey(key)) throw invalidCursor();
  return { sort, key, id };
}

/** The sort a cursor was made for, without checking the rest of it; undefined if unreadable. */
export function cursorSortOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Sort keys as PostgreSQL prints them in our queries. */
export const cursorKeyFormats = {
  /** `timestampCursorKey(column)` */
  timestamp: (key: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key),
  /** `price::text`, numeric(12,2) */
  price: (key: string) => /^\d{1,10}\.\d{2}$/.test(key),
  /** `views::text` */
  integer: (key: string) => /^\d{1,10}$/.test(key),
  /** `float8::text`: PostgreSQL prints the shortest text that reads back as the same double. */
  float: (key: string) => /^\d{1,9}(\.\d{1,17})?(e[+-]\d{1,3})?$/.test(key),
};

/**
 * A timestamptz column as a cursor key: UTC to the microsecond, so that rows a microsecond
 * apart stay apart across pages.
 */
export const timestampCursorKey = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
