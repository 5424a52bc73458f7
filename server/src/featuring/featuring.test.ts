import { DAY_MS } from '@bazaar/common/constants';
import { randomUUID } from 'node:crypto';
import type { AdListResponse, AdSummary, MyAdListResponse } from '@bazaar/common/ads';
import type { FeatureOffer } from '@bazaar/common/featuring';
import type { CreateCheckoutResponse } from '@bazaar/common/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { checkoutStatus, movePaidPeriod, payOnDemoPage, writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app';
import { FEATURED_ROTATION_SECONDS, findFeaturedAds } from '../ads/queries';
import { adFeatures, advertisements, payments, profiles } from '../db/schema';
import { DEMO_WEBHOOK_PATH } from '../payments/demo-events';
import { FEATURES_ENDED_JOB } from './end-features';
import { DEMO_SIGNATURE_HEADER, deriveDemoSigningKey, signDemoEvent } from '../payments/demo-signature';

const signingKey = deriveDemoSigningKey(TEST_AUTH_SECRET);

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function adOf(seller: TestSeller, overrides: Parameters<typeof insertAds>[2][number] = {}) {
  const [id] = await insertAds(testApp, seller.id, [overrides]);
  return id!;
}

async function offerFor(seller: TestSeller, adId: string) {
  const response = await testApp.app.inject({
    url: `/api/ads/${adId}/feature`,
    headers: { cookie: seller.cookie },
  });
  return { status: response.statusCode, offer: response.json<{ offer: FeatureOffer }>().offer };
}

function startFeatureCheckout(seller: TestSeller, adId: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/feature/checkouts`,
    headers: writeHeaders(seller),
  });
}

function useIncludedFeature(seller: TestSeller, adId: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/feature`,
    headers: writeHeaders(seller),
  });
}

async function readAd(adId: string) {
  const [ad] = await testApp.database.db.select().from(advertisements).where(eq(advertisements.id, adId));
  return ad!;
}

async function publicAd(adId: string) {
  return (await testApp.app.inject(`/api/ads/${adId}`)).json<{
    featured: boolean;
    featured_until: string | null;
  }>();
}

function sendDemoEvent(event: object, key = signingKey) {
  const body = JSON.stringify(event);
  return testApp.app.inject({
    method: 'POST',
    url: DEMO_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: signDemoEvent(key, body) },
    payload: body,
  });
}

function paidEvent(
  checkout: { id: string },
  amountCents = 300,
  id = `evt_demo_${randomUUID().replaceAll('-', '')}`,
) {
  return {
    id,
    type: 'checkout.paid',
    created: Math.floor(Date.now() / 1000),
    data: { checkout_id: checkout.id, amount_cents: amountCents, currency: 'usd', subscription_id: null },
  };
}

/** Puts the seller on `plan` with a paid period that started a day ago. */
async function givePlan(seller: TestSeller, plan: 'starter' | 'premium' | 'master') {
  await testApp.database.db
    .update(profiles)
    .set({ subscription_status: 'active', subscription_plan: plan, subscription_provider: 'demo' })
    .where(eq(profiles.id, seller.id));
  await movePaidPeriod(testApp, seller.id, 29);
}

