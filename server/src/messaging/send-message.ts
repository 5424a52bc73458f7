import {
  CONVERSATIONS_PER_HOUR,
  HOUR_MS,
  MESSAGES_PER_MINUTE,
  NEW_ACCOUNT_CONVERSATIONS_PER_HOUR,
  NEW_ACCOUNT_HOURS,
} from '@bazaar/common/constants';
import { findMessageWarnings } from '@bazaar/common/message-safety';
import type { ConversationRole } from '@bazaar/common/messaging';
import { readProfileSettings } from '@bazaar/common/settings';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { conversations, messages } from '../db/schema';
import type { SessionUser } from '../auth/session-guard';
import {
  directMessagesDisabled,
  messagingLimitReached,
  recipientUnavailable,
  userBlocked,
} from '../http/errors';
import { waitForRoomInWindow } from '../http/window-limit';
import { publishLive } from '../live/live-hub';
import { notifyNewMessages } from '../notifications/events';
import { authorize } from '../policies/authorize';
import {
  findConversationFacts,
  isBlockedEitherWay,
  isoTime,
  type Executor,
  type MessageRow,
} from './queries';

export interface SendContext {
  /** Our host name, to tell links to this site from lookalikes. */
  siteHost: string;
}

export const sendContextFor = (publicUrl: string): SendContext => ({ siteHost: new URL(publicUrl).hostname });

/** A message just written, with what the caller needs to tell the recipient. */
export interface SentMessage {
  conversationId: string;
  message: MessageRow;
  senderId: string;
  recipientId: string;
  recipientRole: ConversationRole;
}

/**
 * Serialises one user's sends across every app process for the rest of the transaction, so
 * that the counts below cannot be raced past by parallel requests.
 */
