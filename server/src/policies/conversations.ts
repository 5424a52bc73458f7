import { isOwner, type Actor, type ResourcePolicy } from './rules';

/** What the rules need to know of a conversation: its two people (null once deleted). */
export interface ConversationFacts {
  buyer_id: string | null;
  seller_id: string | null;
}

const isParticipant = (actor: Actor, conversation: ConversationFacts): boolean =>
  isOwner(actor, conversation.buyer_id) || isOwner(actor, conversation.seller_id);

/**
 * Who may see and use a conversation (issue 12): its two participants, and nobody else: for
 * anyone else it does not exist (404), staff included until moderation reads reports.
 */
export const conversationPolicy = {
  notFoundMessage: 'This conversation does not exist.',
  isVisibleTo: isParticipant,
  actions: {
    read: { allows: isParticipant },
    /** Send, mark read, block the other person, report. */
    write: { allows: isParticipant },
  },
} satisfies ResourcePolicy<ConversationFacts>;
