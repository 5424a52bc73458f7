import { z } from 'zod';

/** The monthly packs of spec §9. Prices are whole US dollars per month. */
export const plans = [
  {
    id: 'starter',
    name: 'Starter Pack',
    priceUsd: 5,
    maxAds: 5,
    popular: false,
    features: ['5 active ads', 'Photos and videos on every ad', 'Basic ad statistics', 'E-mail support'],
  },
  {
    id: 'premium',
    name: 'Premium Pack',
    priceUsd: 15,
    maxAds: 18,
    popular: true,
    features: [
      '18 active ads',
      'Photos and videos on every ad',
      'Views and likes analytics',
      'Priority e-mail support',
    ],
  },
  {
    id: 'master',
    name: 'Master Pack',
    priceUsd: 20,
    maxAds: 30,
    popular: false,
    features: [
      '30 active ads',
      'Photos and videos on every ad',
      'Views and likes analytics',
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
