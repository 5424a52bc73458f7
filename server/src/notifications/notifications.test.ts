import { randomUUID } from 'node:crypto';
import type { NotificationsResponse } from '@bazaar/common/notifications';
import { addMonths } from '@bazaar/common/plan-pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { listenLocally, openLiveStream } from '../../test/live-stream';
import { askAboutAd, sendAs } from '../../test/messaging-factories';
import { payOnDemoPage, subscribeWithDemo, writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app';
import { profiles } from '../db/schema';
import { FEATURES_ENDED_JOB } from '../featuring/end-features';
import { deliverDemoEvent } from '../payments/demo-events';
import { renewDueDemoSubscriptions } from '../payments/demo-renewals';
import { deriveDemoSigningKey } from '../payments/demo-signature';
import { applyPaymentEvent } from '../payments/payment-events';
import { paymentEventFromStripe } from '../payments/stripe-gateway';
import { notify } from './notify';
import { ENDING_REMINDERS_JOB, sendEndingReminders } from './reminders';

const DAY_MS = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenLocally(testApp.app);
});
afterAll(() => testApp.close());

const query = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);

async function bellOf(user: TestSeller, search = '') {
  const response = await sendAs(testApp, user, 'GET', `/api/notifications${search}`);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationsResponse>();
}

async function unreadOf(user: TestSeller): Promise<number> {
  const response = await sendAs(testApp, user, 'GET', '/api/notifications/unread');
  expect(response.statusCode).toBe(200);
  return response.json<{ unread: number }>().unread;
}

const kindsOf = async (user: TestSeller) => (await bellOf(user)).notifications.map((item) => item.kind);

async function adOf(seller: TestSeller, title: string) {
  const [id] = await insertAds(testApp, seller.id, [{ title }]);
  return id!;
}

async function oldAccount(user: TestSeller) {
  await query(`update users set created_at = now() - interval '2 days' where id = $1`, [user.id]);
}

