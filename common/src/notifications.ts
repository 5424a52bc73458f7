import * as z from 'zod';
import { nextCursorSchema, pageLimitSchema, pageQueryShape } from './pagination';

// ---------------------------------------------------------------------------
// Notifications (issue 12): the header's bell lists recent events with their unread state.

/**
 * What a notification is about. Later issues append kinds (saved_search_match, ad_expiring);
 * the column is text, so a new kind needs no migration.
 */
export const notificationKinds = [
  'message',
  'ad_favorited',
  'payment_confirmed',
  'payment_renewed',
  'payment_failed',
  'feature_purchased',
  'trial_ending',
  'plan_ending',
  'feature_ended',
  'ad_hidden',
  'ad_restored',
  'ad_approved',
  'account_suspended',
  'ad_expiring',
  'saved_search_match',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** A notification's sentence is cut to this many characters. */
export const NOTIFICATION_TITLE_MAX_LENGTH = 300;
/** Notifications in one page of the bell. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Reminders go out this many days before a trial or a paid period ends. */
export const PLAN_ENDING_REMINDER_DAYS = 3;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  /** The sentence shown, plain text. */
  title: z.string(),
  /** A path on this site, or null. */
  link: z.string().nullable(),
  created_at: z.iso.datetime(),
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest first; `cursor` (next_cursor of a page) the older ones. */
export const notificationsQuerySchema = z.strictObject({
  ...pageQueryShape,
  limit: pageLimitSchema(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  next_cursor: nextCursorSchema,
  /** Unread notifications in all (not only on this page). */
  unread: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** GET /api/notifications/unread, and the answer of the read routes. */
export const notificationUnreadResponseSchema = z.object({
  unread: z.number().int().nonnegative(),
});
export type NotificationUnreadResponse = z.infer<typeof notificationUnreadResponseSchema>;

export const notificationIdParamsSchema = z.strictObject({ id: z.uuid() });

/** The `notification` live event: ids only, the client refetches. */
export const notificationLiveDataSchema = z.object({ notification_id: z.uuid().nullable() });
export type NotificationLiveData = z.infer<typeof notificationLiveDataSchema>;
