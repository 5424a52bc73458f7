import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import {
  checkoutStatus,
  createCheckout,
  fetchMe,
  movePaidPeriod,
  readProfile,
  writeHeaders,
} from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { advertisements, checkouts, payments } from '../db/schema';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes';

const WEBHOOK_SECRET = 'whsec_test_bazaar';

let fakeStripe: FakeStripe;
let testApp: TestApp;

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  testApp = await createTestApp({
    environment: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bazaar',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await fakeStripe.close();
});
beforeEach(() => fakeStripe.respondWith(undefined));

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function stripeEvent(type: string, object: Record<string, unknown>, id = newId('evt')) {
  return {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function deliver(event: object, secret = WEBHOOK_SECRET, signed = true) {
  const payload = JSON.stringify(event);
  return testApp.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signed
        ? { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) }
        : {}),
    },
    payload,
  });
}

async function sessionIdOf(checkoutId: string): Promise<string> {
  const [row] = await testApp.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row!.provider_session_id!;
}

function sessionCompleted(
  sessionId: string,
  overrides: { amount_total: number; subscription?: string; customer?: string; payment_status?: string },
) {
  return stripeEvent('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    currency: 'usd',
    subscription: newId('sub'),
    customer: newId('cus'),
    ...overrides,
  });
}

/** A seller on `plan` through Stripe, with the Stripe subscription id it got. */
async function subscribeWithStripe(seller: TestSeller, planId: 'starter' | 'premium' | 'master') {
  const { checkout } = await createCheckout(testApp.app, seller, planId);
  const subscription = newId('sub');
  const customer = newId('cus');
  const response = await deliver(
    sessionCompleted(await sessionIdOf(checkout.id), {
      amount_total: checkout.amount_cents,
      subscription,
      customer,
    }),
  );
  expect(response.json().outcome).toBe('applied');
  return { checkout, subscription, customer };
}

describe('Stripe Checkout', () => {
  it('creates a session in subscription mode with the plan’s monthly price from common/', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout, url } = await createCheckout(testApp.app, seller, 'premium');
    expect(checkout).toMatchObject({ provider: 'stripe', status: 'open', amount_cents: 1500 });
    const call = fakeStripe.calls.find(
      (candidate) =>
        candidate.path === '/v1/checkout/sessions' && candidate.body.client_reference_id === checkout.id,
    );
    expect(call).toBeDefined();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(call!.idempotencyKey).toBe(`bazaar-checkout-${checkout.id}`);
    expect(call!.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Premium Pack',
      'metadata[checkout_id]': checkout.id,
      customer_email: seller.email,
      success_url: `${TEST_PUBLIC_URL}/checkout/${checkout.id}/complete`,
    });
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBeNull();
  });

  it('answers payment_provider_error when Stripe refuses, and leaves no open checkout', async () => {
    const seller = await createSeller(testApp.app);
    fakeStripe.respondWith(() => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API key' } },
    }));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/checkouts',
      headers: writeHeaders(seller),
      payload: { plan_id: 'starter' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('payment_provider_error');
    const rows = await testApp.database.db.select().from(checkouts).where(eq(checkouts.user_id, seller.id));
    expect(rows.map((row) => row.status)).toEqual(['failed']);
  });
});

describe('the page Stripe Checkout returns the buyer to', () => {
  it('waits for the webhook, says so when cancelled, and welcomes once the payment is verified', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const page = (query = '') =>
      testApp.app.inject({
        url: `/checkout/${checkout.id}/complete${query}`,
        headers: { cookie: seller.cookie },
      });

    const pending = await page();
    expect(pending.body).toContain('Confirming your payment…');
    expect(pending.body).toContain('http-equiv="refresh"');
    expect((await page('?cancelled=1')).body).toContain('Payment cancelled');
    const other = await createSeller(testApp.app);
    const asOther = await testApp.app.inject({
      url: `/checkout/${checkout.id}/complete`,
      headers: { cookie: other.cookie },
    });
    expect(asOther.statusCode).toBe(404);

    await deliver(sessionCompleted(await sessionIdOf(checkout.id), { amount_total: 500 }));
    expect((await page()).body).toContain('Welcome to the Starter Pack! Your subscription is now active.');
  });
});

