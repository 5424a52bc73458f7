import {
  blockResponseSchema,
  conversationDetailSchema,
  conversationIdParamsSchema,
  inboxQuerySchema,
  inboxResponseSchema,
  messagePageResponseSchema,
  messagesQuerySchema,
  reportConversationBodySchema,
  reportResponseSchema,
  sendMessageBodySchema,
  sentMessageResponseSchema,
  startConversationBodySchema,
  unreadCountResponseSchema,
} from '@bazaar/common/messaging';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionGuard, SessionUser } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import type { Storage } from '../media/storage';
import { notFound } from '../http/errors';
import { publishLive } from '../live/live-hub';
import { authorize } from '../policies/authorize';
import { conversationPolicy } from '../policies/conversations';
import { blockUser, unblockUser } from './blocks';
import { presentConversationDetail, presentConversationSummary, presentMessage } from './presenters';
import {
  countUnreadMessages,
  findConversationFlags,
  findConversationForUser,
  findInbox,
  findMessages,
} from './queries';
import { queueMessageEmail, registerMessageEmails } from './message-emails';
import { markConversationRead } from './read-state';
import { reportConversation } from './reports';
import { sendContextFor, sendMessage, startConversation, type SentMessage } from './send-message';

export interface MessagingRouteDependencies {
  db: Database;
  guard: SessionGuard;
  storage: Storage;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  emailDelayMinutes: number;
  /** Signs the e-mails' unsubscribe links (server/src/mail/unsubscribe.ts). */
  unsubscribeKey: Buffer;
}

const tags = ['messaging'];

export async function registerMessagingRoutes(
  app: FastifyInstance,
  {
    db,
    guard,
    storage,
    jobs,
    mailer,
    publicUrl,
    emailDelayMinutes,
    unsubscribeKey,
  }: MessagingRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerMessageEmails({ db, jobs, mailer, publicUrl, unsubscribeKey });
  const context = sendContextFor(publicUrl);

  /** A conversation the user may read or write to, as they see it (404 for anyone else). */
  async function conversationFor(user: SessionUser, conversationId: string, action: 'read' | 'write') {
    const { view } = authorize(user, action, {
      conversation: await findConversationForUser(db, conversationId, user.id),
    });
    // Each of its two people has a row of it (conversation_participants); without one, none.
    if (!view) throw notFound(conversationPolicy.notFoundMessage);
    return view;
  }

  /** Tells the other person's tabs that they can reply, or cannot any more (a block or unblock). */
  async function announceChange(conversation: { id: string; other_id: string | null }) {
    if (!conversation.other_id) return;
    await publishLive(db, {
      userIds: [conversation.other_id],
      type: 'conversation_changed',
      data: { conversation_id: conversation.id },
    });
  }

  /** After the commit: the e-mail for the recipient, should they not read it in time. */
  async function afterSent(sent: SentMessage) {
    await queueMessageEmail(
      jobs,
      { conversationId: sent.conversationId, role: sent.recipientRole },
      emailDelayMinutes,
    );
    return {
      conversation_id: sent.conversationId,
      message: presentMessage(sent.message, sent.message.sender_role),
    };
  }

  routes.post(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: "Ask about an ad: starts the conversation with its seller, or continues the buyer's one",
        body: startConversationBodySchema,
        response: { 201: sentMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const sent = await db.transaction((tx) =>
        startConversation(tx, { adId: request.body.ad_id, buyer: user, body: request.body.body }, context),
      );
      return reply.status(201).send(await afterSent(sent));
    },
  );

  routes.get(
    '/api/conversations',
    {
      schema: {
        tags,
        summary:
          "The signed-in user's conversations, latest activity first, paged by cursor; with ad_id, those about that ad",
        querystring: inboxQuerySchema,
        response: { 200: inboxResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const { rows, nextCursor } = await findInbox(db, user.id, request.query);
      return {
        conversations: rows.map((row) => presentConversationSummary(row, storage)),
        next_cursor: nextCursor,
      };
    },
  );

  routes.get(
    '/api/conversations/unread',
    {
      schema: {
        tags,
        summary: "The number of unread messages over all the user's conversations",
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      return { unread: await countUnreadMessages(db, user.id) };
    },
  );

  routes.get(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation of the signed-in user',
        params: conversationIdParamsSchema,
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const row = await conversationFor(user, request.params.id, 'read');
      const flags = await findConversationFlags(db, row, user.id);
      return presentConversationDetail(row, flags, storage);
    },
  );

  routes.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Messages of a conversation, oldest to newest: the newest page, older ones, or newer ones to catch up',
        params: conversationIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagePageResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const conversation = await conversationFor(user, request.params.id, 'read');
      const { rows, hasMore } = await findMessages(db, conversation.id, request.query);
      return { messages: rows.map((row) => presentMessage(row, conversation.my_role)), has_more: hasMore };
    },
  );

  routes.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message in a conversation',
        params: conversationIdParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: sentMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const sent = await db.transaction((tx) =>
        sendMessage(
          tx,
          { conversationId: request.params.id, sender: user, body: request.body.body },
          context,
        ),
      );
      return reply.status(201).send(await afterSent(sent));
    },
  );

  routes.post(
    '/api/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark every message of a conversation read',
        params: conversationIdParamsSchema,
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const conversation = await conversationFor(user, request.params.id, 'write');
      await db.transaction((tx) => markConversationRead(tx, conversation, user.id));
      return { unread: await countUnreadMessages(db, user.id) };
    },
  );

  routes.put(
    '/api/conversations/:id/block',
    {
      schema: {
        tags,
        summary: 'Block the other person of a conversation: no more messages either way',
        params: conversationIdParamsSchema,
        response: { 200: blockResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const conversation = await conversationFor(user, request.params.id, 'write');
      await blockUser(db, user.id, conversation.other_id);
      await announceChange(conversation);
      return { is_blocked_by_me: true };
    },
  );

  routes.delete(
    '/api/conversations/:id/block',
    {
      schema: {
        tags,
        summary: 'Unblock the other person of a conversation',
        params: conversationIdParamsSchema,
        response: { 200: blockResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const conversation = await conversationFor(user, request.params.id, 'write');
      await unblockUser(db, user.id, conversation.other_id);
      await announceChange(conversation);
      return { is_blocked_by_me: false };
    },
  );

  routes.post(
    '/api/conversations/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report a conversation to the moderators',
        params: conversationIdParamsSchema,
        body: reportConversationBodySchema,
        response: { 201: reportResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const conversation = await conversationFor(user, request.params.id, 'write');
      await reportConversation(db, conversation, user.id, request.body);
      return reply.status(201).send({ is_reported_by_me: true as const });
    },
  );
}
