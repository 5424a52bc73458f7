import { AD_EXPIRY_REMINDER_DAYS, DAY_MS } from './constants';

/**
 * Whether the owner may renew an ad (issue 14): once it has expired, or in the last
 * AD_EXPIRY_REMINDER_DAYS before, when the reminder asks them to renew it from the dashboard.
 */
export function isRenewable(
  ad: { status: string; expires_at?: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (ad.status === 'expired') return true;
  if (ad.status !== 'active' || ad.expires_at == null) return false;
  return new Date(ad.expires_at).getTime() - now.getTime() <= AD_EXPIRY_REMINDER_DAYS * DAY_MS;
}