describe('POST /api/payments/webhooks/stripe', () => {
  it('activates the plan only on a correctly signed checkout.session.completed', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    const event = sessionCompleted(await sessionIdOf(checkout.id), {
      amount_total: 1500,
      subscription: 'sub_premium_1',
      customer: 'cus_premium_1',
    });

    for (const refused of [
      await deliver(event, 'whsec_someone_else'),
      await deliver(event, WEBHOOK_SECRET, false),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_signature');
    }
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBeNull();

    const accepted = await deliver(event);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await fetchMe(testApp.app, seller)).quota).toMatchObject({ max_ads: 18, post_gate: 'allowed' });
    const profile = await readProfile(testApp, seller.id);
    expect(profile).toMatchObject({
      subscription_provider: 'stripe',
      provider_subscription_id: 'sub_premium_1',
      provider_customer_id: 'cus_premium_1',
    });

    const replay = await deliver(event);
    expect(replay.json().outcome).toBe('duplicate');
    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history).toHaveLength(1);
  });

  it('refuses a completed session whose amount is not what the checkout asked', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'master');
    const response = await deliver(sessionCompleted(await sessionIdOf(checkout.id), { amount_total: 100 }));
    expect(response.json().outcome).toBe('ignored: amount mismatch');
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('failed');
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBeNull();
  });

  it('waits for a delayed payment method, and fails the checkout when it fails', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const sessionId = await sessionIdOf(checkout.id);
    const pending = await deliver(
      sessionCompleted(sessionId, { amount_total: 500, payment_status: 'unpaid' }),
    );
    expect(pending.json().outcome).toMatch(/^ignored/);
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('open');
    await deliver(
      stripeEvent('checkout.session.async_payment_failed', { id: sessionId, object: 'checkout.session' }),
    );
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('failed');
  });

  it('extends the period on each monthly renewal invoice', async () => {
    const seller = await createSeller(testApp.app);
    const { subscription } = await subscribeWithStripe(seller, 'starter');
    const start = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const end = start + 31 * 86_400;
    const invoice = (billingReason: string) =>
      stripeEvent('invoice.paid', {
        id: newId('in'),
        object: 'invoice',
        billing_reason: billingReason,
        amount_paid: 500,
        currency: 'usd',
        parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
        lines: { object: 'list', data: [{ id: newId('il'), subscription, period: { start, end } }] },
      });

    expect((await deliver(invoice('subscription_create'))).json().outcome).toMatch(/^ignored/);
    expect((await deliver(invoice('subscription_cycle'))).json().outcome).toBe('applied');
    const profile = await readProfile(testApp, seller.id);
    expect(profile.current_period_start?.getTime()).toBe(start * 1000);
    expect(profile.current_period_end?.getTime()).toBe(end * 1000);
    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history.map((payment) => payment.kind).sort()).toEqual(['renewal', 'subscribe']);
  });

  it('ends the plan when Stripe ends the subscription', async () => {
    const seller = await createSeller(testApp.app);
    const { subscription } = await subscribeWithStripe(seller, 'master');
    const response = await deliver(
      stripeEvent('customer.subscription.deleted', {
        id: subscription,
        object: 'subscription',
        ended_at: Math.floor(Date.now() / 1000) - 1,
        cancel_at_period_end: false,
        cancel_at: null,
      }),
    );
    expect(response.json().outcome).toBe('applied');
    expect((await fetchMe(testApp.app, seller)).user.user_metadata).toMatchObject({
      subscription_status: 'trial',
      max_ads: 1,
    });
  });

  it('follows a cancellation made at Stripe (customer.subscription.updated)', async () => {
    const seller = await createSeller(testApp.app);
    const { subscription } = await subscribeWithStripe(seller, 'starter');
    await deliver(
      stripeEvent('customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        cancel_at_period_end: true,
        cancel_at: null,
      }),
    );
    expect((await readProfile(testApp, seller.id)).cancel_at_period_end).toBe(true);
  });
});

