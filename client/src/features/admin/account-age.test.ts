import { describe, expect, it } from 'vitest';
import { formatAccountAge } from './account-age';

describe('formatAccountAge', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  it.each([
    ['2026-03-01T08:00:00.000Z', 'new today'],
    ['2026-02-28T12:00:00.000Z', '1 day'],
    ['2026-02-10T12:00:00.000Z', '19 days'],
    ['2025-12-01T12:00:00.000Z', '2 months'],
    ['2025-02-28T12:00:00.000Z', '1 year'],
    ['2023-01-01T12:00:00.000Z', '3 years'],
  ])('calls an account created %s %s old', (createdAt, age) => {
    expect(formatAccountAge(createdAt, now)).toBe(age);
  });
});
