import * as z from 'zod';

/**
 * What `GET /api/live` (Server-Sent Events) sends a signed-in user's tab. Each event is a
 * hint that something changed, carrying ids only; the client refetches what it shows, so
 * the database stays the one truth. Features append their types here.
 *
 * - `resync`: events may have been missed (the server lost its database listener); refetch
 *   everything shown. The client does the same by itself on every (re)connect.
 */
export const liveEventTypes = [
  'resync',
  'notification',
  'message',
  'conversation_read',
  // The other person blocked or unblocked this participant: whether they can reply changed.
  'conversation_changed',
] as const;
export const liveEventTypeSchema = z.enum(liveEventTypes);
export type LiveEventType = z.infer<typeof liveEventTypeSchema>;

/**
 * The last event of a stream that the server ends, saying why; the stream closes right after.
 *
 * - `session_ended`: the session that opened it has ended (signed out, revoked, expired, a
 *   password reset, a suspended or deleted account). Reconnecting cannot help: ask who is
 *   signed in instead.
 * - `stream_replaced`: the same user opened more streams than the server keeps for one person,
 *   and this was the oldest. Open it again only once the tab is in use again.
 */
export const liveClosingEventTypes = ['session_ended', 'stream_replaced'] as const;
export type LiveClosingEventType = (typeof liveClosingEventTypes)[number];

/** An event's data: ids and small scalars, never user text (NOTIFY payloads are capped at 8 kB). */
export const liveEventDataSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type LiveEventData = z.infer<typeof liveEventDataSchema>;

/** The path of the event stream. */
export const LIVE_PATH = '/api/live';
