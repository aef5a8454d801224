import { describe, expect, it } from 'vitest';
import { availableDaysOf, isFullTipShown, timesOfDay } from './month-days.ts';

const month = [
  { day: 1, times: [] },
  { day: 2, times: ['09:00', '09:30'] },
  { day: 3, times: [] },
];

describe('month days', () => {
  it('knows the days with a free slot and the times of the chosen day', () => {
    expect(availableDaysOf(month)).toEqual(new Set([2]));
    expect(availableDaysOf(null)).toBeNull();
    expect(timesOfDay(month, 2)).toEqual(['09:00', '09:30']);
    expect(timesOfDay(month, 3)).toEqual([]);
    expect(timesOfDay(month, null)).toEqual([]);
  });

  it('shows the full tip for a full month or a chosen day that has no slot left, not while loading', () => {
    expect(isFullTipShown(null, null)).toBe(false);
    expect(isFullTipShown(month, null)).toBe(false);
    expect(isFullTipShown(month, 2)).toBe(false);
    expect(isFullTipShown(month, 3)).toBe(true);
    expect(isFullTipShown(month.map((d) => ({ ...d, times: [] })), null)).toBe(true);
  });
});