describe('Feature this ad, paid', () => {
  it('features the ad for 7 days once the demo provider’s verified payment arrives, and records it', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const { offer } = await offerFor(seller, adId);
    expect(offer).toMatchObject({ days: 7, price_cents: 300, featured_until: null, included_left: 0 });

    const started = await startFeatureCheckout(seller, adId);
    expect(started.statusCode).toBe(200);
    const { checkout, url } = started.json<CreateCheckoutResponse>();
    expect(checkout).toMatchObject({ purpose: 'feature', ad_id: adId, plan_id: null, amount_cents: 300 });
    expect(url).toMatch(new RegExp(`/checkout/demo/${checkout.id}$`));
    // Nothing changes before the provider says it is paid.
    expect((await publicAd(adId)).featured).toBe(false);
    const page = await testApp.app.inject({
      url: `/checkout/demo/${checkout.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(page.body).toContain('Featured ad · 7 days');
    expect(page.body).toContain('Pay $3.00');

    const before = Date.now();
    expect((await payOnDemoPage(testApp.app, seller, checkout.id)).statusCode).toBe(303);
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('paid');
    const ad = await publicAd(adId);
    expect(ad.featured).toBe(true);
    const until = Date.parse(ad.featured_until!);
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.checkout_id, checkout.id));
    expect(payment).toMatchObject({
      kind: 'feature',
      amount_cents: 300,
      ad_id: adId,
      plan_id: null,
      user_id: seller.id,
    });
    const history = await testApp.app.inject({
      url: '/api/subscription/payments',
      headers: { cookie: seller.cookie },
    });
    expect(history.json().payments[0]).toMatchObject({ kind: 'feature', ad_id: adId, plan_id: null });
  });

  it('never applies a payment twice: a replayed event and a second event for the same checkout change nothing', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const { checkout } = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>();
    const event = paidEvent(checkout);
    expect((await sendDemoEvent(event)).json().outcome).toBe('applied');
    const featuredUntil = (await readAd(adId)).featured_until;

    expect((await sendDemoEvent(event)).json().outcome).toBe('duplicate');
    expect((await sendDemoEvent(paidEvent(checkout))).json().outcome).toBe('ignored: checkout is paid');
    expect((await readAd(adId)).featured_until).toEqual(featuredUntil);
    const weeks = await testApp.database.db.select().from(adFeatures).where(eq(adFeatures.ad_id, adId));
    expect(weeks).toHaveLength(1);
    const recorded = await testApp.database.db.select().from(payments).where(eq(payments.ad_id, adId));
    expect(recorded).toHaveLength(1);
  });

  it('refuses forged events and a wrong amount: the ad stays unfeatured', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const { checkout } = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>();
    const forgedKey = deriveDemoSigningKey('someone-else-s-secret-of-32-characters!');
    const forged = await sendDemoEvent(paidEvent(checkout), forgedKey);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect((await sendDemoEvent(paidEvent(checkout, 1))).json().outcome).toBe('ignored: amount mismatch');
    expect((await readAd(adId)).featured_until).toBeNull();
    expect((await checkoutStatus(testApp.app, seller, checkout.id)).status).toBe('failed');
  });

  it('does not feature an ad hidden between checkout and payment', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const { checkout } = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>();
    await testApp.database.db
      .update(advertisements)
      .set({ status: 'hidden' })
      .where(eq(advertisements.id, adId));
    expect((await sendDemoEvent(paidEvent(checkout))).json().outcome).toBe(
      'ignored: the ad is no longer public',
    );
    expect((await readAd(adId)).featured_until).toBeNull();
  });

  it('adds a second week after the first when an ad is featured again', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const first = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>().checkout;
    await payOnDemoPage(testApp.app, seller, first.id);
    const firstEnd = (await readAd(adId)).featured_until!;
    const second = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>().checkout;
    expect(second.id).not.toBe(first.id);
    await payOnDemoPage(testApp.app, seller, second.id);
    expect((await readAd(adId)).featured_until!.getTime()).toBe(firstEnd.getTime() + 7 * DAY_MS);
  });

  it('keeps an ad listed until its featured week ends, whether bought or included', async () => {
    const seller = await createSeller(testApp.app);
    const inTwoDays = new Date(Date.now() + 2 * DAY_MS);
    const inSixtyDays = new Date(Date.now() + 60 * DAY_MS);
    const [soon, later] = await insertAds(testApp, seller.id, [
      { expires_at: inTwoDays },
      { expires_at: inSixtyDays },
    ]);
    const checkout = (await startFeatureCheckout(seller, soon!)).json<CreateCheckoutResponse>().checkout;
    await payOnDemoPage(testApp.app, seller, checkout.id);
    const bought = await readAd(soon!);
    expect(bought.featured_until!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(bought.expires_at.getTime()).toBe(bought.featured_until!.getTime());

    // A listing that lasts longer keeps its own end.
    await givePlan(seller, 'premium');
    expect((await useIncludedFeature(seller, later!)).statusCode).toBe(200);
    expect((await readAd(later!)).expires_at.getTime()).toBe(inSixtyDays.getTime());
  });

  it('reopens the open checkout of the same ad instead of making another', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller);
    const first = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>().checkout;
    const again = (await startFeatureCheckout(seller, adId)).json<CreateCheckoutResponse>().checkout;
    expect(again.id).toBe(first.id);
  });

  it('lets only the owner feature, and only a public ad', async () => {
    const owner = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    const adId = await adOf(owner);
    const hiddenId = await adOf(owner, { status: 'hidden' });
    expect((await startFeatureCheckout(other, adId)).statusCode).toBe(403);
    expect((await startFeatureCheckout(other, hiddenId)).statusCode).toBe(404);
    const ownHidden = await startFeatureCheckout(owner, hiddenId);
    expect(ownHidden.statusCode).toBe(409);
    expect(ownHidden.json().error.code).toBe('ad_not_featurable');
    const anonymous = await testApp.app.inject({ method: 'POST', url: `/api/ads/${adId}/feature/checkouts` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('features included in a plan', () => {
  it('gives a Premium seller one a period, used without paying; a second is refused', async () => {
    const seller = await createSeller(testApp.app);
    await givePlan(seller, 'premium');
    const [first, second] = await insertAds(testApp, seller.id, [{}, {}]);
    expect((await offerFor(seller, first!)).offer).toMatchObject({
      included_per_period: 1,
      included_left: 1,
    });

    const used = await useIncludedFeature(seller, first!);
    expect(used.statusCode).toBe(200);
    expect((await publicAd(first!)).featured).toBe(true);
    expect((await offerFor(seller, second!)).offer.included_left).toBe(0);
    const refused = await useIncludedFeature(seller, second!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('no_included_features');
    expect((await readAd(second!)).featured_until).toBeNull();
    expect(await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id))).toEqual(
      [],
    );
  });

  it('gives a Master seller three, none to Starter or the trial, and starts afresh with the next period', async () => {
    const master = await createSeller(testApp.app);
    await givePlan(master, 'master');
    const ads = await insertAds(testApp, master.id, [{}, {}, {}, {}]);
    for (const adId of ads.slice(0, 3)) expect((await useIncludedFeature(master, adId)).statusCode).toBe(200);
    expect((await useIncludedFeature(master, ads[3]!)).statusCode).toBe(409);

    // A renewal starts a new period: the included features are there again.
    await testApp.database.db
      .update(profiles)
      .set({
        current_period_start: new Date(Date.now() + 1000),
        current_period_end: new Date(Date.now() + 30 * DAY_MS),
      })
      .where(eq(profiles.id, master.id));
    await testApp.database.db
      .update(adFeatures)
      .set({ created_at: new Date(Date.now() - DAY_MS) })
      .where(eq(adFeatures.user_id, master.id));
    await testApp.database.db
      .update(profiles)
      .set({ current_period_start: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, master.id));
    expect((await offerFor(master, ads[3]!)).offer.included_left).toBe(3);

    const starter = await createSeller(testApp.app);
    await givePlan(starter, 'starter');
    const trial = await createSeller(testApp.app);
    for (const seller of [starter, trial]) {
      const adId = await adOf(seller);
      expect((await offerFor(seller, adId)).offer.included_per_period).toBe(0);
      expect((await useIncludedFeature(seller, adId)).statusCode).toBe(409);
    }
  });
});

describe('where featured ads show, and when they stop', () => {
  it('stops being featured when its week has ended: badge, search and home page', async () => {
    const seller = await createSeller(testApp.app);
    await givePlan(seller, 'premium');
    const adId = await adOf(seller, { title: 'Expiring lantern', category: 'home-garden' });
    await useIncludedFeature(seller, adId);
    const search = async () =>
      (await testApp.app.inject('/api/ads?q=lantern'))
        .json<AdListResponse>()
        .ads.find((ad) => ad.id === adId);
    expect((await search())?.featured).toBe(true);

    // The clock moves past the end of the week.
    await testApp.database.db
      .update(advertisements)
      .set({ featured_until: new Date(Date.now() - 1000) })
      .where(eq(advertisements.id, adId));
    expect(await publicAd(adId)).toMatchObject({ featured: false, featured_until: null });
    expect((await search())?.featured).toBe(false);
    expect((await findFeaturedAds(testApp.database.db)).map((ad) => ad.id)).not.toContain(adId);
    const mine = (
      await testApp.app.inject({ url: '/api/me/ads', headers: { cookie: seller.cookie } })
    ).json<MyAdListResponse>();
    expect(mine.ads.find((ad) => ad.id === adId)).toMatchObject({ featured: false, featured_until: null });

    // The scheduled job then clears the ended week, and only that one.
    const running = await adOf(seller, { featured_until: new Date(Date.now() + DAY_MS) });
    await testApp.app.jobs.send(FEATURES_ENDED_JOB, {});
    expect(await testApp.app.jobs.runQueuedJobs(FEATURES_ENDED_JOB)).toBe(1);
    expect((await readAd(adId)).featured_until).toBeNull();
    expect((await readAd(running)).featured_until).not.toBeNull();
    const { rows } = await testApp.database.pool.query('select cron from pgboss.schedule where name = $1', [
      FEATURES_ENDED_JOB,
    ]);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });

  it('leads its category: first the ads featured now, then the rest, each in the chosen order, page by page', async () => {
    const seller = await createSeller(testApp.app);
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const inAWeek = new Date(now + 7 * DAY_MS);
    const ads = await insertAds(testApp, seller.id, [
      { title: 'Plain newest', category: 'books-hobbies', price: 5, created_at: new Date(now - 1 * hour) },
      { title: 'Plain second', category: 'books-hobbies', price: 50, created_at: new Date(now - 2 * hour) },
      {
        title: 'Featured old',
        category: 'books-hobbies',
        price: 20,
        created_at: new Date(now - 5 * hour),
        featured_until: inAWeek,
      },
      { title: 'Plain third', category: 'books-hobbies', price: 1, created_at: new Date(now - 3 * hour) },
      {
        title: 'Featured older',
        category: 'books-hobbies',
        price: 2,
        created_at: new Date(now - 6 * hour),
        featured_until: inAWeek,
      },
      {
        title: 'Ended feature',
        category: 'books-hobbies',
        price: 3,
        created_at: new Date(now - 4 * hour),
        featured_until: new Date(now - hour),
      },
    ]);
    const ours = new Set(ads);
    const walk = async (query: string) => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/ads?category=books-hobbies&${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const page: AdListResponse = (await testApp.app.inject(url)).json<AdListResponse>();
        titles.push(page.ads.map((ad: AdSummary) => `${ad.featured ? '*' : ''}${ad.title}`).join(','));
        cursor = page.next_cursor;
      } while (cursor);
      return titles;
    };
    expect(await walk('sort=newest&limit=2')).toEqual([
      '*Featured old,*Featured older',
      'Plain newest,Plain second',
      'Plain third,Ended feature',
    ]);
    expect(await walk('sort=newest&limit=3')).toEqual([
      '*Featured old,*Featured older,Plain newest',
      'Plain second,Plain third,Ended feature',
    ]);
    expect(await walk('sort=price-low&limit=4')).toEqual([
      '*Featured older,*Featured old,Plain third,Ended feature',
      'Plain newest,Plain second',
    ]);
    // A search across categories keeps the plain order.
    const anywhere = (
      await testApp.app.inject('/api/ads?location=Austin&sort=newest&limit=50')
    ).json<AdListResponse>();
    const order = anywhere.ads.filter((ad) => ours.has(ad.id)).map((ad) => ad.title);
    expect(order).toEqual([
      'Plain newest',
      'Plain second',
      'Plain third',
      'Ended feature',
      'Featured old',
      'Featured older',
    ]);
  });

  it('rotates the home page’s six fairly: each of nine featured ads is shown equally often', async () => {
    const seller = await createSeller(testApp.app);
    const inAWeek = new Date(Date.now() + 7 * DAY_MS);
    // Featured ads of the tests above may still run; this test counts its own nine.
    await testApp.database.db.update(advertisements).set({ featured_until: null });
    const ids = await insertAds(
      testApp,
      seller.id,
      Array.from({ length: 9 }, (_, index) => ({ title: `Rotating ${index}`, featured_until: inAWeek })),
    );
    const shown = new Map(ids.map((id) => [id, 0]));
    const start = Date.now();
    for (let period = 0; period < 9; period += 1) {
      const at = new Date(start + period * FEATURED_ROTATION_SECONDS * 1000);
      const home = await findFeaturedAds(testApp.database.db, at);
      expect(home).toHaveLength(6);
      expect(new Set(home.map((ad) => ad.id)).size).toBe(6);
      for (const ad of home) shown.set(ad.id, (shown.get(ad.id) ?? 0) + 1);
    }
    expect([...shown.values()]).toEqual(Array.from({ length: 9 }, () => 6));
    const response = await testApp.app.inject('/api/ads/featured');
    expect(response.json().ads).toHaveLength(6);
  });
});
