import { describe, expect, it } from 'vitest';
import { dealListQuerySchema } from '../../deals/deals.ts';
import { monthRange, monthsOf, presetRange, quarterRange, rangeDays, sameRangeLastYear, yearToDate } from './statistics.periods.ts';
import { achievementPercent, funnelConversion, percent, rankWithTies, winRate } from './statistics.rules.ts';
import { drillBase, drillFunnelStage, drillLost, drillProduct, drillWon, statisticsQuerySchema } from './statistics.ts';

describe('periods', () => {
  it('month and quarter ranges, with leap February', () => {
    expect(monthRange(2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange(2026, 2)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quarterRange(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('presets around today; last month of January and last quarter of Q1 step into the year before', () => {
    expect(presetRange('thisMonth', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('thisQuarter', '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('lastQuarter', '2026-02-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('thisYear', '2026-05-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('lastYear', '2026-05-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('months of a range across a year end, year to date, same range last year, days', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf({ from: '2026-01-01', to: '2026-12-31' })).toHaveLength(12);
    expect(yearToDate({ from: '2025-11-01', to: '2026-03-31' })).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(sameRangeLastYear({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(rangeDays({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
  });

  it('the statistics query refuses an inverted range and more than three years', () => {
    const orgId = '00000000-0000-4000-8000-000000000000';
    expect(statisticsQuerySchema.safeParse({ orgId, from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(statisticsQuerySchema.safeParse({ orgId, from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(statisticsQuerySchema.safeParse({ orgId, from: '2020-01-01', to: '2026-01-31' }).success).toBe(false);
    expect(statisticsQuerySchema.safeParse({ orgId, from: '2026-01-01', to: '2026-01-31', timeZone: 'Nowhere/City' }).success).toBe(false);
  });
});

describe('rules', () => {
  it('percentages to one decimal, null without a base', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 0)).toBeNull();
    expect(achievementPercent('3500.00', '4500.00')).toBe(77.8);
    expect(achievementPercent('10.00', '0.00')).toBeNull();
    expect(winRate(3, 1)).toBe(75);
    expect(winRate(0, 0)).toBeNull();
  });

  it('funnel conversion: a deal further on (or won) has passed every earlier stage', () => {
    // Stages with 4, 3, 1 deals now; 2 won → reached 10, 6, 3; conversions 60, 50, 66.7 (into won).
    expect(funnelConversion([{ count: 4 }, { count: 3 }, { count: 1 }], 2)).toEqual([
      { reached: 10, conversion: 60 },
      { reached: 6, conversion: 50 },
      { reached: 3, conversion: 66.7 },
    ]);
    expect(funnelConversion([{ count: 0 }], 0)).toEqual([{ reached: 0, conversion: null }]);
  });

  it('ranks with ties share a rank and skip the next ones', () => {
    const ranked = rankWithTies([{ v: '9' }, { v: '5' }, { v: '5' }, { v: '1' }], (x) => x.v);
    expect(ranked.map((x) => x.rank)).toEqual([1, 2, 2, 4]);
  });
});

describe('drill-down', () => {
  it('builds deal list queries that the deal list accepts', () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    const orgId = '00000000-0000-4000-8000-000000000000';
    const id = '00000000-0000-4000-8000-000000000001';
    for (const drill of [
      { ...drillBase('performanceReport', null), ...drillWon(range) },
      { ...drillBase('performanceReport', [id]), ...drillFunnelStage(id, 10001, range) },
      { ...drillBase('productSalesRanking', null), ...drillProduct(id, range) },
      { ...drillBase('productSalesRanking', null), ...drillProduct(id, range, true) },
      { ...drillBase('performanceReport', [id]), ...drillLost(range, 'Asia/Taipei') },
    ]) {
      expect(dealListQuerySchema.safeParse({ orgId, ...drill }).success).toBe(true);
    }
    expect(drillBase('performanceReport', [id, id])).toEqual({ scope: 'performanceReport', owner: `${id},${id}` });
    expect(drillProduct(id, range, true)).toEqual({ closingFrom: range.from, closingTo: range.to, productId: id });
    expect(drillLost(range, 'UTC')).toEqual({ status: 'failed', lostFrom: range.from, lostTo: range.to, timeZone: 'UTC' });
  });
});