describe('the bell’s routes', () => {
  it('lists the newest first with unread state, pages by cursor, and marks one or all read', async () => {
    const user = await createSeller(testApp.app);
    for (let index = 1; index <= 5; index += 1) {
      const id = await notify(testApp.database.db, {
        userId: user.id,
        kind: 'payment_confirmed',
        title: `Notice ${index}`,
        link: '/subscription',
      });
      // A minute apart: two writes within the clock's tick would tie, and ties go by id.
      await query(`update notifications set created_at = now() - make_interval(mins => $2) where id = $1`, [
        id,
        10 - index,
      ]);
    }
    const first = await bellOf(user, '?limit=3');
    expect(first.notifications.map((item) => item.title)).toEqual(['Notice 5', 'Notice 4', 'Notice 3']);
    expect(first.notifications[0]).toMatchObject({
      kind: 'payment_confirmed',
      link: '/subscription',
      is_read: false,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(first.unread).toBe(5);
    const second = await bellOf(user, `?limit=3&cursor=${first.next_cursor}`);
    expect(second.notifications.map((item) => item.title)).toEqual(['Notice 2', 'Notice 1']);
    expect(second.next_cursor).toBeNull();

    const read = await sendAs(testApp, user, 'POST', `/api/notifications/${first.notifications[0]!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 4 });
    expect((await bellOf(user)).notifications[0]!.is_read).toBe(true);

    const all = await sendAs(testApp, user, 'POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unreadOf(user)).toBe(0);
    expect((await bellOf(user)).notifications.every((item) => item.is_read)).toBe(true);
  });

  it('keeps each person’s notifications their own: 401 signed out, 404 for someone else’s', async () => {
    const [owner, other] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    const id = (await notify(testApp.database.db, {
      userId: owner.id,
      kind: 'ad_favorited',
      title: 'Mine',
      link: null,
    }))!;
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/read-all'],
      ['POST', `/api/notifications/${id}/read`],
    ] as const) {
      const response = await sendAs(testApp, undefined, method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
    const refused = await sendAs(testApp, other, 'POST', `/api/notifications/${id}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual({ code: 'not_found', message: 'This notification does not exist.' });
    // Another person's "Mark all as read" and list do not touch or show it.
    await sendAs(testApp, other, 'POST', '/api/notifications/read-all');
    expect((await bellOf(other)).notifications).toEqual([]);
    expect(await unreadOf(owner)).toBe(1);
  });

  it('refuses bad input with a 400: an unknown parameter, a forged cursor, a bad id', async () => {
    const user = await createSeller(testApp.app);
    for (const url of [
      '/api/notifications?unread=1',
      '/api/notifications?cursor=not-a-cursor',
      '/api/notifications?limit=500',
    ]) {
      const response = await sendAs(testApp, user, 'GET', url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await sendAs(testApp, user, 'POST', '/api/notifications/123/read')).statusCode).toBe(400);
    expect((await sendAs(testApp, user, 'POST', `/api/notifications/${randomUUID()}/read`)).statusCode).toBe(
      404,
    );
  });
});

describe('what rings the bell', () => {
  it('a new message: one notification per conversation with the count, live; opening the thread reads it', async () => {
    const [seller, buyer] = [
      await createSeller(testApp.app, { name: 'Sam Seller' }),
      await createSeller(testApp.app, { name: 'Bea Buyer' }),
    ];
    await oldAccount(buyer);
    const adId = await adOf(seller, 'Road bike');
    const stream = await openLiveStream(baseUrl, seller.cookie);
    try {
      const { conversation_id: conversationId } = await askAboutAd(testApp, buyer, adId, 'Hello');
      const event = await stream.next('notification');
      const first = await bellOf(seller);
      expect(first.notifications).toEqual([
        expect.objectContaining({
          id: (event.data as { notification_id: string }).notification_id,
          kind: 'message',
          title: 'Bea Buyer sent you a new message about “Road bike”',
          link: `/messages/${conversationId}`,
          is_read: false,
        }),
      ]);
      await sendAs(testApp, buyer, 'POST', `/api/conversations/${conversationId}/messages`, {
        body: 'Still there?',
      });
      const second = await bellOf(seller);
      expect(second.notifications.map((item) => item.title)).toEqual([
        'Bea Buyer sent you 2 new messages about “Road bike”',
      ]);
      expect(second.unread).toBe(1);
      // The buyer's own messages never ring their bell.
      expect(await kindsOf(buyer)).toEqual([]);

      await sendAs(testApp, seller, 'POST', `/api/conversations/${conversationId}/read`);
      expect(await unreadOf(seller)).toBe(0);
      // A message after that is a new notification.
      await sendAs(testApp, buyer, 'POST', `/api/conversations/${conversationId}/messages`, {
        body: 'Hello?',
      });
      const third = await bellOf(seller);
      expect(third.notifications.map((item) => [item.title, item.is_read])).toEqual([
        ['Bea Buyer sent you a new message about “Road bike”', false],
        ['Bea Buyer sent you 2 new messages about “Road bike”', true],
      ]);
    } finally {
      stream.close();
    }
  });

  it('your ad was favourited: once per person and ad, without naming them', async () => {
    const [seller, fan] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    const adId = await adOf(seller, 'Oak table');
    const favorite = (method: 'PUT' | 'DELETE') => sendAs(testApp, fan, method, `/api/ads/${adId}/favorite`);
    expect((await favorite('PUT')).statusCode).toBe(200);
    await favorite('DELETE');
    await favorite('PUT');
    expect((await bellOf(seller)).notifications).toEqual([
      expect.objectContaining({
        kind: 'ad_favorited',
        title: 'Someone added your ad “Oak table” to their favorites',
        link: `/ad/${adId}`,
      }),
    ]);
    expect(await kindsOf(fan)).toEqual([]);
  });

  it('a plan paid, renewed, a renewal that failed, and a failed checkout', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'premium');
    const [paid] = (await bellOf(seller)).notifications;
    expect(paid).toMatchObject({ kind: 'payment_confirmed', link: '/subscription' });
    expect(paid!.title).toMatch(
      /^Payment confirmed: the Premium Pack is active until [A-Z][a-z]{2} \d+, \d{4}$/,
    );

    // The period ends; the demo provider's renewal run charges again.
    const end = new Date(Date.now() - 60_000);
    await testApp.database.db
      .update(profiles)
      .set({ current_period_start: addMonths(end, -1), current_period_end: end })
      .where(eq(profiles.id, seller.id));
    const signingKey = deriveDemoSigningKey(TEST_AUTH_SECRET);
    await renewDueDemoSubscriptions(testApp.database.db, (event) =>
      deliverDemoEvent(testApp.app, signingKey, event),
    );
    const [renewed] = (await bellOf(seller)).notifications;
    expect(renewed).toMatchObject({ kind: 'payment_renewed', link: '/subscription' });
    expect(renewed!.title).toMatch(/^The Premium Pack renewed until /);

    // A monthly charge that failed at Stripe.
    const [profile] = await testApp.database.db.select().from(profiles).where(eq(profiles.id, seller.id));
    const failedRenewal = paymentEventFromStripe({
      type: 'invoice.payment_failed',
      data: {
        object: {
          billing_reason: 'subscription_cycle',
          parent: { subscription_details: { subscription: profile!.provider_subscription_id } },
        },
      },
    } as never);
    expect(failedRenewal).toEqual({
      type: 'subscription.payment_failed',
      subscriptionId: profile!.provider_subscription_id,
    });
    await applyPaymentEvent(testApp.database.db, {
      provider: 'demo',
      eventId: `evt_${randomUUID()}`,
      providerType: 'invoice.payment_failed',
      payload: {},
      event: failedRenewal!,
    });
    expect((await bellOf(seller)).notifications[0]).toMatchObject({
      kind: 'payment_failed',
      title: 'The renewal payment of the Premium Pack failed. Check your payment method to keep your plan.',
    });

    // A checkout whose payment failed at the provider.
    const other = await createSeller(testApp.app);
    const created = await sendAs(testApp, other, 'POST', '/api/subscription/checkouts', {
      plan_id: 'starter',
    });
    const checkoutId = created.json<{ checkout: { id: string } }>().checkout.id;
    await applyPaymentEvent(testApp.database.db, {
      provider: 'demo',
      eventId: `evt_${randomUUID()}`,
      providerType: 'checkout.failed',
      payload: {},
      event: { type: 'checkout.failed', checkout: { checkoutId }, reason: 'card declined' },
    });
    expect((await bellOf(other)).notifications).toEqual([
      expect.objectContaining({
        kind: 'payment_failed',
        title: 'Your payment for the Starter Pack failed. You can try again.',
        link: '/subscription',
      }),
    ]);
  });

  it('a featured week bought, and its end', async () => {
    const seller = await createSeller(testApp.app);
    const adId = await adOf(seller, 'Brass lamp');
    const started = await testApp.app.inject({
      method: 'POST',
      url: `/api/ads/${adId}/feature/checkouts`,
      headers: writeHeaders(seller),
    });
    expect(started.statusCode).toBe(200);
    const checkoutId = started.json<{ checkout: { id: string } }>().checkout.id;
    expect((await payOnDemoPage(testApp.app, seller, checkoutId)).statusCode).toBe(303);
    const [bought] = (await bellOf(seller)).notifications;
    expect(bought).toMatchObject({ kind: 'feature_purchased', link: `/ad/${adId}` });
    expect(bought!.title).toMatch(/^Payment confirmed: “Brass lamp” is featured until /);

    await query(`update advertisements set featured_until = now() - interval '1 second' where id = $1`, [
      adId,
    ]);
    await testApp.app.jobs.send(FEATURES_ENDED_JOB, {});
    await testApp.app.jobs.runQueuedJobs(FEATURES_ENDED_JOB);
    expect((await bellOf(seller)).notifications[0]).toMatchObject({
      kind: 'feature_ended',
      title: 'The featured week of “Brass lamp” has ended. Feature it again to keep it on top.',
      link: `/ad/${adId}`,
    });
  });

  it('a trial or a cancelled plan ending in 3 days: one reminder per period, however often the job runs', async () => {
    const [trial, cancelled, renewing, later] = [
      await createSeller(testApp.app),
      await createSeller(testApp.app),
      await createSeller(testApp.app),
      await createSeller(testApp.app),
    ];
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
    await query('update profiles set trial_end_date = $2 where id = $1', [trial.id, inDays(2.5)]);
    await query('update profiles set trial_end_date = $2 where id = $1', [later.id, inDays(5)]);
    for (const [seller, cancel] of [
      [cancelled, true],
      [renewing, false],
    ] as const) {
      await query(
        `update profiles set subscription_status = 'active', subscription_plan = 'master',
           subscription_provider = 'demo', provider_subscription_id = $2,
           current_period_start = now() - interval '28 days', current_period_end = $3,
           cancel_at_period_end = $4
         where id = $1`,
        [seller.id, `sub_${randomUUID()}`, inDays(1.5), cancel],
      );
    }

    await testApp.app.jobs.send(ENDING_REMINDERS_JOB, {});
    await testApp.app.jobs.runQueuedJobs(ENDING_REMINDERS_JOB);
    // Two processes running it at once, and the next day's run, write nothing more.
    await Promise.all([sendEndingReminders(testApp.database.db), sendEndingReminders(testApp.database.db)]);
    await sendEndingReminders(testApp.database.db, new Date(Date.now() + DAY_MS / 2));

    const trialBell = (await bellOf(trial)).notifications;
    expect(trialBell).toHaveLength(1);
    expect(trialBell[0]).toMatchObject({ kind: 'trial_ending', link: '/subscription' });
    expect(trialBell[0]!.title).toMatch(
      /^Your free trial ends in 3 days \([A-Z][a-z]{2} \d+, \d{4}\)\. Choose a plan/,
    );
    const planBell = (await bellOf(cancelled)).notifications;
    expect(planBell).toHaveLength(1);
    expect(planBell[0]!.title).toMatch(/^Your Master Pack ends in 2 days \(/);
    expect(await kindsOf(renewing)).toEqual([]);
    expect(await kindsOf(later)).toEqual([]);
    const { rows } = await query('select cron from pgboss.schedule where name = $1', [ENDING_REMINDERS_JOB]);
    expect(rows).toEqual([{ cron: '0 8 * * *' }]);
  });
});
