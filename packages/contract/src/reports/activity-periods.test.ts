import { describe, expect, it } from 'vitest';
import {
  formatPeriod,
  isoWeekOf,
  isoWeeksInYear,
  localDateOf,
  parsePeriod,
  periodOf,
  periodRange,
  reachedPercent,
  shortcutRange,
  stepSymbol,
  targetFor,
  workingDaysIn,
} from './activity-periods.ts';

describe('period symbols', () => {
  it('parses and formats W, M and Q symbols', () => {
    expect(parsePeriod('2024W5')).toEqual({ kind: 'week', year: 2024, index: 5 });
    expect(parsePeriod('2024M3')).toEqual({ kind: 'month', year: 2024, index: 3 });
    expect(parsePeriod('2024Q2')).toEqual({ kind: 'quarter', year: 2024, index: 2 });
    expect(formatPeriod({ kind: 'week', year: 2024, index: 5 })).toBe('2024W5');
    expect(parsePeriod('2024W05')).toEqual({ kind: 'week', year: 2024, index: 5 });
  });

  it('refuses what is not a period', () => {
    for (const bad of ['2024W0', '2024W54', '2023W53', '2024M13', '2024M0', '2024Q5', '2024q1', 'W5', '24W5', '2024-W5', '']) {
      expect(parsePeriod(bad), bad).toBeNull();
    }
    expect(parsePeriod('2020W53')).not.toBeNull();
  });

  it('knows the years with 53 ISO weeks', () => {
    expect(isoWeeksInYear(2020)).toBe(53); // 1 January a Wednesday in a leap year
    expect(isoWeeksInYear(2015)).toBe(53); // 1 January a Thursday
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2023)).toBe(52);
    expect(isoWeeksInYear(2024)).toBe(52);
  });

  it('finds the ISO week of dates around new year', () => {
    expect(isoWeekOf('2024-01-01')).toEqual({ year: 2024, week: 1 });
    expect(isoWeekOf('2021-01-01')).toEqual({ year: 2020, week: 53 });
    expect(isoWeekOf('2021-01-03')).toEqual({ year: 2020, week: 53 });
    expect(isoWeekOf('2021-01-04')).toEqual({ year: 2021, week: 1 });
    expect(isoWeekOf('2019-12-30')).toEqual({ year: 2020, week: 1 });
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 });
  });
});

describe('stepping (docs/product.md#states)', () => {
  it('steps weeks across year ends, 52- and 53-week years alike', () => {
    expect(stepSymbol('2024W1', -1)).toBe('2023W52');
    expect(stepSymbol('2023W52', 1)).toBe('2024W1');
    expect(stepSymbol('2021W1', -1)).toBe('2020W53');
    expect(stepSymbol('2020W53', 1)).toBe('2021W1');
    expect(stepSymbol('2020W52', 1)).toBe('2020W53');
    expect(stepSymbol('2024W5', 0)).toBe('2024W5');
  });

  it('wraps months and quarters', () => {
    expect(stepSymbol('2024M1', -1)).toBe('2023M12');
    expect(stepSymbol('2023M12', 1)).toBe('2024M1');
    expect(stepSymbol('2024Q1', -1)).toBe('2023Q4');
    expect(stepSymbol('2023Q4', 1)).toBe('2024Q1');
    expect(stepSymbol('2024M3', -15)).toBe('2022M12');
    expect(stepSymbol('2024Q2', 7)).toBe('2026Q1');
  });

  it('throws on a bad symbol', () => {
    expect(() => stepSymbol('2024X1', 1)).toThrow();
  });
});

