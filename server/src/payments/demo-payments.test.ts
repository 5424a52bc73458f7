import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type TestSeller } from '../../test/factories';
import {
  checkoutStatus,
  createCheckout,
  fetchMe,
  payOnDemoPage,
  writeHeaders,
} from '../../test/subscription-helpers';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app';
import { checkouts, paymentEvents, payments } from '../db/schema';
import { DEMO_WEBHOOK_PATH, type DemoEvent } from './demo-events';
import { DEMO_SIGNATURE_HEADER, deriveDemoSigningKey, signDemoEvent } from './demo-signature';

// The auth secret createTestApp hands to buildApp; the demo provider's key derives from it.
const signingKey = deriveDemoSigningKey(TEST_AUTH_SECRET);

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function paidEvent(
  checkout: { id: string; amount_cents: number },
  overrides: Partial<DemoEvent['data']> = {},
) {
  return {
    id: `evt_demo_${randomUUID().replaceAll('-', '')}`,
    type: 'checkout.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      checkout_id: checkout.id,
      amount_cents: checkout.amount_cents,
      currency: 'usd',
      subscription_id: `sub_demo_${checkout.id}`,
      ...overrides,
    },
  } as const;
}

function sendEvent(body: string, signature: string | undefined, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: DEMO_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [DEMO_SIGNATURE_HEADER]: signature } : {}),
      ...headers,
    },
    payload: body,
  });
}

async function planOf(seller: TestSeller) {
  return (await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan;
}

describe('the demo provider’s payment events', () => {
  it('applies a correctly signed event, even from a server that sends no browser origin', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    const body = JSON.stringify(paidEvent(checkout));
    const response = await sendEvent(body, signDemoEvent(signingKey, body), {
      origin: 'https://provider.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await planOf(seller)).toBe('premium');
  });

  it('refuses a forged event: no signature, a wrong key, or a body changed after signing', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'master');
    const body = JSON.stringify(paidEvent(checkout));
    const forgedKey = deriveDemoSigningKey('someone-else-s-secret-of-32-characters!');
    const tampered = JSON.stringify(paidEvent(checkout, { amount_cents: 1 }));
    for (const [payload, signature] of [
      [body, undefined],
      [body, signDemoEvent(forgedKey, body)],
      [tampered, signDemoEvent(signingKey, body)],
      [body, 't=1,v1=abc'],
    ] as const) {
      const response = await sendEvent(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_signature');
    }
    expect(await planOf(seller)).toBeNull();
    const recorded = await testApp.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.checkout_id, checkout.id));
    expect(recorded).toEqual([]);
  });

  it('refuses an old signed event replayed after the tolerance window', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const body = JSON.stringify(paidEvent(checkout));
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    const response = await sendEvent(body, signDemoEvent(signingKey, body, tenMinutesAgo));
    expect(response.statusCode).toBe(400);
    expect(await planOf(seller)).toBeNull();
  });

  it('treats a replayed event as a no-op', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const body = JSON.stringify(paidEvent(checkout));
    const first = await sendEvent(body, signDemoEvent(signingKey, body));
    const replay = await sendEvent(body, signDemoEvent(signingKey, body));
    expect(first.json().outcome).toBe('applied');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history).toHaveLength(1);
  });

  it('refuses a payment of another amount than the checkout asked, and fails the checkout', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'master');
    const body = JSON.stringify(paidEvent(checkout, { amount_cents: 500 }));
    const response = await sendEvent(body, signDemoEvent(signingKey, body));
    expect(response.json().outcome).toBe('ignored: amount mismatch');
    expect(await planOf(seller)).toBeNull();
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('failed');

    const wrongCurrency = JSON.stringify(paidEvent(checkout, { currency: 'eur' }));
    await sendEvent(wrongCurrency, signDemoEvent(signingKey, wrongCurrency));
    expect(await planOf(seller)).toBeNull();
  });

  it('ignores a payment for a checkout that is already completed', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const first = JSON.stringify(paidEvent(checkout));
    await sendEvent(first, signDemoEvent(signingKey, first));
    const [before] = await testApp.database.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));

    const second = JSON.stringify(paidEvent(checkout));
    const response = await sendEvent(second, signDemoEvent(signingKey, second));
    expect(response.json().outcome).toBe('ignored: checkout is paid');
    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history).toHaveLength(1);
    const [after] = await testApp.database.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(after?.completed_at).toEqual(before?.completed_at);
  });
});

describe('the Stripe webhook without Stripe configured', () => {
  it('does not exist', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the demo payment page', () => {
  it('shows the plan, the price and a Pay button to the checkout’s owner', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    const response = await testApp.app.inject({
      url: `/checkout/demo/${checkout.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Premium Pack');
    expect(response.body).toContain('Pay $15.00');
    expect(response.body).toContain(`action="/checkout/demo/${checkout.id}/pay"`);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers not found to anyone else, and asks a signed-out visitor to log in', async () => {
    const owner = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, owner, 'premium');
    const asOther = await testApp.app.inject({
      url: `/checkout/demo/${checkout.id}`,
      headers: { cookie: other.cookie },
    });
    expect(asOther.statusCode).toBe(404);
    const paidByOther = await payOnDemoPage(testApp.app, other, checkout.id);
    expect(paidByOther.statusCode).toBe(404);
    const signedOut = await testApp.app.inject(`/checkout/demo/${checkout.id}`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('Please login to subscribe to a plan.');
    expect((await checkoutStatus(testApp.app, owner, checkout.id)).status).toBe('open');
  });

  it('refuses a Pay form posted from another site', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/checkout/demo/${checkout.id}/pay`,
      headers: {
        cookie: seller.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(403);
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('open');
  });

  it('pays once when Pay is pressed twice, and then shows the success page', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const first = await payOnDemoPage(testApp.app, seller, checkout.id);
    const second = await payOnDemoPage(testApp.app, seller, checkout.id);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/checkout/demo/${checkout.id}`);
    expect(second.statusCode).toBe(303);
    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history).toHaveLength(1);
    const events = await testApp.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'demo'), eq(paymentEvents.checkout_id, checkout.id)));
    expect(events).toHaveLength(1);

    const page = await testApp.app.inject({
      url: `/checkout/demo/${checkout.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(page.body).toContain('Welcome to the Starter Pack! Your subscription is now active.');
  });

  it('fails the checkout when the buyer cancels, and activates nothing', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/checkout/demo/${checkout.id}/cancel`,
      headers: { ...writeHeaders(seller), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('failed');
    await payOnDemoPage(testApp.app, seller, checkout.id);
    expect(await planOf(seller)).toBeNull();
  });

  it('does not take payment for a checkout that has expired', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    await testApp.database.db
      .update(checkouts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, checkout.id));
    await payOnDemoPage(testApp.app, seller, checkout.id);
    expect(await planOf(seller)).toBeNull();
    const page = await testApp.app.inject({
      url: `/checkout/demo/${checkout.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(page.body).toContain('This checkout has expired');
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('expired');
  });
});
