import { DAY_MS } from '@bazaar/common/constants';
import type { PlanId } from '@bazaar/common/plans';
import type { Checkout, CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { advertisements, profiles } from '../src/db/schema';
import type { TestSeller } from './factories';
import { TEST_PUBLIC_URL, type TestApp } from './test-app';

/** Headers of a write the seller's browser makes on our own site. */
export function writeHeaders(seller: TestSeller) {
  return { cookie: seller.cookie, origin: TEST_PUBLIC_URL };
}

/** Presses Subscribe: the server creates (or reopens) a checkout for the plan. */
export async function createCheckout(app: FastifyInstance, seller: TestSeller, planId: PlanId) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkouts',
    headers: writeHeaders(seller),
    payload: { plan_id: planId },
  });
  if (response.statusCode !== 200)
    throw new Error(`Checkout failed (${response.statusCode}): ${response.body}`);
  return response.json<CreateCheckoutResponse>();
}

/** Presses Pay on the demo provider's page, as the seller's browser posts the form. */
export function payOnDemoPage(app: FastifyInstance, seller: TestSeller, checkoutId: string) {
  return app.inject({
    method: 'POST',
    url: `/checkout/demo/${checkoutId}/pay`,
    headers: { ...writeHeaders(seller), 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export async function checkoutStatus(app: FastifyInstance, seller: TestSeller, checkoutId: string) {
  const response = await app.inject({
    url: `/api/subscription/checkouts/${checkoutId}`,
    headers: { cookie: seller.cookie },
  });
  return response.json<{ checkout: Checkout }>().checkout;
}

/** Subscribes the seller to a plan through the demo provider, end to end. */
export async function subscribeWithDemo(
  app: FastifyInstance,
  seller: TestSeller,
  planId: PlanId,
): Promise<Checkout> {
  const { checkout } = await createCheckout(app, seller, planId);
  const paid = await payOnDemoPage(app, seller, checkout.id);
  if (paid.statusCode !== 303) throw new Error(`Paying failed (${paid.statusCode}): ${paid.body}`);
  return checkoutStatus(app, seller, checkout.id);
}

export interface MeForTests {
  user: { user_metadata: { subscription_status: string; subscription_plan: string | null; max_ads: number } };
  quota: { active_ads: number; max_ads: number; trial_days_left: number; post_gate: string };
}

export async function fetchMe(app: FastifyInstance, seller: TestSeller): Promise<MeForTests> {
  const response = await app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
  return response.json<MeForTests>();
}

export async function readProfile(testApp: TestApp, sellerId: string) {
  const [profile] = await testApp.database.db.select().from(profiles).where(eq(profiles.id, sellerId));
  return profile!;
}

/**
 * Places the seller's paid period so that `daysLeft` of `lengthDays` remain, give or take
 * half a minute, so that a price computed a moment later still rounds to the same cents.
 */
export async function movePaidPeriod(testApp: TestApp, sellerId: string, daysLeft: number, lengthDays = 30) {
  const now = Date.now() + 30_000;
  await testApp.database.db
    .update(profiles)
    .set({
      current_period_start: new Date(now - (lengthDays - daysLeft) * DAY_MS),
      current_period_end: new Date(now + daysLeft * DAY_MS),
    })
    .where(eq(profiles.id, sellerId));
}

/** Ends the seller's free trial `daysAgo` days ago. */
export async function endTrial(testApp: TestApp, sellerId: string, daysAgo = 20) {
  await testApp.database.db
    .update(profiles)
    .set({ trial_end_date: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(profiles.id, sellerId));
}

/** Active ads of the seller, written straight to the table (posting is another feature). */
export async function insertActiveAds(testApp: TestApp, sellerId: string, howMany: number) {
  await testApp.database.db.insert(advertisements).values(
    Array.from({ length: howMany }, (_, index) => ({
      user_id: sellerId,
      title: `Ad ${index + 1}`,
      description: 'In good condition.',
      price: 10 + index,
      category: 'electronics',
      location: 'Austin, TX',
    })),
  );
}
