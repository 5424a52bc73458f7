import { describe, expect, it } from 'vitest';
import { adPriceTextSchema } from './ads';

const messageFor = (text: string) => adPriceTextSchema.safeParse(text).error?.issues[0]?.message;

describe('an ad price as typed', () => {
  it('reads 0 or more dollars with at most two decimals, up to the highest price', () => {
    expect(adPriceTextSchema.parse(' 1234.5 ')).toBe(1234.5);
    expect(adPriceTextSchema.parse('0')).toBe(0);
    expect(adPriceTextSchema.parse('9999999999.99')).toBe(9_999_999_999.99);
  });

  it('says what is wrong: the format, or a price over the highest, naming it', () => {
    expect(messageFor('')).toBe('Price is required.');
    for (const text of ['-1', '1.005', '12abc', '1e5'])
      expect(messageFor(text)).toBe('Enter a price of 0 or more with at most two decimals.');
    for (const text of ['10000000000', '99999999999999'])
      expect(messageFor(text)).toBe('A price can be at most $9,999,999,999.99.');
  });
});
