import { HOUR_MS } from '@bazaar/common/constants';
import { FEATURE_DAYS, FEATURE_PRICE_CENTS } from '@bazaar/common/featuring';
import type { CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session-guard';
import type { Database } from '../db/database';
import { checkouts } from '../db/schema';
import { rateLimited, unauthenticated } from '../http/errors';
import type { PaymentGateway } from '../payments/payment-gateway';
import { openProviderSession } from '../payments/provider-session';
import {
  countCheckoutsCreatedSince,
  insertCheckout,
  lockProfile,
  presentCheckout,
} from '../subscriptions/queries';
import { CHECKOUT_LIFETIME_MS, CHECKOUTS_PER_HOUR, REUSE_MARGIN_MS } from '../subscriptions/start-checkout';
import { lockAdToFeature } from './feature-ad';

/**
 * Starts paying for a week of featuring an ad ($3, priced here): the same checkouts,
 * providers and limits as a plan. An open checkout for the same ad is reopened.
 */
export async function startFeatureCheckout(
  { db, gateway, log }: { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger },
  user: SessionUser,
  adId: string,
  now: Date = new Date(),
): Promise<CreateCheckoutResponse> {
  const prepared = await db.transaction(async (tx) => {
    const profile = await lockProfile(tx, user.id);
    if (!profile) throw unauthenticated();
    const ad = await lockAdToFeature(tx, adId, user);
    const [reusable] = await tx
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.user_id, user.id),
          eq(checkouts.purpose, 'feature'),
          eq(checkouts.ad_id, adId),
          eq(checkouts.status, 'open'),
          eq(checkouts.provider, gateway.provider),
          isNotNull(checkouts.provider_url),
          gt(checkouts.expires_at, new Date(now.getTime() + REUSE_MARGIN_MS)),
        ),
      )
      .orderBy(desc(checkouts.created_at))
      .limit(1);
    if (reusable) return { checkout: reusable, ad, customerId: profile.provider_customer_id, isNew: false };

    const since = new Date(now.getTime() - HOUR_MS);
    if ((await countCheckoutsCreatedSince(tx, user.id, since)) >= CHECKOUTS_PER_HOUR) {
      throw rateLimited();
    }
    const checkout = await insertCheckout(tx, {
      user_id: user.id,
      purpose: 'feature',
      ad_id: adId,
      provider: gateway.provider,
      amount_cents: FEATURE_PRICE_CENTS,
      expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
    return { checkout, ad, customerId: profile.provider_customer_id, isNew: true };
  });

  const checkout = prepared.isNew
    ? await openProviderSession({ db, gateway, log }, prepared.checkout, {
        item: { kind: 'feature', adTitle: prepared.ad.title, days: FEATURE_DAYS },
        buyer: { id: user.id, email: user.email, customerId: prepared.customerId },
      })
    : prepared.checkout;
  return { checkout: presentCheckout(checkout), url: checkout.provider_url! };
}
