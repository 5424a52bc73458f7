import { HOUR_MS } from '@bazaar/common/constants';
import { findPlan, type PlanId } from '@bazaar/common/plans';
import type { CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session-guard';
import type { Database } from '../db/database';
import { rateLimited, unauthenticated } from '../http/errors';
import type { PaymentGateway } from '../payments/payment-gateway';
import { openProviderSession } from '../payments/provider-session';
import {
  countCheckoutsCreatedSince,
  findReusableCheckout,
  insertCheckout,
  lockProfile,
  presentCheckout,
  quotePlanForSeller,
} from './queries';

/** How long a checkout can be paid; Stripe asks for at least 30 minutes. */
export const CHECKOUT_LIFETIME_MS = HOUR_MS;
/** A checkout is reopened only if this much time is left to pay it. */
export const REUSE_MARGIN_MS = 10 * 60 * 1000;
/** New checkouts per seller per hour; reopening an existing one does not count. */
export const CHECKOUTS_PER_HOUR = 10;

/**
 * Starts paying for a plan: prices it on the server (proration included), records the
 * checkout and asks the provider for its payment page. An open checkout for the same plan
 * and the same running period is reopened rather than duplicated.
 */
export async function startCheckout(
  { db, gateway, log }: { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger },
  user: SessionUser,
  planId: PlanId,
  now: Date = new Date(),
): Promise<CreateCheckoutResponse> {
  const plan = findPlan(planId)!;
  const prepared = await db.transaction(async (tx) => {
    // Locking the profile queues a seller's concurrent presses, so they share one checkout.
    const profile = await lockProfile(tx, user.id);
    if (!profile) throw unauthenticated();
    const quote = quotePlanForSeller(profile, plan, now);
    const replacesPeriodEnd = quote.replaces?.periodEnd ?? null;
    const reusable = await findReusableCheckout(tx, {
      userId: user.id,
      planId: plan.id,
      provider: gateway.provider,
      replacesPeriodEnd,
      payableUntil: new Date(now.getTime() + REUSE_MARGIN_MS),
    });
    if (reusable) return { checkout: reusable, customerId: profile.provider_customer_id, isNew: false };

    const createdLastHour = await countCheckoutsCreatedSince(tx, user.id, new Date(now.getTime() - HOUR_MS));
    if (createdLastHour >= CHECKOUTS_PER_HOUR) throw rateLimited();
    const checkout = await insertCheckout(tx, {
      user_id: user.id,
      purpose: 'plan',
      plan_id: plan.id,
      provider: gateway.provider,
      amount_cents: quote.price.amountDueCents,
      credit_cents: quote.price.creditCents,
      bonus_seconds: quote.price.bonusSeconds,
      replaces_period_end: replacesPeriodEnd,
      expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
    return { checkout, customerId: profile.provider_customer_id, isNew: true };
  });

  const checkout = prepared.isNew
    ? await openProviderSession({ db, gateway, log }, prepared.checkout, {
        item: { kind: 'plan', plan },
        buyer: { id: user.id, email: user.email, customerId: prepared.customerId },
      })
    : prepared.checkout;
  return { checkout: presentCheckout(checkout), url: checkout.provider_url! };
}
