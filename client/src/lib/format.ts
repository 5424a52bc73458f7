/** Numbers and money: the formatters in common/, which the server uses too. */
export { formatCents, formatCount, formatNumber, formatPrice } from '@bazaar/common/format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Mar 2, 2024", in the reader's time zone or in UTC. Written out, not made with
 * `Intl.DateTimeFormat`, for the reason common/src/format.ts gives: the ad cards of a
 * server-rendered page show dates, and their hydration would load the locale's data.
 */
function formatDay(date: Date, zone: 'reader' | 'UTC'): string {
  const [year, month, day] =
    zone === 'UTC'
      ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
      : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** A day in the reader's time zone: "Mar 2, 2024". */
export function formatDate(iso: string | Date): string {
  return formatDay(typeof iso === 'string' ? new Date(iso) : iso, 'reader');
}

/** A day in UTC, as the server writes it (see useReaderDates): "Mar 2, 2024". */
export function formatUtcDate(iso: string): string {
  return formatDay(new Date(iso), 'UTC');
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A moment to the minute, e.g. when a staff action happened: "Mar 2, 2024, 3:05 PM". */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTimeFormat.format(new Date(iso));
}
