import { formatDay } from '@bazaar/common/format';
import { findPlan } from '@bazaar/common/plans';
import { paths } from '@bazaar/common/site-paths';
import type { Executor } from '../db/database';
import { notify } from './notify';

/**
 * What each feature tells people through the bell (issue 12), worded in one place. Each call
 * runs in the transaction of the change it tells about (see notify()).
 */

const quoted = (title: string) => `“${title}”`;
const planName = (planId: string | null | undefined) =>
  (planId ? findPlan(planId)?.name : undefined) ?? 'your plan';

/**
 * New messages in a conversation: one notification per conversation while it is unread,
 * saying how many messages are waiting, instead of one per message.
 */
export function notifyNewMessages(
  tx: Executor,
  input: { recipientId: string; conversationId: string; senderName: string; adTitle: string; unread: number },
) {
  const sender = input.senderName.trim() || 'Someone';
  const what = input.unread > 1 ? `${input.unread} new messages` : 'a new message';
  return notify(tx, {
    userId: input.recipientId,
    kind: 'message',
    title: `${sender} sent you ${what} about ${quoted(input.adTitle)}`,
    link: paths.conversation(input.conversationId),
    coalesceKey: messageCoalesceKey(input.conversationId),
  });
}

export const messageCoalesceKey = (conversationId: string) => `conversation:${conversationId}`;

/**
 * Someone (never named: favourites are private) saved the owner's ad. Once per person and ad,
 * so adding and removing it again does not ring the bell each time.
 */
export function notifyAdFavorited(
  tx: Executor,
  input: { ownerId: string; adId: string; adTitle: string; fanId: string },
) {
  return notify(tx, {
    userId: input.ownerId,
    kind: 'ad_favorited',
    title: `Someone added your ad ${quoted(input.adTitle)} to their favorites`,
    link: paths.ad(input.adId),
    onceKey: `ad_favorited:${input.adId}:${input.fanId}`,
  });
}

export function notifyPlanPaid(tx: Executor, input: { userId: string; planId: string; periodEnd: Date }) {
  return notify(tx, {
    userId: input.userId,
    kind: 'payment_confirmed',
    title: `Payment confirmed: the ${planName(input.planId)} is active until ${formatDay(input.periodEnd, 'UTC')}`,
    link: paths.subscription,
  });
}

export function notifyPlanRenewed(
  tx: Executor,
  input: { userId: string; planId: string | null; periodEnd: Date },
) {
  return notify(tx, {
    userId: input.userId,
    kind: 'payment_renewed',
    title: `The ${planName(input.planId)} renewed until ${formatDay(input.periodEnd, 'UTC')}`,
    link: paths.subscription,
  });
}

export function notifyPaymentFailed(
  tx: Executor,
  input: {
    userId: string;
    what: 'plan' | 'feature' | 'renewal';
    planId?: string | null;
    adId?: string | null;
  },
) {
  const title =
    input.what === 'feature'
      ? 'Your payment to feature an ad failed. Nothing was charged; you can try again.'
      : input.what === 'renewal'
        ? `The renewal payment of the ${planName(input.planId)} failed. Check your payment method to keep your plan.`
        : `Your payment for the ${planName(input.planId)} failed. You can try again.`;
  return notify(tx, {
    userId: input.userId,
    kind: 'payment_failed',
    title,
    link: input.what === 'feature' && input.adId ? paths.ad(input.adId) : paths.subscription,
  });
}

export function notifyFeaturePurchased(
  tx: Executor,
  input: { userId: string; adId: string; adTitle: string; featuredUntil: Date },
) {
  return notify(tx, {
    userId: input.userId,
    kind: 'feature_purchased',
    title: `Payment confirmed: ${quoted(input.adTitle)} is featured until ${formatDay(input.featuredUntil, 'UTC')}`,
    link: paths.ad(input.adId),
  });
}

export function notifyFeatureEnded(
  tx: Executor,
  input: { userId: string; adId: string; adTitle: string; endedAt: Date },
) {
  return notify(tx, {
    userId: input.userId,
    kind: 'feature_ended',
    title: `The featured week of ${quoted(input.adTitle)} has ended. Feature it again to keep it on top.`,
    link: paths.ad(input.adId),
    onceKey: `feature_ended:${input.adId}:${input.endedAt.toISOString()}`,
  });
}
