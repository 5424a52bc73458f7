import { formatDay } from '@bazaar/common/format';

/** Numbers and money: the formatters in common/, which the server uses too. */
export { formatCents, formatCount, formatNumber, formatPrice } from '@bazaar/common/format';

/** A day in the reader's time zone: "Mar 2, 2024". */
export function formatDate(iso: string | Date): string {
  return formatDay(typeof iso === 'string' ? new Date(iso) : iso, 'local');
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
