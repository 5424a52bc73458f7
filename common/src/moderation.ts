import * as z from 'zod';
import { adIdSchema, adStatusSchema, ownerModerationSchema } from './ads';
import { categoryIdSchema } from './categories';
import { conversationRoleSchema, messageWarningSchema, reportReasonSchema } from './messaging';
import { nextCursorSchema, pageLimitSchema, pageQueryShape, pageQuerySchema } from './pagination';
import { roleSchema } from './roles';
import { visibleLinesSchema } from './visible-text';

// Issue 13: reports, the moderation console's API (/api/admin/*) and what an owner learns about
// their moderated ad. Field names follow the rest of the API (snake_case).

// ---------------------------------------------------------------------------
// Reporting an ad (POST /api/ads/:id/reports).

export const adReportReasonSchema = z.enum([
  'scam',
  'prohibited',
  'wrong_category',
  'duplicate',
  'offensive',
  'other',
]);
export type AdReportReason = z.infer<typeof adReportReasonSchema>;

/** The dialog's labels, in the order it lists them. */
export const adReportReasonLabels: Record<AdReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  wrong_category: 'Wrong category',
  duplicate: 'Duplicate',
  offensive: 'Offensive',
  other: 'Other',
};

export const AD_REPORT_DETAILS_MAX_LENGTH = 500;
/** The reason a moderator gives for hiding an ad or suspending an account (shown to its owner). */
export const MODERATION_REASON_MAX_LENGTH = 500;

/** POST /api/ads/:id/reports → 201 `{ id }`; 409 `report_already_open`, 403 own ad, 429. */
export const reportAdBodySchema = z.strictObject({
  reason: adReportReasonSchema,
  details: visibleLinesSchema()
    .max(AD_REPORT_DETAILS_MAX_LENGTH, `Details can be at most ${AD_REPORT_DETAILS_MAX_LENGTH} characters.`)
    .optional(),
});
export type ReportAdBody = z.infer<typeof reportAdBodySchema>;
export type ReportAdBodyInput = z.input<typeof reportAdBodySchema>;

export const reportAdResponseSchema = z.object({ id: z.uuid() });
export type ReportAdResponse = z.infer<typeof reportAdResponseSchema>;

/** GET /api/ads/:id/reports/mine: whether the person's report of the ad waits for the moderators. */
export const myAdReportResponseSchema = z.object({ open: z.boolean() });
export type MyAdReportResponse = z.infer<typeof myAdReportResponseSchema>;

// ---------------------------------------------------------------------------
// What an owner sees of their moderated ad (dashboard's my-ads, POST /api/ads/:id/review-request).

// `ownerModerationSchema` (in ./ads, on each of GET /api/my-ads's ads and the owner's ad detail).
export { ownerModerationSchema, type OwnerModeration } from './ads';

/** POST /api/ads/:id/review-request (owner only, body `{}`). */
export const reviewRequestResponseSchema = z.object({ moderation: ownerModerationSchema });
export type ReviewRequestResponse = z.infer<typeof reviewRequestResponseSchema>;

// ---------------------------------------------------------------------------
// Staff actions. Bodies of the POST routes under /api/admin.

export const moderationReasonSchema = z
  .string()
  .trim()
  .min(1, 'Please give a reason.')
  .max(MODERATION_REASON_MAX_LENGTH, `A reason can be at most ${MODERATION_REASON_MAX_LENGTH} characters.`);

/** POST /api/admin/ads/:id/hide and POST /api/admin/users/:id/suspend. */
export const reasonBodySchema = z.strictObject({ reason: moderationReasonSchema });
export type ReasonBody = z.infer<typeof reasonBodySchema>;
export const hideAdBodySchema = reasonBodySchema;
export type HideAdBody = ReasonBody;
export const suspendUserBodySchema = reasonBodySchema;
export type SuspendUserBody = ReasonBody;

/** PUT /api/admin/users/:id/role — admins only. Nobody becomes admin here: ADMIN_EMAILS does that. */
export const assignableRoleSchema = z.enum(['user', 'moderator']);
export const setRoleBodySchema = z.strictObject({ role: assignableRoleSchema });
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

export const userIdParamsSchema = z.strictObject({ id: z.uuid() });

// ---------------------------------------------------------------------------
// The answers of staff actions.

