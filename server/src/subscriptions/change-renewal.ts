import type { Subscription } from '@bazaar/common/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { noActiveSubscription, paymentProviderError, unauthenticated } from '../http/errors';
import type { PaymentGateways } from '../payments/payment-gateway';
import { findProfile, presentSubscription, runningPaidPeriod, setCancelAtPeriodEnd } from './queries';

/**
 * Cancel (the plan stays until the period ends, then lapses) or resume renewal before then
 * (FAQ). The provider is told first, so it never bills a plan we show as cancelled.
 */
export async function changeRenewal(
  { db, gateways, log }: { db: Database; gateways: PaymentGateways; log: FastifyBaseLogger },
  userId: string,
  cancel: boolean,
): Promise<Subscription> {
  const profile = await findProfile(db, userId);
  if (!profile) throw unauthenticated();
  const { subscription_provider: provider, provider_subscription_id: subscriptionId } = profile;
  if (!runningPaidPeriod(profile, new Date()) || !provider || !subscriptionId) {
    throw noActiveSubscription();
  }
  if (profile.cancel_at_period_end === cancel) return presentSubscription(profile);

  const gateway = gateways.byProvider[provider];
  if (!gateway) throw paymentProviderError();
  try {
    await gateway.setCancelAtPeriodEnd(subscriptionId, cancel);
  } catch (error) {
    log.error({ err: error, subscriptionId }, 'the payment provider did not change renewal');
    throw paymentProviderError();
  }
  const updated = await setCancelAtPeriodEnd(db, userId, subscriptionId, cancel);
  // A payment replaced the subscription meanwhile; report what is there now.
  return presentSubscription(updated ?? (await findProfile(db, userId))!);
}
