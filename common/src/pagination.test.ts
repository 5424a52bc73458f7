import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { isUuid } from './ids';
import { pageLimitSchema, pageQuerySchema } from './pagination';

describe('pageQuerySchema', () => {
  it('reads the page size from a query string, with the default page size when there is none', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: PAGE_SIZE_DEFAULT });
    expect(pageQuerySchema.parse({ limit: '5', cursor: 'abc' })).toEqual({ limit: 5, cursor: 'abc' });
  });

  it('refuses sizes below 1, above the maximum or not whole, and unknown parameters', () => {
    for (const limit of ['0', String(PAGE_SIZE_MAX + 1), '2.5', 'ten']) {
      expect(pageQuerySchema.safeParse({ limit }).success).toBe(false);
    }
    expect(pageQuerySchema.safeParse({ page: '2' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ cursor: 'x'.repeat(513) }).success).toBe(false);
  });

  it('lets a list name its own default but not its own maximum', () => {
    expect(pageLimitSchema(30).parse(undefined)).toBe(30);
    expect(pageLimitSchema(30).safeParse(PAGE_SIZE_MAX + 1).success).toBe(false);
  });
});

describe('isUuid', () => {
  it('accepts the ids PostgreSQL makes, in either case, and nothing else', () => {
    expect(isUuid('5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d')).toBe(true);
    expect(isUuid('5D2C1B0A-9E8F-4A7B-8C6D-5E4F3A2B1C0D')).toBe(true);
    for (const text of [
      '',
      'whatever',
      '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0',
      '5d2c1b0a9e8f4a7b8c6d5e4f3a2b1c0d',
      "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d'",
    ]) {
      expect(isUuid(text)).toBe(false);
    }
  });
});
