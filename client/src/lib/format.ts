import { madeOnFirstUse } from '@bazaar/common/format';

/** Numbers and money: the formatters in common/, which the server uses too. */
export { formatCents, formatCount, formatNumber, formatPrice } from '@bazaar/common/format';

const dateFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
);

export function formatDate(iso: string | Date): string {
  return dateFormat().format(typeof iso === 'string' ? new Date(iso) : iso);
}

const dateTimeFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** A moment to the minute, e.g. when a staff action happened: "Mar 2, 2024, 3:05 PM". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}
