import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { checkouts } from '../db/schema';
import { paymentProviderError } from '../http/errors';
import { attachProviderSession, closeOpenCheckout } from '../subscriptions/queries';
import type { CheckoutForProvider, PaymentGateway } from './payment-gateway';

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * Asks the provider for the payment page of a checkout just recorded. When it cannot make
 * one, the checkout is closed (nothing can pay it) and the buyer gets a 502.
 */
export async function openProviderSession(
  { db, gateway, log }: { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger },
  checkout: CheckoutRow,
  order: Omit<CheckoutForProvider, 'id' | 'amountCents' | 'creditCents' | 'bonusSeconds' | 'expiresAt'>,
): Promise<CheckoutRow> {
  try {
    const session = await gateway.createCheckoutSession({
      id: checkout.id,
      amountCents: checkout.amount_cents,
      creditCents: checkout.credit_cents,
      bonusSeconds: checkout.bonus_seconds,
      expiresAt: checkout.expires_at,
      ...order,
    });
    return await attachProviderSession(db, checkout.id, session);
  } catch (error) {
    log.error(
      { err: error, checkout: checkout.id },
      'the payment provider did not create a checkout session',
    );
    await closeOpenCheckout(db, checkout.id, 'failed', 'provider error');
    throw paymentProviderError();
  }
}
