import { findPlan, type Plan, type PlanId } from './plans';

/** Every price is charged in US dollars (spec §9). */
export const PAYMENT_CURRENCY = 'usd';

export function planPriceCents(plan: Plan): number {
  return plan.priceUsd * 100;
}

/** The same day one or more calendar months on, as card billing counts it: Jan 31 → Feb 28. */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDayOfMonth = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDayOfMonth));
  return result;
}

/**
 * `months` calendar months after `start`, the last one in part: whole months as addMonths
 * counts them, then that fraction of the month that follows (1.5 months from Jan 10: Feb 10,
 * then half of Feb 10 → Mar 10).
 */
export function addPartMonths(start: Date, months: number): Date {
  const whole = Math.floor(months);
  const from = addMonths(start, whole).getTime();
  return new Date(from + (months - whole) * (addMonths(start, whole + 1).getTime() - from));
}

/** How many calendar months run from `start` to `end`, the last one in part (addPartMonths' inverse). */
export function monthsBetween(start: Date, end: Date): number {
  let whole = 0;
  while (addMonths(start, whole + 1) <= end) whole += 1;
  const from = addMonths(start, whole).getTime();
  return whole + (end.getTime() - from) / (addMonths(start, whole + 1).getTime() - from);
}

/** The paid period a seller is in now. */
export interface PaidPeriod {
  planId: PlanId;
  periodStart: Date;
  periodEnd: Date;
}

export interface PlanPrice {
  /** A first plan (from the trial or after a lapse), or a change from a running plan. */
  kind: 'subscribe' | 'change';
  priceCents: number;
  /** The unused part of the running plan, credited against the new one. */
  creditCents: number;
  amountDueCents: number;
  /** When the credit is worth more than the new plan's first month, the rest becomes extra time. */
  bonusSeconds: number;
}

/**
 * What a seller pays now for `plan` (FAQ: plan changes anytime, with proration). A change
 * starts a fresh monthly period today and credits the running plan's unused days, pro rata
 * to the second; credit beyond the new price lengthens the new period instead of being lost.
 */
export function priceForPlan(plan: Plan, current: PaidPeriod | null, now: Date): PlanPrice {
  const priceCents = planPriceCents(plan);
  const runningPlan = current && current.periodEnd > now ? findPlan(current.planId) : undefined;
  if (!current || !runningPlan) {
    return { kind: 'subscribe', priceCents, creditCents: 0, amountDueCents: priceCents, bonusSeconds: 0 };
  }
  const periodMs = Math.max(1, current.periodEnd.getTime() - current.periodStart.getTime());
  const remainingMs = Math.min(periodMs, current.periodEnd.getTime() - now.getTime());
  // A month's period is worth the month's price; one lengthened by an earlier change's surplus
  // credit (bonusSeconds) is worth that much more, which its unused part carries on.
  const periodMonths = Math.max(1, monthsBetween(current.periodStart, current.periodEnd));
  const creditCents = Math.floor((planPriceCents(runningPlan) * periodMonths * remainingMs) / periodMs);
  const surplusCents = Math.max(0, creditCents - priceCents);
  // The surplus buys calendar months of the new plan after its first one: from April 11, $15
  // over Starter's $5 is three more, to August 11, whatever the months' lengths.
  const firstMonthEnd = addMonths(now, 1).getTime();
  const periodEnd = addPartMonths(now, 1 + surplusCents / priceCents).getTime();
  return {
    kind: 'change',
    priceCents,
    creditCents,
    amountDueCents: Math.max(0, priceCents - creditCents),
    bonusSeconds: Math.floor((periodEnd - firstMonthEnd) / 1000),
  };
}

/** The period a payment made at `paidAt` buys: one month, plus any bonus time. */
export function periodBoughtAt(paidAt: Date, bonusSeconds: number): { start: Date; end: Date } {
  return { start: paidAt, end: new Date(addMonths(paidAt, 1).getTime() + bonusSeconds * 1000) };
}
