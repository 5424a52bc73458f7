/** Numbers and money: the formatters in common/, which the server uses too. */
export { formatCents, formatCount, formatNumber, formatPrice } from '@bazaar/common/format';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDate(iso: string | Date): string {
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}
