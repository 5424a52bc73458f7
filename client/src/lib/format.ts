const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price in US dollars with thousands separators: $1,049 or $12.50 (never $12.5). */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? wholeDollars.format(price) : dollarsAndCents.format(price);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDate(iso: string | Date): string {
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function formatCount(count: number): string {
  return compactNumber.format(count);
}
