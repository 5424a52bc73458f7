import { isOwner, type Actor, type ResourcePolicy } from './rules';

/** What the rules need to know of a notification: whose it is. */
export interface NotificationFacts {
  user_id: string;
}

const isRecipient = (actor: Actor, notification: NotificationFacts): boolean =>
  isOwner(actor, notification.user_id);

/**
 * A notification is its recipient's alone (issue 12): for anyone else, staff included, it does
 * not exist (404).
 */
export const notificationPolicy = {
  notFoundMessage: 'This notification does not exist.',
  isVisibleTo: isRecipient,
  actions: {
    read: { allows: isRecipient },
    /** Mark it read. */
    write: { allows: isRecipient },
  },
} satisfies ResourcePolicy<NotificationFacts>;
