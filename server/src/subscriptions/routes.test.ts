import { DAY_MS } from '@bazaar/common/constants';
import { addMonths } from '@bazaar/common/plan-pricing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../../test/factories';
import {
  checkoutStatus,
  createCheckout,
  endTrial,
  fetchMe,
  insertActiveAds,
  movePaidPeriod,
  payOnDemoPage,
  readProfile,
  subscribeWithDemo,
  writeHeaders,
} from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { advertisements, checkouts, payments, profiles } from '../db/schema';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/subscription', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const response = await testApp.app.inject('/api/subscription');
    expect(response.statusCode).toBe(401);
  });

  it('shows a new seller on the 14-day trial with one ad slot and no paid period', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      url: '/api/subscription',
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription).toMatchObject({
      status: 'trial',
      plan_id: null,
      max_ads: 1,
      trial_days_left: 14,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      provider: null,
    });
  });
});

describe('POST /api/subscription/checkouts', () => {
  it('refuses an anonymous visitor', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/checkouts',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { plan_id: 'starter' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unknown plan, and a price or plan fields sent by the client', async () => {
    const seller = await createSeller(testApp.app);
    for (const payload of [
      { plan_id: 'platinum' },
      { plan_id: 'starter', amount_cents: 1 },
      { plan_id: 'starter', max_ads: 500 },
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/subscription/checkouts',
        headers: writeHeaders(seller),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('refuses a request sent from another site', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/checkouts',
      headers: { cookie: seller.cookie, origin: 'https://evil.example' },
      payload: { plan_id: 'starter' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
  });

  it('opens a demo checkout priced from the plan, without activating anything yet', async () => {
    const seller = await createSeller(testApp.app);
    const { checkout, url } = await createCheckout(testApp.app, seller, 'premium');
    expect(checkout).toMatchObject({
      plan_id: 'premium',
      provider: 'demo',
      status: 'open',
      amount_cents: 1500,
      credit_cents: 0,
    });
    // A path, opened at the address the buyer's page was opened at (its session cookie's).
    expect(url).toBe(`/checkout/demo/${checkout.id}`);
    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({
      subscription_status: 'trial',
      subscription_plan: null,
      max_ads: 1,
    });
  });

  it('reopens the open checkout of a plan instead of piling up new ones', async () => {
    const seller = await createSeller(testApp.app);
    const first = await createCheckout(testApp.app, seller, 'starter');
    const again = await createCheckout(testApp.app, seller, 'starter');
    const other = await createCheckout(testApp.app, seller, 'master');
    expect(again.checkout.id).toBe(first.checkout.id);
    expect(other.checkout.id).not.toBe(first.checkout.id);
    const rows = await testApp.database.db.select().from(checkouts).where(eq(checkouts.user_id, seller.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses more than ten new checkouts an hour with rate_limited', async () => {
    const seller = await createSeller(testApp.app);
    await testApp.database.db.insert(checkouts).values(
      Array.from({ length: 10 }, () => ({
        user_id: seller.id,
        plan_id: 'starter' as const,
        provider: 'demo' as const,
        amount_cents: 500,
        status: 'failed' as const,
      })),
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/checkouts',
      headers: writeHeaders(seller),
      payload: { plan_id: 'starter' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('rate_limited');
  });

  it('refuses the plan the seller already has with already_on_plan', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/checkouts',
      headers: writeHeaders(seller),
      payload: { plan_id: 'starter' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('already_on_plan');
  });
});

describe('GET /api/subscription/checkouts/:id', () => {
  it("answers 404 for another seller's checkout", async () => {
    const owner = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    const { checkout } = await createCheckout(testApp.app, owner, 'starter');
    const response = await testApp.app.inject({
      url: `/api/subscription/checkouts/${checkout.id}`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect((await checkoutStatus(testApp.app, owner, checkout.id)).status).toBe('open');
  });
});

describe('checkout → verified payment → plan active → quota raised', () => {
  it('activates the Starter Pack for a month and raises the quota from 1 to 5', async () => {
    const seller = await createSeller(testApp.app);
    await insertActiveAds(testApp, seller.id, 1);
    expect((await fetchMe(testApp.app, seller)).quota).toMatchObject({
      active_ads: 1,
      max_ads: 1,
      post_gate: 'ad_limit_reached',
    });

    const checkout = await subscribeWithDemo(testApp.app, seller, 'starter');
    expect(checkout.status).toBe('paid');

    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({
      subscription_status: 'active',
      subscription_plan: 'starter',
      max_ads: 5,
    });
    expect(me.quota).toMatchObject({ active_ads: 1, max_ads: 5, post_gate: 'allowed' });

    const profile = await readProfile(testApp, seller.id);
    const paidAt = new Date(checkout.completed_at!);
    expect(profile.current_period_start?.getTime()).toBe(paidAt.getTime());
    expect(profile.current_period_end?.getTime()).toBe(addMonths(paidAt, 1).getTime());
    expect(profile.subscription_provider).toBe('demo');

    const history = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(history).toMatchObject([
      { plan_id: 'starter', kind: 'subscribe', amount_cents: 500, credit_cents: 0 },
    ]);
  });

  it('lets a seller whose trial has expired subscribe and post again', async () => {
    const seller = await createSeller(testApp.app);
    await endTrial(testApp, seller.id);
    expect((await fetchMe(testApp.app, seller)).quota.post_gate).toBe('trial_expired');
    await subscribeWithDemo(testApp.app, seller, 'premium');
    expect((await fetchMe(testApp.app, seller)).quota).toMatchObject({ max_ads: 18, post_gate: 'allowed' });
  });
});

describe('plan changes', () => {
  it('prices an upgrade with credit for the unused days and shows it before paying', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await movePaidPeriod(testApp, seller.id, 15);

    const quote = await testApp.app.inject({
      url: '/api/subscription/quote?plan_id=premium',
      headers: { cookie: seller.cookie },
    });
    expect(quote.statusCode).toBe(200);
    // Half of Starter's $5 month is left: $2.50 off Premium's $15.
    expect(quote.json().quote).toMatchObject({
      plan_id: 'premium',
      kind: 'change',
      replaces_plan_id: 'starter',
      price_cents: 1500,
      credit_cents: 250,
      amount_due_cents: 1250,
    });

    const { checkout } = await createCheckout(testApp.app, seller, 'premium');
    expect(checkout).toMatchObject({ amount_cents: 1250, credit_cents: 250 });
    await payOnDemoPage(testApp.app, seller, checkout.id);
    const paid = await checkoutStatus(testApp.app, seller, checkout.id);
    expect(paid.status).toBe('paid');

    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({ subscription_plan: 'premium', max_ads: 18 });
    const profile = await readProfile(testApp, seller.id);
    expect(profile.current_period_end?.getTime()).toBe(addMonths(new Date(paid.completed_at!), 1).getTime());
    const [change] = await testApp.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, seller.id), eq(payments.kind, 'change')));
    expect(change).toMatchObject({ plan_id: 'premium', amount_cents: 1250, credit_cents: 250 });
  });

  it('keeps existing ads after a downgrade but blocks new ones over the limit', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'master');
    await insertActiveAds(testApp, seller.id, 7);
    expect((await fetchMe(testApp.app, seller)).quota.post_gate).toBe('allowed');

    const checkout = await subscribeWithDemo(testApp.app, seller, 'starter');
    expect(checkout.status).toBe('paid');
    // An almost unused Master month ($20) pays for almost four Starter months ($5): nothing
    // is due, and the new period runs about three months beyond the usual one.
    expect(checkout.amount_cents).toBe(0);

    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({ subscription_plan: 'starter', max_ads: 5 });
    expect(me.quota).toMatchObject({ active_ads: 7, max_ads: 5, post_gate: 'ad_limit_reached' });
    const ads = await testApp.database.db
      .select({ status: advertisements.status })
      .from(advertisements)
      .where(eq(advertisements.user_id, seller.id));
    expect(ads.map((ad) => ad.status)).toEqual(Array(7).fill('active'));
    const profile = await readProfile(testApp, seller.id);
    expect(profile.current_period_end!.getTime()).toBeGreaterThan(
      addMonths(new Date(), 4).getTime() - 2 * DAY_MS,
    );
    expect(profile.current_period_end!.getTime()).toBeLessThan(
      addMonths(new Date(), 4).getTime() + 2 * DAY_MS,
    );
  });

  it('closes other open checkouts once a payment changes the plan, so they cannot be paid at the old price', async () => {
    const seller = await createSeller(testApp.app);
    const starter = await createCheckout(testApp.app, seller, 'starter');
    await subscribeWithDemo(testApp.app, seller, 'premium');
    expect((await checkoutStatus(testApp.app, seller, starter.checkout.id)).status).toBe('expired');

    await payOnDemoPage(testApp.app, seller, starter.checkout.id);
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBe('premium');
  });
});

describe('cancel and resume', () => {
  it('refuses to cancel without an active plan', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('no_active_subscription');
  });

  it('keeps the plan until the period ends after cancelling, and resumes before then', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'premium');

    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      status: 'active',
      plan_id: 'premium',
      cancel_at_period_end: true,
    });
    expect((await fetchMe(testApp.app, seller)).quota.max_ads).toBe(18);

    const resumed = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/resume',
      headers: writeHeaders(seller),
    });
    expect(resumed.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect((await readProfile(testApp, seller.id)).cancel_at_period_end).toBe(false);
  });

  it('ends a cancelled plan at the period end: default quota, existing ads stay, posting needs an upgrade', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await insertActiveAds(testApp, seller.id, 3);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });

    await endTrial(testApp, seller.id, 40);
    await testApp.database.db
      .update(profiles)
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, seller.id));

    const me = await fetchMe(testApp.app, seller);
    expect(me.user.user_metadata).toMatchObject({
      subscription_status: 'trial',
      subscription_plan: null,
      max_ads: 1,
    });
    expect(me.quota).toMatchObject({ active_ads: 3, max_ads: 1, post_gate: 'trial_expired' });
    const response = await testApp.app.inject({
      url: '/api/subscription',
      headers: { cookie: seller.cookie },
    });
    expect(response.json().subscription).toMatchObject({
      status: 'trial',
      plan_id: null,
      current_period_end: null,
      cancel_at_period_end: false,
    });

    const resume = await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/resume',
      headers: writeHeaders(seller),
    });
    expect(resume.statusCode).toBe(409);
    // A lapsed plan can be bought again, at full price.
    const { checkout } = await createCheckout(testApp.app, seller, 'starter');
    expect(checkout).toMatchObject({ amount_cents: 500, credit_cents: 0 });
  });
});

describe('GET /api/subscription/payments', () => {
  it('lists the seller’s payments newest first, a page at a time', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await subscribeWithDemo(testApp.app, seller, 'master');

    const first = await testApp.app.inject({
      url: '/api/subscription/payments?limit=1',
      headers: { cookie: seller.cookie },
    });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage.payments).toMatchObject([{ plan_id: 'master', kind: 'change' }]);
    expect(firstPage.next_cursor).toEqual(expect.any(String));

    const second = await testApp.app.inject({
      url: `/api/subscription/payments?limit=1&cursor=${firstPage.next_cursor}`,
      headers: { cookie: seller.cookie },
    });
    expect(second.json()).toMatchObject({
      payments: [{ plan_id: 'starter', kind: 'subscribe', amount_cents: 500 }],
      next_cursor: null,
    });
  });

  it('refuses a cursor it did not make', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      url: '/api/subscription/payments?cursor=not-a-cursor',
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});
