import { describe, expect, it } from 'vitest';
import { engagementProgress, engagementScore, unlockedAchievements } from './engagement';

describe('engagementScore', () => {
  it('weighs ads posted, views and likes received', () => {
    expect(engagementScore({ adsPosted: 2, viewsReceived: 30, likesReceived: 4 })).toBe(20 + 30 + 20);
  });

  it('is zero for a seller with no activity', () => {
    expect(engagementScore({ adsPosted: 0, viewsReceived: 0, likesReceived: 0 })).toBe(0);
  });
});

describe('engagementProgress', () => {
  it('reports points to the 500-point milestone', () => {
    expect(engagementProgress(120)).toEqual({ percent: 24, pointsToGo: 380 });
  });

  it('caps progress at 100 %', () => {
    expect(engagementProgress(900)).toEqual({ percent: 100, pointsToGo: 0 });
  });
});

describe('unlockedAchievements', () => {
  const base = {
    adsPosted: 0,
    viewsReceived: 0,
    likesReceived: 0,
    engagementScore: 0,
    verified: false,
    isSubscriptionActive: false,
  };

  it('unlocks nothing for a brand-new seller', () => {
    expect(Object.values(unlockedAchievements(base)).some(Boolean)).toBe(false);
  });

  it('follows the thresholds of spec §3', () => {
    const unlocked = unlockedAchievements({
      ...base,
      adsPosted: 1,
      viewsReceived: 50,
      engagementScore: 100,
      verified: true,
      isSubscriptionActive: true,
    });
    expect(unlocked).toEqual({
      'first-post': true,
      'popular-seller': true,
      'engagement-master': true,
      'social-butterfly': false,
      'verified-seller': true,
      'premium-member': true,
    });
  });

  it('keeps Popular Seller locked at 49 views', () => {
    expect(unlockedAchievements({ ...base, viewsReceived: 49 })['popular-seller']).toBe(false);
  });
});
