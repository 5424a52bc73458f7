import { describe, expect, it } from 'vitest';
import { axisMaximum, labelledDayIndexes } from './activity-chart';

describe('axisMaximum', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 12, 48, 51, 200, 201].map(axisMaximum)).toEqual([
      1, 1, 2, 5, 10, 20, 50, 100, 200, 500,
    ]);
  });
});

describe('labelledDayIndexes', () => {
  it('labels every day when there is room, always including today', () => {
    expect(labelledDayIndexes(7, 600)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('labels fewer days on a phone so that labels never overlap', () => {
    const phone = labelledDayIndexes(30, 310);
    expect(phone.at(-1)).toBe(29);
    const gaps = phone.slice(1).map((index, position) => index - phone[position]!);
    expect(new Set(gaps).size).toBe(1);
    expect((gaps[0]! * 310) / 30).toBeGreaterThanOrEqual(46);
    expect(labelledDayIndexes(30, 1200).length).toBeGreaterThan(phone.length);
  });
});
