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
  const monthMs = addMonths(current.periodStart, 1).getTime() - current.periodStart.getTime();
  const periodCents = planPriceCents(runningPlan) * Math.max(1, periodMs / monthMs);
  const creditCents = Math.floor((periodCents * remainingMs) / periodMs);
  const surplusCents = Math.max(0, creditCents - priceCents);
  const monthSeconds = (addMonths(now, 1).getTime() - now.getTime()) / 1000;
  return {
    kind: 'change',
    priceCents,
    creditCents,
    amountDueCents: Math.max(0, priceCents - creditCents),
    bonusSeconds: Math.floor((surplusCents / priceCents) * monthSeconds),
  };
}

/** The period a payment made at `paidAt` buys: one month, plus any bonus time. */
export function periodBoughtAt(paidAt: Date, bonusSeconds: number): { start: Date; end: Date } {
  return { start: paidAt, end: new Date(addMonths(paidAt, 1).getTime() + bonusSeconds * 1000) };
}
