import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatNumber, formatPrice } from './format';

describe('formatting numbers and money', () => {
  it('writes counts with thousands separators, or compactly', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1250)).toBe('1.3K');
    expect(formatCount(3_000_000)).toBe('3M');
  });

  it('writes a price without a zero fraction, but never a lone tenth', () => {
    expect(formatPrice(1049)).toBe('$1,049');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
  });

  it('writes amounts in cents as on a receipt', () => {
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
  });
});