describe('ranges', () => {
  it('gives each period its first and last day', () => {
    expect(periodRange(parsePeriod('2024W1')!)).toEqual({ from: '2024-01-01', to: '2024-01-07' });
    expect(periodRange(parsePeriod('2020W53')!)).toEqual({ from: '2020-12-28', to: '2021-01-03' });
    expect(periodRange(parsePeriod('2024M2')!)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange(parsePeriod('2023M2')!)).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(periodRange(parsePeriod('2024Q4')!)).toEqual({ from: '2024-10-01', to: '2024-12-31' });
  });

  it('finds the period of a date', () => {
    expect(formatPeriod(periodOf('week', '2024-01-31'))).toBe('2024W5');
    expect(formatPeriod(periodOf('month', '2024-03-31'))).toBe('2024M3');
    expect(formatPeriod(periodOf('quarter', '2024-06-30'))).toBe('2024Q2');
    expect(formatPeriod(periodOf('quarter', '2024-07-01'))).toBe('2024Q3');
  });

  it('takes today in the workspace timezone: midnight in Taipei is still the previous day in UTC', () => {
    // Monday 2024-01-01 00:30 in Taipei = Sunday 2023-12-31 16:30 UTC.
    const instant = new Date('2023-12-31T16:30:00Z');
    expect(localDateOf(instant, 'Asia/Taipei')).toBe('2024-01-01');
    expect(localDateOf(instant, 'UTC')).toBe('2023-12-31');
    expect(formatPeriod(periodOf('week', localDateOf(instant, 'Asia/Taipei')))).toBe('2024W1');
    expect(formatPeriod(periodOf('week', localDateOf(instant, 'UTC')))).toBe('2023W52');
    // 23:59 Taipei on 31 March stays in Q1.
    expect(formatPeriod(periodOf('quarter', localDateOf(new Date('2024-03-31T15:59:00Z'), 'Asia/Taipei')))).toBe('2024Q1');
  });
});

describe('date shortcuts (docs/product.md#limits)', () => {
  const today = '2024-01-03'; // a Wednesday
  it('counts back past days including today', () => {
    expect(shortcutRange('past7Days', today)).toEqual({ from: '2023-12-28', to: today });
    expect(shortcutRange('past30Days', today)).toEqual({ from: '2023-12-05', to: today });
  });
  it('gives last, this and next week and month', () => {
    expect(shortcutRange('lastWeek', today)).toEqual({ from: '2023-12-25', to: '2023-12-31' });
    expect(shortcutRange('thisWeek', today)).toEqual({ from: '2024-01-01', to: '2024-01-07' });
    expect(shortcutRange('nextWeek', today)).toEqual({ from: '2024-01-08', to: '2024-01-14' });
    expect(shortcutRange('lastMonth', today)).toEqual({ from: '2023-12-01', to: '2023-12-31' });
    expect(shortcutRange('thisMonth', today)).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(shortcutRange('nextMonth', today)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe('targets (docs/product.md#limits)', () => {
  it('asks five daily targets a week, and a daily target per working day otherwise', () => {
    expect(targetFor(12, 'week', { from: '2024-01-01', to: '2024-01-07' })).toBe(60);
    expect(workingDaysIn({ from: '2024-01-01', to: '2024-01-31' })).toBe(23);
    expect(targetFor(10, 'month', { from: '2024-01-01', to: '2024-01-31' })).toBe(230);
    expect(workingDaysIn({ from: '2024-01-06', to: '2024-01-07' })).toBe(0);
    expect(workingDaysIn({ from: '2024-01-05', to: '2024-01-08' })).toBe(2);
    expect(workingDaysIn({ from: '2024-01-01', to: '2024-03-31' })).toBe(65);
  });
  it('shows no percentage without a target', () => {
    expect(reachedPercent(30, 60)).toBe(50);
    expect(reachedPercent(30, null)).toBeNull();
    expect(reachedPercent(30, 0)).toBeNull();
    expect(reachedPercent(1, 3)).toBe(33);
  });
});

describe('automation follow-up day', async () => {
  const { followUpDate } = await import('../calendar/automation.ts');
  it('adds a week, months that keep the day, a year, or custom days', () => {
    expect(followUpDate('2024-01-31', { followUpDelay: 'oneWeek', customDays: null })).toBe('2024-02-07');
    expect(followUpDate('2024-01-31', { followUpDelay: 'oneMonth', customDays: null })).toBe('2024-02-29');
    expect(followUpDate('2024-08-31', { followUpDelay: 'sixMonths', customDays: null })).toBe('2025-02-28');
    expect(followUpDate('2024-02-29', { followUpDelay: 'oneYear', customDays: null })).toBe('2025-02-28');
    expect(followUpDate('2024-12-30', { followUpDelay: 'custom', customDays: 3 })).toBe('2025-01-02');
  });
});
