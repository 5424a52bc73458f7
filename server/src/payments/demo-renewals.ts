import { DAY_MS } from '@bazaar/common/constants';
import { addMonths, PAYMENT_CURRENCY, planPriceCents } from '@bazaar/common/plan-pricing';
import { findPlan } from '@bazaar/common/plans';
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { profiles } from '../db/schema';
import type { DemoEvent } from './demo-events';

/** A period that ended longer ago than this (the app was down) lapses instead of renewing. */
const RENEWAL_GRACE_MS = 3 * DAY_MS;
const RENEWALS_PER_RUN = 100;
/** The job, scheduled every minute, that runs renewDueDemoSubscriptions. */
export const DEMO_RENEWALS_JOB = 'demo-renewals';

/**
 * The demo provider's monthly billing: every demo subscription whose period has ended and
 * that was not cancelled is charged again, as a signed renewal event sent to our webhook.
 * Event ids are derived from the subscription and period, so instances running this at the
 * same time send the same event and only the first one counts.
 */
export async function renewDueDemoSubscriptions(
  db: Database,
  deliver: (event: DemoEvent) => Promise<string>,
  now: Date = new Date(),
): Promise<number> {
  const due = await db
    .select({
      subscriptionId: profiles.provider_subscription_id,
      planId: profiles.subscription_plan,
      periodEnd: profiles.current_period_end,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.subscription_provider, 'demo'),
        eq(profiles.subscription_status, 'active'),
        eq(profiles.cancel_at_period_end, false),
        isNotNull(profiles.provider_subscription_id),
        lte(profiles.current_period_end, now),
        gt(profiles.current_period_end, new Date(now.getTime() - RENEWAL_GRACE_MS)),
      ),
    )
    .orderBy(sql`${profiles.current_period_end}`)
    .limit(RENEWALS_PER_RUN);

  let renewed = 0;
  for (const { subscriptionId, planId, periodEnd } of due) {
    const plan = planId ? findPlan(planId) : undefined;
    if (!plan || !subscriptionId || !periodEnd) continue;
    const outcome = await deliver({
      id: `evt_demo_renewal_${subscriptionId}_${periodEnd.getTime()}`,
      type: 'subscription.renewed',
      created: Math.floor(now.getTime() / 1000),
      data: {
        subscription_id: subscriptionId,
        amount_cents: planPriceCents(plan),
        currency: PAYMENT_CURRENCY,
        period_start: periodEnd.toISOString(),
        period_end: addMonths(periodEnd, 1).toISOString(),
      },
    });
    if (outcome === 'applied') renewed += 1;
  }
  return renewed;
}