/** The state of an ad after a staff action on it (hide, restore, dismiss, feature, unfeature). */
export const adModerationStateSchema = z.object({
  id: adIdSchema,
  status: adStatusSchema,
  hidden_reason: z.string().nullable(),
  review_requested: z.boolean(),
  featured: z.boolean(),
  featured_until: z.iso.datetime().nullable(),
  open_reports: z.number().int().nonnegative(),
  open_flags: z.number().int().nonnegative(),
});
export type AdModerationState = z.infer<typeof adModerationStateSchema>;

export const adActionResponseSchema = z.object({ ad: adModerationStateSchema });
export type AdActionResponse = z.infer<typeof adActionResponseSchema>;

// ---------------------------------------------------------------------------
// The queue (GET /api/admin/queue): reported, flagged, pending and review-requested ads and
// reported conversations, most open reports first.

export const queueQuerySchema = pageQuerySchema;
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const adFlagKindSchema = z.enum(['reused_photo', 'blocked_term']);
export type AdFlagKind = z.infer<typeof adFlagKindSchema>;

export const adFlagKindLabels: Record<AdFlagKind, string> = {
  reused_photo: 'Photo used in another seller’s ad',
  blocked_term: 'Blocked term',
};

/** An automatic flag: a reused photo names the other ad, a blocked term names the term. */
export const queueFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.uuid(),
    kind: z.literal('reused_photo'),
    /** The other seller's ad with the matching photo (null if it has been deleted since). */
    matching_ad_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
  }),
  z.object({
    id: z.uuid(),
    kind: z.literal('blocked_term'),
    term: z.string(),
    created_at: z.iso.datetime(),
  }),
]);
export type QueueFlag = z.infer<typeof queueFlagSchema>;

export const queueReasonSchema = z.object({
  reason: adReportReasonSchema,
  count: z.number().int().positive(),
  /** The reporters' details for this reason (non-empty ones, newest first, at most 10). */
  details: z.array(z.string()),
});
export type QueueReason = z.infer<typeof queueReasonSchema>;

export const sellerHistorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** When the account was created: its age. */
  created_at: z.iso.datetime(),
  /** Ads the seller has now, any status. */
  ad_count: z.number().int().nonnegative(),
  /** Reports ever made about the seller's ads, open or closed. */
  report_count: z.number().int().nonnegative(),
  /** Reports ever made about the person by the other side of a conversation, open or closed. */
  conversation_report_count: z.number().int().nonnegative(),
  suspended: z.boolean(),
});
export type SellerHistory = z.infer<typeof sellerHistorySchema>;

export const queueAdSchema = z.object({
  id: adIdSchema,
  title: z.string(),
  price: z.number().nonnegative(),
  /** Card-size variant of the first image (served to staff even while the ad is hidden). */
  image_url: z.string().nullable(),
  status: adStatusSchema,
  category: categoryIdSchema,
  featured: z.boolean(),
  created_at: z.iso.datetime(),
  hidden_reason: z.string().nullable(),
});
export type QueueAd = z.infer<typeof queueAdSchema>;

/** An ad with open reports or flags, pending, or whose owner asked for a review. */
export const adQueueItemSchema = z.object({
  kind: z.literal('ad'),
  ad: queueAdSchema,
  /** Open reports. */
  report_count: z.number().int().nonnegative(),
  reasons: z.array(queueReasonSchema),
  /** Open (unresolved) flags. */
  flags: z.array(queueFlagSchema),
  review_requested: z.boolean(),
  seller: sellerHistorySchema,
});
export type AdQueueItem = z.infer<typeof adQueueItemSchema>;

/** How many of a reported conversation's newest messages its queue item carries. */
export const QUEUE_CONVERSATION_MESSAGES = 20;

