import * as z from 'zod';

/**
 * The monthly packs of spec §9. Prices are whole US dollars per month; `includedFeatures` is
 * how many ads a pack features for a week each month at no charge (issue 13).
 */
export const plans = [
  {
    id: 'starter',
    name: 'Starter Pack',
    priceUsd: 5,
    maxAds: 5,
    includedFeatures: 0,
    popular: false,
    features: ['5 active ads', 'Photos and videos on every ad', 'Basic ad statistics', 'E-mail support'],
  },
  {
    id: 'premium',
    name: 'Premium Pack',
    priceUsd: 15,
    maxAds: 18,
    includedFeatures: 1,
    popular: true,
    features: [
      '18 active ads',
      'Photos and videos on every ad',
      'Views and likes analytics',
      '1 featured ad a month',
      'Priority e-mail support',
    ],
  },
  {
    id: 'master',
    name: 'Master Pack',
    priceUsd: 20,
    maxAds: 30,
    includedFeatures: 3,
    popular: false,
    features: [
      '30 active ads',
      'Photos and videos on every ad',
      'Views and likes analytics',
      '3 featured ads a month',
      'Dedicated support',
    ],
  },
] as const;

export type Plan = (typeof plans)[number];
export type PlanId = Plan['id'];

export const planIdSchema = z.enum(['starter', 'premium', 'master']);

export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}
