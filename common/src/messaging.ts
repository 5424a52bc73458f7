import * as z from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE_DEFAULT } from './constants';
import { formatNumber } from './format';
import { MESSAGE_WARNINGS } from './message-safety';
import { nextCursorSchema, pageLimitSchema, pageQueryShape } from './pagination';
import { visibleLinesSchema } from './visible-text';

/** The scam patterns a message showed (message-safety.ts), as the API sends them. */
export const messageWarningSchema = z.enum(MESSAGE_WARNINGS);

// ---------------------------------------------------------------------------
// Writing (issue 12). The body is plain text; markup in it is shown as text.

// Nothing but invisible characters is no message; control characters go.
export const messageBodySchema = visibleLinesSchema()
  .min(1, 'Write a message first.')
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${formatNumber(MESSAGE_MAX_LENGTH)} characters.`);

/** The composer's first text on an ad page. */
export const FIRST_MESSAGE_SUGGESTION = 'Hi, is this still available?';

/** POST /api/conversations: ask about an ad; continues the conversation if there is one. */
export const startConversationBodySchema = z.strictObject({
  ad_id: z.uuid(),
  body: messageBodySchema,
});
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;

/** POST /api/conversations/:id/messages */
export const sendMessageBodySchema = z.strictObject({ body: messageBodySchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const conversationIdParamsSchema = z.strictObject({ id: z.uuid() });

export const reportReasonSchema = z.enum(['scam', 'spam', 'abuse', 'other']);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  spam: 'Spam',
  abuse: 'Abusive or offensive',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** POST /api/conversations/:id/reports */
export const reportConversationBodySchema = z.strictObject({
  reason: reportReasonSchema,
  details: visibleLinesSchema().max(REPORT_DETAILS_MAX_LENGTH).default(''),
});
export type ReportConversationBody = z.infer<typeof reportConversationBodySchema>;

// ---------------------------------------------------------------------------
// Reading.

/**
 * GET /api/conversations: the inbox, latest activity first; with `ad_id`, only the
 * conversations about that ad (a buyer has at most one: the ad page's Send Message opens it).
 */
export const inboxQuerySchema = z.strictObject({ ...pageQueryShape, ad_id: z.uuid().optional() });
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/**
 * GET /api/conversations/:id/messages: without a cursor the newest page; `before` (a
 * message id) the page older than it; `after` (the last message seen) everything newer,
 * oldest first, to catch up after a reconnect.
 */
export const messagesQuerySchema = z
  .strictObject({
    before: z.uuid().optional(),
    after: z.uuid().optional(),
    limit: pageLimitSchema(MESSAGE_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => !(query.before && query.after), {
    message: 'Give either before or after, not both.',
    path: ['after'],
  });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  body: z.string(),
  created_at: z.iso.datetime(),
  /** Sent by the person asking. */
  is_mine: z.boolean(),
  /** The recipient has read it (for one's own messages: the "read" state). */
  is_read: z.boolean(),
  /** Scam patterns found in it; only given to the recipient. */
  warnings: z.array(messageWarningSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationRoleSchema = z.enum(['buyer', 'seller']);
export type ConversationRole = z.infer<typeof conversationRoleSchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  ad: z.object({
    /** Null once the ad has been deleted. */
    id: z.uuid().nullable(),
    title: z.string(),
    image_url: z.string().nullable(),
    /** False when the ad was deleted or is no longer public. */
    is_available: z.boolean(),
  }),
  my_role: conversationRoleSchema,
  other_person: z.object({
    /** Null when the account was deleted ("Deleted user"). */
    id: z.uuid().nullable(),
    name: z.string().nullable(),
  }),
  last_message: z
    .object({
      /** The start of the text (at most MESSAGE_PREVIEW_LENGTH characters). */
      preview: z.string(),
      created_at: z.iso.datetime(),
      is_mine: z.boolean(),
    })
    .nullable(),
  last_message_at: z.iso.datetime(),
  unread_count: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  /** The person asking blocked the other one. */
  is_blocked_by_me: z.boolean(),
  /** A message can be sent: neither blocked the other and the other account exists. */
  can_reply: z.boolean(),
  /** The person asking has an open report of this conversation (staff have not closed it yet). */
  is_reported_by_me: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const inboxResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  next_cursor: nextCursorSchema,
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

export const messagePageResponseSchema = z.object({
  /** Oldest to newest. */
  messages: z.array(messageSchema),
  /** More messages exist in the direction asked (older with `before` or none, newer with `after`). */
  has_more: z.boolean(),
});
export type MessagePageResponse = z.infer<typeof messagePageResponseSchema>;

export const sentMessageResponseSchema = z.object({
  conversation_id: z.uuid(),
  message: messageSchema,
});
export type SentMessageResponse = z.infer<typeof sentMessageResponseSchema>;

export const unreadCountResponseSchema = z.object({
  /** Unread messages over all the user's conversations. */
  unread: z.number().int().nonnegative(),
});
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const blockResponseSchema = z.object({ is_blocked_by_me: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

export const reportResponseSchema = z.object({ is_reported_by_me: z.literal(true) });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

export const MESSAGE_PREVIEW_LENGTH = 100;

/** What the inbox and thread show in place of a deleted account's name. */
export const DELETED_USER_NAME = 'Deleted user';
export const AD_UNAVAILABLE_TEXT = 'This ad is no longer available';

/**
 * Live events of messaging (the payloads of `message` and `conversation_read`), hints that
 * make the client refetch from the API: the database stays the truth.
 */
export const messageLiveDataSchema = z.object({ conversation_id: z.uuid(), message_id: z.uuid() });
export type MessageLiveData = z.infer<typeof messageLiveDataSchema>;
export const conversationReadLiveDataSchema = z.object({ conversation_id: z.uuid() });
export type ConversationReadLiveData = z.infer<typeof conversationReadLiveDataSchema>;
