import { describe, expect, it } from 'vitest';
import { describeResponseTime } from './response-time';

describe('describeResponseTime', () => {
  it('rounds a typical first reply up to the hour, and beyond a day to the day', () => {
    expect(describeResponseTime(0)).toBe('within an hour');
    expect(describeResponseTime(3600)).toBe('within an hour');
    expect(describeResponseTime(3601)).toBe('within 2 hours');
    expect(describeResponseTime(24 * 3600)).toBe('within 24 hours');
    expect(describeResponseTime(24 * 3600 + 1)).toBe('within 2 days');
    expect(describeResponseTime(5 * 24 * 3600)).toBe('within 5 days');
  });
});
