import type { SessionUser } from '../auth/session-guard';
import type { Transaction } from '../db/database';
import { markConversationRead } from '../messaging/read-state';
import { sendMessage, startConversation, type SendContext } from '../messaging/send-message';

/** A demo seller as the seed made them. */
interface DemoPerson {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

/**
 * Conversations already under way when the demo starts (issue 12), so that the README's demo
 * seller opens an inbox with something in it: two buyers asking about her ads (their last
 * messages unread) and one she started as a buyer, answered and read.
 */
const demoConversations: { buyer: string; seller: string; ad: string; messages: string[] }[] = [
  {
    buyer: 'james@demo.bazaar.local',
    seller: 'maria@demo.bazaar.local',
    ad: 'iPhone 14 Pro 256GB, Deep Purple, like new',
    messages: [
      'Hi Maria, is the iPhone still available? Does it come with the original box?',
      'Hi James, yes it is! Box and cable included, and the battery health is 91%.',
      'Great. Could I see it on Saturday morning, somewhere central in Austin?',
    ],
  },
  {
    buyer: 'aisha@demo.bazaar.local',
    seller: 'maria@demo.bazaar.local',
    ad: 'Mid-century oak dining table with 4 chairs',
    messages: ['Hello! Are the chairs sturdy? I could pick the set up on Sunday with a van.'],
  },
  {
    buyer: 'maria@demo.bazaar.local',
    seller: 'james@demo.bazaar.local',
    ad: 'Sony WH-1000XM5 noise cancelling headphones',
    messages: [
      'Hi James, do the headphones still last a full day on one charge?',
      'Hi Maria, about 28 hours with noise cancelling on. Happy to show you.',
      'Perfect, thanks. I will let you know this week.',
    ],
  },
];

/**
 * Writes the demo conversations as the app writes any message (messaging/send-message.ts):
 * turns alternate between the buyer and the seller, each reading the thread before
 * answering, and each side's inbox order, unread count and bell follow. The last message of
 * each conversation is left unread by its recipient. No e-mail is queued: nobody reads the
 * demo sellers' mail.
 */
export async function insertDemoConversations(
  tx: Transaction,
  people: DemoPerson[],
  ads: { id: string; title: string; user_id: string }[],
  context: SendContext,
): Promise<void> {
  const asSessionUser = (email: string): SessionUser => {
    const person = people.find((candidate) => candidate.email === email);
    if (!person) throw new Error(`No demo person ${email}`);
    return { ...person, emailVerified: true, role: 'user' };
  };
  for (const conversation of demoConversations) {
    const buyer = asSessionUser(conversation.buyer);
    const seller = asSessionUser(conversation.seller);
    const ad = ads.find(
      (candidate) => candidate.title === conversation.ad && candidate.user_id === seller.id,
    );
    if (!ad) throw new Error(`No demo ad "${conversation.ad}" of ${seller.email}`);
    const [question, ...replies] = conversation.messages;
    const { conversationId } = await startConversation(tx, { adId: ad.id, buyer, body: question! }, context);
    for (const [index, body] of replies.entries()) {
      const [sender, recipient] = index % 2 === 0 ? [seller, buyer] : [buyer, seller];
      // Read before answering, as the thread does when it opens.
      await markConversationRead(tx, { id: conversationId, other_id: recipient.id }, sender.id);
      await sendMessage(tx, { conversationId, sender, body }, context);
    }
  }
}