async function lockSender(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`messaging:${userId}`}, 0))`);
}

/** At most MESSAGES_PER_MINUTE messages a minute per sender (issue 12, Limits). */
async function checkMessageRate(tx: Executor, userId: string): Promise<void> {
  const sent = { table: messages, owner: messages.sender_id, createdAt: messages.created_at };
  const wait = await waitForRoomInWindow(tx, sent, userId, { windowSeconds: 60, limit: MESSAGES_PER_MINUTE });
  if (wait !== undefined) throw messagingLimitReached('message_rate_limited').retryingAfter(wait);
}

/**
 * Conversations a user may start in an hour: fewer for accounts younger than a day, which
 * is where spam comes from (issue 12, Limits).
 */
async function checkConversationRate(tx: Executor, buyer: SessionUser): Promise<void> {
  const isNewAccount = Date.now() - buyer.createdAt.getTime() < NEW_ACCOUNT_HOURS * HOUR_MS;
  const started = {
    table: conversations,
    owner: conversations.buyer_id,
    createdAt: conversations.created_at,
  };
  const wait = await waitForRoomInWindow(tx, started, buyer.id, {
    windowSeconds: HOUR_MS / 1000,
    limit: isNewAccount ? NEW_ACCOUNT_CONVERSATIONS_PER_HOUR : CONVERSATIONS_PER_HOUR,
  });
  if (wait === undefined) return;
  throw messagingLimitReached(
    isNewAccount ? 'new_account_conversation_limit_reached' : 'conversation_limit_reached',
  ).retryingAfter(wait);
}

type LockedConversation = {
  id: string;
  my_role: ConversationRole;
  other_id: string | null;
  has_messages: boolean;
};

/** Locks a conversation the actor may write to for a new message (404 for anyone else). */
async function lockConversation(
  tx: Executor,
  conversationId: string,
  actor: SessionUser,
): Promise<LockedConversation> {
  const facts = authorize(actor, 'write', {
    conversation: await findConversationFacts(tx, conversationId, { lock: true }),
  });
  const isBuyer = facts.buyer_id === actor.id;
  const { rows } = await tx.execute<{ has_messages: boolean }>(sql`
    select exists (select 1 from messages where conversation_id = ${facts.id}) as has_messages`);
  return {
    id: facts.id,
    my_role: isBuyer ? 'buyer' : 'seller',
    other_id: isBuyer ? facts.seller_id : facts.buyer_id,
    has_messages: rows[0]?.has_messages ?? false,
  };
}

/**
 * Writes a message into a locked conversation and keeps both participants' inbox order,
 * read state and unread count with it. created_at is taken now, after the lock, so within
 * a conversation it follows the order of commits.
 */
async function writeMessage(
  tx: Transaction,
  conversation: LockedConversation,
  sender: { id: string },
  body: string,
  context: SendContext,
): Promise<SentMessage> {
  if (!conversation.other_id) throw recipientUnavailable();
  if (await isBlockedEitherWay(tx, sender.id, conversation.other_id)) throw userBlocked();
  await checkMessageRate(tx, sender.id);
  const warnings = findMessageWarnings(body, {
    isFirstMessage: !conversation.has_messages,
    siteHost: context.siteHost,
  });
  const { rows } = await tx.execute<MessageRow>(sql`
    insert into messages (conversation_id, sender_id, sender_role, body, warnings)
    values (${conversation.id}, ${sender.id}, ${conversation.my_role}, ${body},
            ${`{${warnings.join(',')}}`}::text[])
    returning id, conversation_id, sender_role, body, warnings, ${isoTime('created_at')} as created_at,
              false as is_read`);
  const message = rows[0]!;
  // The sender has seen everything up to their own message.
  await tx.execute(sql`
    update conversation_participants participant set
      last_message_at = sent.created_at,
      unread_count = case when role = ${conversation.my_role} then 0 else unread_count + 1 end,
      last_read_at = case when role = ${conversation.my_role} then sent.created_at else last_read_at end
    from (select created_at from messages where id = ${message.id}) sent
    where participant.conversation_id = ${conversation.id}`);
  // The recipient's bell: one notification per conversation while unread, with the count.
  const { rows: facts } = await tx.execute<{ unread: number; ad_title: string; sender_name: string }>(sql`
    select recipient.unread_count as unread, c.ad_title,
      coalesce(nullif(sender_profile.name, ''), sender_user.name, '') as sender_name
    from conversation_participants recipient
    join conversations c on c.id = recipient.conversation_id
    left join users sender_user on sender_user.id = ${sender.id}
    left join profiles sender_profile on sender_profile.id = ${sender.id}
    where recipient.conversation_id = ${conversation.id} and recipient.role <> ${conversation.my_role}`);
  if (facts[0]) {
    await notifyNewMessages(tx, {
      recipientId: conversation.other_id,
      conversationId: conversation.id,
      senderName: facts[0].sender_name,
      adTitle: facts[0].ad_title,
      unread: facts[0].unread,
    });
  }
  // Delivered to every tab of both people, in every process, when this transaction commits.
  await publishLive(tx, {
    userIds: [sender.id, conversation.other_id],
    type: 'message',
    data: { conversation_id: conversation.id, message_id: message.id },
  });
  return {
    conversationId: conversation.id,
    message,
    senderId: sender.id,
    recipientId: conversation.other_id,
    recipientRole: conversation.my_role === 'buyer' ? 'seller' : 'buyer',
  };
}

/** Sends a message in an existing conversation of the sender. */
export async function sendMessage(
  tx: Transaction,
  input: { conversationId: string; sender: SessionUser; body: string },
  context: SendContext,
): Promise<SentMessage> {
  await lockSender(tx, input.sender.id);
  const conversation = await lockConversation(tx, input.conversationId, input.sender);
  return writeMessage(tx, conversation, input.sender, input.body, context);
}

/**
 * Asks the seller of an ad (issue 12): starts the conversation between this buyer and this
 * seller about this ad, or continues the one they have.
 */
export async function startConversation(
  tx: Transaction,
  input: { adId: string; buyer: SessionUser; body: string },
  context: SendContext,
): Promise<SentMessage> {
  const { buyer } = input;
  await lockSender(tx, buyer.id);
  const { rows: ads } = await tx.execute<{
    user_id: string;
    title: string;
    status: string;
    settings: unknown;
  }>(sql`
    select a.user_id, a.title, a.status, p.settings from advertisements a
    left join profiles p on p.id = a.user_id
    where a.id = ${input.adId}
    for share of a`);
  const ad = authorize(buyer, 'message', { ad: ads[0] });

  const { rows: existing } = await tx.execute<{ id: string }>(sql`
    select id from conversations where ad_id = ${input.adId} and buyer_id = ${buyer.id}`);
  let conversationId = existing[0]?.id;
  if (!conversationId) {
    // A seller who turned direct messages off takes no new conversations; the ones they
    // already have go on.
    if (!readProfileSettings(ad.settings).allowDirectMessages) throw directMessagesDisabled();
    if (await isBlockedEitherWay(tx, buyer.id, ad.user_id)) throw userBlocked();
    await checkConversationRate(tx, buyer);
    const { rows: created } = await tx.execute<{ id: string }>(sql`
      with conversation as (
        insert into conversations (ad_id, ad_title, buyer_id, seller_id)
        values (${input.adId}, ${ad.title}, ${buyer.id}, ${ad.user_id})
        returning id
      ), participants as (
        insert into conversation_participants (conversation_id, role, user_id, last_message_at)
        select id, role, user_id, now() from conversation,
          (values ('buyer', ${buyer.id}::uuid), ('seller', ${ad.user_id}::uuid)) as sides(role, user_id)
      )
      select id from conversation`);
    conversationId = created[0]!.id;
  }
  const conversation = await lockConversation(tx, conversationId, buyer);
  return writeMessage(tx, conversation, buyer, input.body, context);
}
