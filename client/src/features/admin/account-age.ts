import { DAY_MS } from '@bazaar/common/constants';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How old an account is, as a moderator weighs it: "new today", "5 days", "3 months", "2 years". */
export function formatAccountAge(createdAt: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
  if (days < 1) return 'new today';
  if (days < 31) return plural(days, 'day');
  if (days < 365) return plural(Math.floor(days / 30.44), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}
