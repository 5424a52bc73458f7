import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatNumber, formatPrice } from './format';

describe('formatting numbers and money', () => {
  it('writes counts with thousands separators, or compactly', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234)).toBe('-1,234');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1150)).toBe('1.2K');
    expect(formatCount(1250)).toBe('1.3K');
    expect(formatCount(999_960)).toBe('1M');
    expect(formatCount(3_000_000)).toBe('3M');
  });

  it('writes a price without a zero fraction, but never a lone tenth', () => {
    expect(formatPrice(1049)).toBe('$1,049');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
    expect(formatPrice(1.005)).toBe('$1.01');
  });

  it('writes amounts in cents as on a receipt', () => {
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-300)).toBe('-$3.00');
  });

  it('writes what Intl.NumberFormat writes in US English, for numbers of every size', () => {
    const whole = new Intl.NumberFormat('en-US');
    const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
    const dollars = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    });
    for (let digits = 1; digits <= 13; digits += 1) {
      for (const value of [
        10 ** (digits - 1),
        10 ** digits - 1,
        10 ** digits - 50,
        1.15 * 10 ** (digits - 1),
      ]) {
        const count = Math.round(value);
        expect(formatNumber(count)).toBe(whole.format(count));
        expect(formatCount(count)).toBe(compact.format(count));
        expect(formatPrice(count)).toBe(dollars.format(count));
        expect(formatCents(count)).toBe(cents.format(count / 100));
        expect(formatPrice(count / 1000)).toBe(
          (Number.isInteger(count / 1000) ? dollars : cents).format(count / 1000),
        );
      }
    }
  });
});
