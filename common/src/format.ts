/**
 * Numbers and money as Bazaar writes them everywhere (pages, e-mails, the payment page):
 * US English, with thousands separators. One formatter of each kind, shared by client and
 * server.
 */

/**
 * What `make` makes, made on first use and kept. For `Intl` formatters: making one takes
 * milliseconds on a slow phone, which a page would otherwise spend on all of them before its
 * first render, used or not.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const wholeNumber = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));
const compactNumber = madeOnFirstUse(
  () => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
);
const dollarsAndCents = madeOnFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const wholeDollars = madeOnFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);

/** A count or score with thousands separators: 12,345. */
export function formatNumber(value: number): string {
  return wholeNumber().format(value);
}

/** A count in a few characters, for badges and axis ticks: 999, 1.2K, 3M. */
export function formatCount(value: number): string {
  return compactNumber().format(value);
}

/** An ad's price in US dollars, without a zero fraction: $1,049, but $12.50 (never $12.5). */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? wholeDollars().format(dollars) : dollarsAndCents().format(dollars);
}

/** An amount kept in cents (plans, payments), as on a receipt: $5.00, $12.50. */
export function formatCents(cents: number): string {
  return dollarsAndCents().format(cents / 100);
}
