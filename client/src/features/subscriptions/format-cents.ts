const centsFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount of money in cents, as on a receipt: $12.50. */
export function formatCents(cents: number): string {
  return centsFormat.format(cents / 100);
}
