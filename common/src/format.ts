/**
 * Numbers, money and days as Bazaar writes them everywhere (pages, e-mails, notifications, the
 * payment page): US English, with thousands separators. Shared by client and server, so a page
 * the server rendered hydrates with the same text.
 *
 * Written out rather than made with `Intl`: a page's first `Intl` formatter loads the
 * locale's data, 80–100 ms on a slow phone (Lighthouse's 4× CPU), in the middle of hydrating
 * the first price, count or date it meets — the largest task of a search page's load.
 */

/** Digits of a whole number of any size, with a comma between each group of three. */
function withSeparators(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A count or score with thousands separators: 12,345 (rounded to a whole number). */
export function formatNumber(value: number): string {
  const whole = Math.round(Math.abs(value));
  return (value < 0 && whole > 0 ? '-' : '') + withSeparators(whole);
}

const COMPACT_UNITS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
];

/** A count in a few characters, for badges and axis ticks: 999, 1.2K, 3M. */
export function formatCount(value: number): string {
  const count = Math.round(Math.abs(value));
  const sign = value < 0 && count > 0 ? '-' : '';
  for (const [index, { size, suffix }] of COMPACT_UNITS.entries()) {
    if (count < size) continue;
    // In tenths of the unit, rounded half up as Intl does: 1,250 is 13 tenths of a thousand.
    const tenths = Math.round(count / (size / 10));
    // 999,960 rounds to 1,000K, which is written 1M.
    const larger = COMPACT_UNITS[index - 1];
    if (tenths >= 10_000 && larger) return sign + formatCount(tenths * (size / 10));
    return `${sign}${tenths % 10 ? (tenths / 10).toFixed(1) : String(tenths / 10)}${suffix}`;
  }
  return sign + String(count);
}

/** Dollars to the cent: "1,234.56" of 123,456 cents. */
function dollarsOf(cents: number): string {
  const whole = Math.abs(cents);
  return `${withSeparators(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** An amount kept in cents (plans, payments), as on a receipt: $5.00, $12.50, -$3.00. */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  return `${whole < 0 ? '-' : ''}$${dollarsOf(whole)}`;
}

/** An ad's price in US dollars, without a zero fraction: $1,049, but $12.50 (never $12.5). */
export function formatPrice(dollars: number): string {
  if (!Number.isInteger(dollars)) {
    // Rounded as the price is written (1.005 is $1.01), not as it is kept in binary (1.00499…).
    return formatCents(Math.sign(dollars) * Math.round(Number(`${Math.abs(dollars)}e2`)));
  }
  return `${dollars < 0 ? '-' : ''}$${withSeparators(Math.abs(dollars))}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day, "Mar 2, 2024": in UTC, as the server writes every date (it cannot know the reader's
 * zone), or in the local time zone (a browser's is its reader's).
 */
export function formatDay(date: Date, zone: 'UTC' | 'local'): string {
  const [year, month, day] =
    zone === 'UTC'
      ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
      : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${MONTHS[month]} ${day}, ${year}`;
}
