import { addMonths } from '@bazaar/common/plan-pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../../test/factories';
import { fetchMe, readProfile, subscribeWithDemo, writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app';
import { payments, profiles } from '../db/schema';
import { deliverDemoEvent } from './demo-events';
import { DEMO_RENEWALS_JOB, renewDueDemoSubscriptions } from './demo-renewals';
import { deriveDemoSigningKey } from './demo-signature';

// The auth secret createTestApp hands to buildApp; the demo provider's key derives from it.
const signingKey = deriveDemoSigningKey(TEST_AUTH_SECRET);

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const runRenewals = (now: Date) =>
  renewDueDemoSubscriptions(
    testApp.database.db,
    (event) => deliverDemoEvent(testApp.app, signingKey, event),
    now,
  );

async function endPeriod(sellerId: string, endedAgoMs: number) {
  const end = new Date(Date.now() - endedAgoMs);
  await testApp.database.db
    .update(profiles)
    .set({ current_period_start: addMonths(end, -1), current_period_end: end })
    .where(eq(profiles.id, sellerId));
  return end;
}

describe('the demo provider’s monthly renewals', () => {
  it('charges again and extends the period by a month when a period ends without cancellation', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'premium');
    const end = await endPeriod(seller.id, 60_000);
    expect((await fetchMe(testApp.app, seller)).quota.max_ads).toBe(1);

    expect(await runRenewals(new Date())).toBeGreaterThanOrEqual(1);
    const profile = await readProfile(testApp, seller.id);
    expect(profile.current_period_start?.getTime()).toBe(end.getTime());
    expect(profile.current_period_end?.getTime()).toBe(addMonths(end, 1).getTime());
    expect((await fetchMe(testApp.app, seller)).user.user_metadata).toMatchObject({
      subscription_status: 'active',
      subscription_plan: 'premium',
      max_ads: 18,
    });
    const renewals = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(renewals.filter((payment) => payment.kind === 'renewal')).toMatchObject([
      { plan_id: 'premium', amount_cents: 1500 },
    ]);
  });

  it('charges a period once, however many instances run the renewals', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await endPeriod(seller.id, 60_000);
    await Promise.all([runRenewals(new Date()), runRenewals(new Date())]);
    await runRenewals(new Date());
    const renewals = await testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
    expect(renewals.filter((payment) => payment.kind === 'renewal')).toHaveLength(1);
  });

  it('does not renew a cancelled plan: it lapses at the period end', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: writeHeaders(seller),
    });
    await endPeriod(seller.id, 60_000);
    await runRenewals(new Date());
    expect((await fetchMe(testApp.app, seller)).user.user_metadata).toMatchObject({
      subscription_status: 'trial',
      subscription_plan: null,
      max_ads: 1,
    });
  });

  it('lets a plan lapse that ended days ago while nothing ran, instead of charging it late', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await endPeriod(seller.id, 5 * 24 * 60 * 60 * 1000);
    await runRenewals(new Date());
    expect((await fetchMe(testApp.app, seller)).user.user_metadata.subscription_plan).toBeNull();
  });
});

describe('the renewal schedule', () => {
  it('runs the renewals every minute from the job queue', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    const end = await endPeriod(seller.id, 60_000);

    const { rows } = await testApp.database.pool.query<{ cron: string }>(
      'select cron from pgboss.schedule where name = $1',
      [DEMO_RENEWALS_JOB],
    );
    expect(rows).toEqual([{ cron: '* * * * *' }]);
    await testApp.app.jobs.send(DEMO_RENEWALS_JOB, {});
    expect(await testApp.app.jobs.runQueuedJobs(DEMO_RENEWALS_JOB)).toBe(1);
    expect((await readProfile(testApp, seller.id)).current_period_end?.getTime()).toBe(
      addMonths(end, 1).getTime(),
    );
  });
});
