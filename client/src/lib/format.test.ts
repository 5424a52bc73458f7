import { describe, expect, it } from 'vitest';
import { formatDate, formatUtcDate } from './format';

describe('formatting days', () => {
  it('writes a day as Intl.DateTimeFormat does in US English, in UTC or the reader’s zone', () => {
    const options = { month: 'short', day: 'numeric', year: 'numeric' } as const;
    const reader = new Intl.DateTimeFormat('en-US', options);
    const utc = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    for (let day = 0; day < 366; day += 1) {
      const moment = new Date(Date.UTC(2024, 0, 1, 23, 30) + day * 86_400_000);
      expect(formatDate(moment)).toBe(reader.format(moment));
      expect(formatUtcDate(moment.toISOString())).toBe(utc.format(moment));
    }
  });

  it('writes the UTC day of a moment late in the evening west of Greenwich', () => {
    expect(formatUtcDate('2024-03-02T23:30:00-05:00')).toBe('Mar 3, 2024');
  });
});
