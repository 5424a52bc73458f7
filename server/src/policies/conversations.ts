import { forbidden } from '../http/errors';
import { isOwner, isStaffActor, type Actor, type ResourcePolicy } from './rules';

/**
 * What the rules need to know of a conversation: its two people (null once deleted) and, where
 * staff ask about it, how many open reports it has. Only the moderation reads load
 * `open_reports`; without it the conversation counts as unreported, so a participant's route
 * never opens it to staff.
 */
export interface ConversationFacts {
  buyer_id: string | null;
  seller_id: string | null;
  open_reports?: number;
}

const isParticipant = (actor: Actor, conversation: ConversationFacts): boolean =>
  isOwner(actor, conversation.buyer_id) || isOwner(actor, conversation.seller_id);

/**
 * Staff read a conversation only while one of its people has an open report about it, and
 * never one they take part in: another moderator handles a report about them (decision 0017).
 */
const isUnderReviewFor = (actor: Actor, conversation: ConversationFacts): boolean =>
  isStaffActor(actor) && !isParticipant(actor, conversation) && (conversation.open_reports ?? 0) > 0;

/**
 * Who may see and use a conversation (issue 12): its two participants; for anyone else it
 * does not exist (404). Staff see a reported one (issue 13) to review it: read its messages
 * and close its reports, never write in it.
 */
export const conversationPolicy = {
  notFoundMessage: 'This conversation does not exist.',
  isVisibleTo: (actor: Actor, conversation: ConversationFacts) =>
    isParticipant(actor, conversation) || isUnderReviewFor(actor, conversation),
  actions: {
    read: { allows: isParticipant },
    /** Send, mark read, block the other person, report. */
    write: { allows: isParticipant },
    /** Staff: read the messages of a reported conversation and decide about its reports. */
    review: {
      allows: isUnderReviewFor,
      refusal: (actor, conversation) =>
        isStaffActor(actor) && isParticipant(actor, conversation)
          ? forbidden('Another moderator must review a conversation you take part in.')
          : forbidden('Only moderators and admins can do that.'),
    },
  },
} satisfies ResourcePolicy<ConversationFacts>;
