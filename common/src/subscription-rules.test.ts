import { DAY_MS } from './constants';
import { describe, expect, it } from 'vitest';
import { effectiveSubscription, postGate, trialDaysLeft } from './subscription-rules';

const now = new Date('2026-03-01T12:00:00Z');

describe('trialDaysLeft', () => {
  it('rounds a partial day up', () => {
    expect(trialDaysLeft(new Date(now.getTime() + 1.2 * DAY_MS), now)).toBe(2);
    expect(trialDaysLeft(new Date(now.getTime() + 60_000), now)).toBe(1);
  });

  it('counts a fresh 14-day trial as 14 days', () => {
    expect(trialDaysLeft(new Date(now.getTime() + 14 * DAY_MS), now)).toBe(14);
  });

  it('never goes below zero once the trial has ended', () => {
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft(new Date(now.getTime() - 3 * DAY_MS), now)).toBe(0);
  });
});

describe('postGate', () => {
  const trial = { subscriptionStatus: 'trial' as const, maxAds: 1, activeAds: 0 };

  it('lets a trial seller with days left and a free slot post', () => {
    expect(postGate({ ...trial, trialEndDate: new Date(now.getTime() + DAY_MS) }, now)).toBe('allowed');
  });

  it('asks a trial seller with no days left to upgrade', () => {
    expect(postGate({ ...trial, trialEndDate: new Date(now.getTime() - DAY_MS) }, now)).toBe('trial_expired');
  });

  it('reports the ad limit when active ads reach the quota', () => {
    expect(postGate({ ...trial, activeAds: 1, trialEndDate: new Date(now.getTime() + DAY_MS) }, now)).toBe(
      'ad_limit_reached',
    );
  });

  it('ignores the trial end for an active subscriber but keeps the quota', () => {
    const subscriber = { subscriptionStatus: 'active' as const, trialEndDate: new Date(0), maxAds: 5 };
    expect(postGate({ ...subscriber, activeAds: 4 }, now)).toBe('allowed');
    expect(postGate({ ...subscriber, activeAds: 5 }, now)).toBe('ad_limit_reached');
  });
});

describe('effectiveSubscription', () => {
  const paid = {
    subscriptionStatus: 'active' as const,
    subscriptionPlan: 'starter' as const,
    trialEndDate: new Date(now.getTime() - 30 * DAY_MS),
    maxAds: 5,
    currentPeriodEnd: new Date(now.getTime() + DAY_MS),
  };

  it('keeps a plan whose period is running', () => {
    expect(effectiveSubscription(paid, now)).toMatchObject({ subscriptionStatus: 'active', maxAds: 5 });
  });

  it('drops a plan whose period has ended back to the default quota with the trial over', () => {
    const ended = effectiveSubscription({ ...paid, currentPeriodEnd: new Date(now.getTime() - 1) }, now);
    expect(ended).toEqual({
      subscriptionStatus: 'trial',
      subscriptionPlan: null,
      trialEndDate: paid.trialEndDate,
      maxAds: 1,
    });
    expect(postGate({ ...ended, activeAds: 0 }, now)).toBe('trial_expired');
  });
});
