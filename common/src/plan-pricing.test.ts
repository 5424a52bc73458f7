import { DAY_MS } from './constants';
import { describe, expect, it } from 'vitest';
import { addMonths, addPartMonths, monthsBetween, periodBoughtAt, priceForPlan } from './plan-pricing';
import { findPlan } from './plans';

const starter = findPlan('starter')!;
const premium = findPlan('premium')!;
const master = findPlan('master')!;

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(addMonths(new Date('2026-03-15T10:00:00Z'), 1).toISOString()).toBe('2026-04-15T10:00:00.000Z');
  });

  it('stops at the last day of a shorter month, as card billing does', () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(addMonths(new Date('2026-12-10T00:00:00Z'), 1).toISOString()).toBe('2027-01-10T00:00:00.000Z');
  });
});

describe('priceForPlan', () => {
  const now = new Date('2026-04-11T00:00:00Z');

  it('charges the full monthly price for a first plan', () => {
    expect(priceForPlan(premium, null, now)).toEqual({
      kind: 'subscribe',
      priceCents: 1500,
      creditCents: 0,
      amountDueCents: 1500,
      bonusSeconds: 0,
    });
  });

  it('treats a period that has already ended as no plan at all', () => {
    const lapsed = {
      planId: 'master' as const,
      periodStart: new Date(now.getTime() - 40 * DAY_MS),
      periodEnd: now,
    };
    expect(priceForPlan(starter, lapsed, now).kind).toBe('subscribe');
    expect(priceForPlan(starter, lapsed, now).amountDueCents).toBe(500);
  });

  it('credits the unused days of the running plan on an upgrade', () => {
    // Starter ($5) for a 30-day period with 12 days left: $2.00 credit, so Premium costs $13.
    const current = {
      planId: 'starter' as const,
      periodStart: new Date(now.getTime() - 18 * DAY_MS),
      periodEnd: new Date(now.getTime() + 12 * DAY_MS),
    };
    expect(priceForPlan(premium, current, now)).toEqual({
      kind: 'change',
      priceCents: 1500,
      creditCents: 200,
      amountDueCents: 1300,
      bonusSeconds: 0,
    });
  });

  it('turns credit worth more than the new month into extra time on a downgrade', () => {
    // Master ($20), 30-day period, 15 days left: $10 credit against Starter's $5 leaves $5,
    // which is one more Starter month after the first: May 11 → June 11, 31 days.
    const current = {
      planId: 'master' as const,
      periodStart: new Date(now.getTime() - 15 * DAY_MS),
      periodEnd: new Date(now.getTime() + 15 * DAY_MS),
    };
    const price = priceForPlan(starter, current, now);
    expect(price).toMatchObject({ kind: 'change', creditCents: 1000, amountDueCents: 0 });
    expect(price.bonusSeconds).toBe(31 * 24 * 60 * 60);
    expect(periodBoughtAt(now, price.bonusSeconds).end.toISOString()).toBe('2026-06-11T00:00:00.000Z');
  });

  it('lengthens by calendar months whatever their lengths, the last one in part', () => {
    // An unused Master month ($20) pays for Starter's first month and three more ($15), from
    // December 7 to April 7 (31 + 31 + 28 + 31 days); $2.50 over it would add half of April 7 →
    // May 7.
    const december = new Date('2026-12-07T12:00:00Z');
    const masterMonth = {
      planId: 'master' as const,
      periodStart: december,
      periodEnd: addMonths(december, 1),
    };
    const downgrade = priceForPlan(starter, masterMonth, december);
    expect(downgrade.creditCents).toBe(2000);
    expect(periodBoughtAt(december, downgrade.bonusSeconds).end.toISOString()).toBe(
      '2027-04-07T12:00:00.000Z',
    );
    expect(addPartMonths(december, 4.5).toISOString()).toBe('2027-04-22T12:00:00.000Z');
    expect(monthsBetween(december, new Date('2027-04-22T12:00:00Z'))).toBe(4.5);
    // February, the shortest month, lengthens by as many months, not fewer days' worth.
    const february = new Date('2027-02-07T12:00:00Z');
    const fromFebruary = priceForPlan(
      starter,
      { ...masterMonth, periodStart: february, periodEnd: addMonths(february, 1) },
      february,
    );
    expect(periodBoughtAt(february, fromFebruary.bonusSeconds).end.toISOString()).toBe(
      '2027-06-07T12:00:00.000Z',
    );
  });

  it('never credits more than the whole running period', () => {
    const current = {
      planId: 'master' as const,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * DAY_MS),
    };
    expect(priceForPlan(master, { ...current, planId: 'premium' }, now).creditCents).toBe(1500);
  });

  it('credits a period lengthened by a downgrade for all it was worth on the next change', () => {
    const masterMonth = { planId: 'master' as const, periodStart: now, periodEnd: addMonths(now, 1) };
    const downgrade = priceForPlan(starter, masterMonth, now);
    expect(downgrade.bonusSeconds).toBeGreaterThan(0);
    const lengthened = periodBoughtAt(now, downgrade.bonusSeconds);
    const backAgain = priceForPlan(
      master,
      { planId: 'starter', periodStart: lengthened.start, periodEnd: lengthened.end },
      now,
    );
    // Changing straight back costs nothing but the cents the rounding of seconds drops.
    expect(backAgain.creditCents).toBeGreaterThanOrEqual(downgrade.creditCents - 1);
    expect(backAgain.amountDueCents).toBeLessThanOrEqual(1);
  });
});