describe('cancel, resume and plan changes with Stripe', () => {
  it('tells Stripe before showing the plan as cancelled or resumed', async () => {
    const seller = await createSeller(testApp.app);
    const { subscription } = await subscribeWithStripe(seller, 'premium');

    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });
    expect(cancelled.json().subscription.cancel_at_period_end).toBe(true);
    const updates = () =>
      fakeStripe.calls.filter((call) => call.path === `/v1/subscriptions/${subscription}`);
    expect(updates().at(-1)).toMatchObject({ method: 'POST', body: { cancel_at_period_end: 'true' } });

    await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/resume',
      headers: writeHeaders(seller),
    });
    expect(updates().at(-1)).toMatchObject({ method: 'POST', body: { cancel_at_period_end: 'false' } });
    expect((await readProfile(testApp, seller.id)).cancel_at_period_end).toBe(false);
  });

  it('keeps the plan uncancelled when Stripe cannot be reached', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithStripe(seller, 'starter');
    fakeStripe.respondWith(() => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'No' } },
    }));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });
    expect(response.statusCode).toBe(502);
    expect((await readProfile(testApp, seller.id)).cancel_at_period_end).toBe(false);
  });

  it('credits the unused days as a one-off coupon and ends the old subscription once the new one is paid', async () => {
    const seller = await createSeller(testApp.app);
    const old = await subscribeWithStripe(seller, 'starter');
    await movePaidPeriod(testApp, seller.id, 15);

    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    expect(checkout).toMatchObject({ amount_cents: 1250, credit_cents: 250 });
    const coupon = fakeStripe.calls.find((call) => call.idempotencyKey === `bazaar-coupon-${checkout.id}`);
    expect(coupon?.body).toMatchObject({
      amount_off: '250',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
    });
    const session = fakeStripe.calls.find((call) => call.body.client_reference_id === checkout.id);
    expect(session?.body).toMatchObject({
      'discounts[0][coupon]': expect.stringMatching(/^coupon_/),
      customer: old.customer,
    });

    const response = await deliver(
      sessionCompleted(await sessionIdOf(checkout.id), {
        amount_total: 1250,
        subscription: 'sub_new_premium',
      }),
    );
    expect(response.json().outcome).toBe('applied');
    expect((await fetchMe(testApp.app, seller)).user.user_metadata).toMatchObject({
      subscription_plan: 'premium',
      max_ads: 18,
    });
    expect(fakeStripe.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${old.subscription}` }),
    );
    // The old subscription's own "deleted" event no longer concerns the seller's plan.
    await deliver(
      stripeEvent('customer.subscription.deleted', {
        id: old.subscription,
        object: 'subscription',
        ended_at: Math.floor(Date.now() / 1000),
      }),
    );
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBe('premium');
  });

  it('applies the new plan when Stripe had already ended the old subscription', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithStripe(seller, 'starter');
    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    fakeStripe.respondWith((call) =>
      call.method === 'DELETE'
        ? {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such subscription',
              },
            },
          }
        : undefined,
    );
    const response = await deliver(
      sessionCompleted(await sessionIdOf(checkout.id), {
        amount_total: checkout.amount_cents,
        subscription: 'sub_after_gone',
      }),
    );
    expect(response.json().outcome).toBe('applied');
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBe('premium');
  });
});

describe('featuring an ad with Stripe', () => {
  it('pays once in payment mode, and features the ad only on the signed completed session', async () => {
    const seller = await createSeller(testApp.app);
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Canoe, 16 ft' }]);
    const started = await testApp.app.inject({
      method: 'POST',
      url: `/api/ads/${adId}/feature/checkouts`,
      headers: writeHeaders(seller),
    });
    expect(started.statusCode).toBe(200);
    const { checkout } = started.json<{ checkout: { id: string; amount_cents: number } }>();
    const call = fakeStripe.calls.find((candidate) => candidate.body.client_reference_id === checkout.id);
    expect(call?.body).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '300',
      'line_items[0][price_data][product_data][description]': 'Canoe, 16 ft',
    });
    expect(call?.body['line_items[0][price_data][recurring][interval]']).toBeUndefined();

    const completed = sessionCompleted(await sessionIdOf(checkout.id), { amount_total: 300 });
    const session = completed.data.object as Record<string, unknown>;
    Object.assign(session, { mode: 'payment', subscription: null });
    expect((await deliver(completed, 'whsec_forged')).statusCode).toBe(400);
    const [unpaid] = await testApp.database.db
      .select()
      .from(advertisements)
      .where(eq(advertisements.id, adId!));
    expect(unpaid!.featured_until).toBeNull();

    expect((await deliver(completed)).json().outcome).toBe('applied');
    expect((await deliver(completed)).json().outcome).toBe('duplicate');
    const [featured] = await testApp.database.db
      .select()
      .from(advertisements)
      .where(eq(advertisements.id, adId!));
    expect(featured!.featured_until!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('paid');
  });
});