/** A message as staff read it in a reported conversation: which side sent it, and what. */
export const staffMessageSchema = z.object({
  id: z.uuid(),
  sender_role: conversationRoleSchema,
  body: z.string(),
  created_at: z.iso.datetime(),
  /** Scam patterns found in it when it was sent. */
  warnings: z.array(messageWarningSchema),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

/** An open report of a conversation by one of its two people, about the other. */
export const queueConversationReportSchema = z.object({
  id: z.uuid(),
  reason: reportReasonSchema,
  details: z.string(),
  created_at: z.iso.datetime(),
  /** The side that reported; null once the reporter's account is deleted. */
  reporter_role: conversationRoleSchema.nullable(),
  /** The side the report is about; null once that account is deleted. */
  reported_role: conversationRoleSchema.nullable(),
});
export type QueueConversationReport = z.infer<typeof queueConversationReportSchema>;

/**
 * A conversation with open reports. Staff read it only while a report is open and only when
 * they take no part in it (decision 0017); its people are null once their account is deleted.
 */
export const conversationQueueItemSchema = z.object({
  kind: z.literal('conversation'),
  conversation: z.object({
    id: z.uuid(),
    created_at: z.iso.datetime(),
    /** The ad it is about: null id once deleted (the title stays), status null then too. */
    ad: z.object({
      id: adIdSchema.nullable(),
      title: z.string(),
      image_url: z.string().nullable(),
      status: adStatusSchema.nullable(),
    }),
  }),
  /** Open reports. */
  report_count: z.number().int().positive(),
  /** The open reports, newest first. */
  reports: z.array(queueConversationReportSchema),
  buyer: sellerHistorySchema.nullable(),
  seller: sellerHistorySchema.nullable(),
  /** The newest messages (at most QUEUE_CONVERSATION_MESSAGES), oldest first. */
  messages: z.array(staffMessageSchema),
  /** Older messages exist: GET /api/admin/conversations/:id/messages?before= reads them. */
  has_earlier_messages: z.boolean(),
});
export type ConversationQueueItem = z.infer<typeof conversationQueueItemSchema>;

/** One entry of the queue: an ad, or a reported conversation. */
export const queueItemSchema = z.discriminatedUnion('kind', [adQueueItemSchema, conversationQueueItemSchema]);
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z.object({
  items: z.array(queueItemSchema),
  next_cursor: nextCursorSchema,
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

// ---------------------------------------------------------------------------
// A reported conversation (GET /api/admin/conversations/:id/messages, POST …/dismiss).

/** Older messages of a reported conversation, before the oldest one staff have. */
export const staffMessagesQuerySchema = z.strictObject({
  before: z.uuid().optional(),
  limit: pageLimitSchema(QUEUE_CONVERSATION_MESSAGES),
});
export type StaffMessagesQuery = z.infer<typeof staffMessagesQuerySchema>;

export const staffMessagesResponseSchema = z.object({
  /** Oldest to newest. */
  messages: z.array(staffMessageSchema),
  /** Still older messages exist. */
  has_more: z.boolean(),
});
export type StaffMessagesResponse = z.infer<typeof staffMessagesResponseSchema>;

export const conversationActionResponseSchema = z.object({
  conversation: z.object({ id: z.uuid(), open_reports: z.number().int().nonnegative() }),
});
export type ConversationActionResponse = z.infer<typeof conversationActionResponseSchema>;

// ---------------------------------------------------------------------------
// Users (GET /api/admin/users?q=, GET /api/admin/users/:id).

export const usersQuerySchema = z.strictObject({
  /** Part of an e-mail address or name; empty lists everyone, newest first. */
  q: z.string().trim().max(200).default(''),
  ...pageQueryShape,
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  created_at: z.iso.datetime(),
  /** When staff suspended the account; null when it is not suspended. */
  suspended_at: z.iso.datetime().nullable(),
  suspended_reason: z.string().nullable(),
  ad_count: z.number().int().nonnegative(),
  /** Reports about the person's ads, open or closed. */
  report_count: z.number().int().nonnegative(),
  /** Reports about the person from the other side of their conversations, open or closed. */
  conversation_report_count: z.number().int().nonnegative(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersResponseSchema = z.object({
  items: z.array(adminUserSchema),
  next_cursor: nextCursorSchema,
});
export type UsersResponse = z.infer<typeof usersResponseSchema>;

/** One of the user's ads, as staff see it. */
export const adminUserAdSchema = queueAdSchema.extend({
  open_reports: z.number().int().nonnegative(),
});
export type AdminUserAd = z.infer<typeof adminUserAdSchema>;

/** A report about one of the user's ads (open or closed). */
export const adminReportSchema = z.object({
  id: z.uuid(),
  ad_id: adIdSchema,
  ad_title: z.string(),
  reason: adReportReasonSchema,
  details: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** Closed by a staff decision (hide, restore, dismiss); null while open. */
  resolved_at: z.iso.datetime().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** A report about the user by the other side of one of their conversations (open or closed). */
export const adminConversationReportSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  /** The title of the ad the conversation is about. */
  ad_title: z.string(),
  reason: reportReasonSchema,
  details: z.string(),
  created_at: z.iso.datetime(),
  /** Closed by a staff decision (dismissed, or the person suspended); null while open. */
  resolved_at: z.iso.datetime().nullable(),
});
export type AdminConversationReport = z.infer<typeof adminConversationReportSchema>;

export const userDetailResponseSchema = z.object({
  user: adminUserSchema,
  /** The user's ads, newest first (at most 100). */
  ads: z.array(adminUserAdSchema),
  /** Reports about the user's ads, newest first (at most 100). */
  reports: z.array(adminReportSchema),
  /** Reports about the user in their conversations, newest first (at most 100). */
  conversation_reports: z.array(adminConversationReportSchema),
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

/** After suspend, restore and role changes. */
export const userActionResponseSchema = z.object({ user: adminUserSchema });
export type UserActionResponse = z.infer<typeof userActionResponseSchema>;

// ---------------------------------------------------------------------------
// The audit log (GET /api/admin/audit?q=).

export const auditActionSchema = z.enum([
  'ad_hidden',
  'ad_restored',
  'ad_dismissed',
  'ad_featured',
  'ad_unfeatured',
  'conversation_dismissed',
  'user_suspended',
  'user_restored',
  'role_changed',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActionLabels: Record<AuditAction, string> = {
  ad_hidden: 'Hid ad',
  ad_restored: 'Restored ad',
  ad_dismissed: 'Dismissed reports',
  ad_featured: 'Featured ad',
  ad_unfeatured: 'Unfeatured ad',
  conversation_dismissed: 'Dismissed reports of conversation',
  user_suspended: 'Suspended user',
  user_restored: 'Restored user',
  role_changed: 'Changed role',
};

export const auditTargetTypeSchema = z.enum(['ad', 'user', 'conversation']);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

export const auditQuerySchema = z.strictObject({
  /** Words matched against the actor's name or e-mail, the action, the target and the reason. */
  q: z.string().trim().max(200).default(''),
  ...pageQueryShape,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** Who acted; null once their account is deleted. */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: auditActionSchema,
  target_type: auditTargetTypeSchema,
  target_id: z.uuid(),
  /** The ad's title, the user's name/e-mail or the conversation's ad title when the entry was written. */
  target_label: z.string(),
  reason: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  next_cursor: nextCursorSchema,
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

// ---------------------------------------------------------------------------
// The route table, for the console's client and the permission table test.

export const moderationRoutes = {
  reportAd: { method: 'POST', url: '/api/ads/:id/reports', who: 'signed-in' },
  requestReview: { method: 'POST', url: '/api/ads/:id/review-request', who: 'owner' },
  queue: { method: 'GET', url: '/api/admin/queue', who: 'staff' },
  hideAd: { method: 'POST', url: '/api/admin/ads/:id/hide', who: 'staff' },
  restoreAd: { method: 'POST', url: '/api/admin/ads/:id/restore', who: 'staff' },
  dismissAd: { method: 'POST', url: '/api/admin/ads/:id/dismiss', who: 'staff' },
  featureAd: { method: 'POST', url: '/api/admin/ads/:id/feature', who: 'staff' },
  unfeatureAd: { method: 'POST', url: '/api/admin/ads/:id/unfeature', who: 'staff' },
  conversationMessages: { method: 'GET', url: '/api/admin/conversations/:id/messages', who: 'staff' },
  dismissConversation: { method: 'POST', url: '/api/admin/conversations/:id/dismiss', who: 'staff' },
  users: { method: 'GET', url: '/api/admin/users', who: 'staff' },
  user: { method: 'GET', url: '/api/admin/users/:id', who: 'staff' },
  suspendUser: { method: 'POST', url: '/api/admin/users/:id/suspend', who: 'staff' },
  restoreUser: { method: 'POST', url: '/api/admin/users/:id/restore', who: 'staff' },
  setRole: { method: 'PUT', url: '/api/admin/users/:id/role', who: 'admin' },
  audit: { method: 'GET', url: '/api/admin/audit', who: 'staff' },
} as const;
