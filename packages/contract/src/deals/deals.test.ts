import { describe, expect, it } from 'vitest';
import {
  closingRateFor,
  completedDateFor,
  daysBetween,
  dealCreateBodySchema,
  dealStatus,
  dealMargin,
  dealTotals,
  dealUpdateBodySchema,
  isStalled,
} from './deals.ts';
import { centsToMoney, moneySchema, moneyToCents, sumLines } from '../platform/money.ts';
import { isRealDate } from '../platform/common.ts';
import { lostStage, stageChoices, wonStage, type Stage } from './sales-stages.ts';

const stage = (id: number, sort: number, closingRate = 10, alertNotice: number | null = 5): Stage => ({
  id, stageTypeId: 't', label: `s${id}`, sort, closingRate, alertNotice, category: 'inProgress',
});

describe('stageChoices', () => {
  it('lists the workspace stages in order, then won (1000, 100 %, sort 9999) and lost (-9999, 0 %, sort -1)', () => {
    const choices = stageChoices([stage(10002, 2), stage(10001, 1)]);
    expect(choices.map((s) => s.id)).toEqual([10001, 10002, 1000, -9999]);
    expect(wonStage).toMatchObject({ id: 1000, closingRate: 100, sort: 9999 });
    expect(lostStage).toMatchObject({ id: -9999, closingRate: 0, sort: -1 });
  });
});

describe('deal rules', () => {
  it('closing rate follows the picked stage', () => {
    expect(closingRateFor(stage(10001, 1, 40))).toBe(40);
    expect(closingRateFor(wonStage)).toBe(100);
    expect(closingRateFor(lostStage)).toBe(0);
  });
  it('completed date only when the stage is 1000', () => {
    expect(completedDateFor(1000, '2026-01-31', '2026-02-01')).toBe('2026-01-31');
    expect(completedDateFor(1000, null, '2026-02-01')).toBe('2026-02-01');
    expect(completedDateFor(-9999, '2026-01-31', '2026-02-01')).toBeNull();
    expect(completedDateFor(10001, '2026-01-31', '2026-02-01')).toBeNull();
  });
  it('status follows the stage', () => {
    expect(dealStatus(1000)).toBe('closed');
    expect(dealStatus(-9999)).toBe('failed');
    expect(dealStatus(10001)).toBe('developing');
  });
  it('stalled once days in stage reach alertNotice; never for won, lost or no notice', () => {
    expect(isStalled(4, stage(10001, 1, 10, 5))).toBe(false);
    expect(isStalled(5, stage(10001, 1, 10, 5))).toBe(true);
    expect(isStalled(99, stage(10001, 1, 10, null))).toBe(false);
    expect(isStalled(99, wonStage)).toBe(false);
    expect(isStalled(99, lostStage)).toBe(false);
    expect(isStalled(99, undefined)).toBe(false);
  });
  it('counts whole days', () => {
    expect(daysBetween(new Date('2026-01-01T10:00:00Z'), new Date('2026-01-03T09:59:59Z'))).toBe(1);
    expect(daysBetween(new Date('2026-01-01T10:00:00Z'), new Date('2026-01-03T10:00:00Z'))).toBe(2);
    expect(daysBetween(new Date('2026-01-03T10:00:00Z'), new Date('2026-01-01T10:00:00Z'))).toBe(0);
  });
});

describe('dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-1-01')).toBe(false);
    expect(isRealDate('2024/01/01')).toBe(false);
  });
});

describe('money', () => {
  it('keeps two decimals exactly and refuses negatives and floats beyond cents', () => {
    expect(moneySchema.parse('12.5')).toBe('12.50');
    expect(moneySchema.parse(0.1)).toBe('0.10');
    expect(moneySchema.parse('999999999999.99')).toBe('999999999999.99');
    expect(moneySchema.safeParse('-1').success).toBe(false);
    expect(moneySchema.safeParse(-1).success).toBe(false);
    expect(moneySchema.safeParse('1.005').success).toBe(false);
    expect(moneySchema.safeParse('abc').success).toBe(false);
  });
  it('sums in cents (0.1 + 0.2 is 0.30)', () => {
    expect(sumLines([{ price: '0.10', num: 1 }, { price: '0.20', num: 1 }])).toBe('0.30');
    expect(centsToMoney(moneyToCents('-3.05'))).toBe('-3.05');
  });
  it('deal totals: products at quoted price minus costs', () => {
    expect(dealTotals([{ quotedPrice: '100.10', num: 3 }], [{ singlePrice: '50.05', num: 7 }], '999')).toEqual({
      productTotal: '300.30',
      costTotal: '350.35',
      marginBasis: 'products',
      margin: '-50.05',
    });
  });
  it('margin without product lines is the amount minus costs (issue 30: $120,000 with a $1,500 cost is $118,500)', () => {
    expect(dealTotals([], [{ singlePrice: '1500', num: 1 }], '120000')).toEqual({ productTotal: '0.00', costTotal: '1500.00', marginBasis: 'amount', margin: '118500.00' });
    expect(dealMargin({ amount: '120000', productLineCount: 0, productTotal: '0.00', costTotal: '0.00' })).toEqual({ revenue: '120000.00', marginBasis: 'amount', margin: '120000.00' });
    // With products the amount is ignored, even when it differs from their total.
    expect(dealMargin({ amount: '120000', productLineCount: 1, productTotal: '100.00', costTotal: '30.00' })).toEqual({ revenue: '100.00', marginBasis: 'products', margin: '70.00' });
    expect(dealMargin({ amount: '', productLineCount: 0, productTotal: '0.00', costTotal: '10.50' }).margin).toBe('-10.50');
  });
});

describe('deal bodies', () => {
  const base = { name: 'Big deal', amount: '1000', startDate: '2026-01-01', estimatedEndDate: '2026-03-31' };
  it('requires name, amount, startDate and estimatedEndDate on create', () => {
    expect(dealCreateBodySchema.safeParse(base).success).toBe(true);
    for (const key of Object.keys(base)) {
      const rest: Record<string, unknown> = { ...base };
      delete rest[key];
      const parsed = dealCreateBodySchema.safeParse(rest);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([key]);
    }
  });
  it('refuses unreal dates and closing rates outside 0-100', () => {
    expect(dealCreateBodySchema.safeParse({ ...base, startDate: '2026-02-30' }).success).toBe(false);
    expect(dealCreateBodySchema.safeParse({ ...base, closingRate: 101 }).success).toBe(false);
    expect(dealCreateBodySchema.safeParse({ ...base, closingRate: -1 }).success).toBe(false);
  });
  it('update sends only what changes (no defaults filled in)', () => {
    expect(dealUpdateBodySchema.parse({ name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('defaultDealFieldSetting', () => {
  it('shows amount, stage, closing rate and expected close by default, every column once', async () => {
    const { defaultDealFieldSetting, dealListColumns } = await import('./deals.ts');
    const shown = defaultDealFieldSetting.columns.filter((c) => c.isShow).map((c) => c.key);
    for (const key of ['amount', 'stage', 'closingRate', 'estimateDate'] as const) expect(shown).toContain(key);
    expect([...defaultDealFieldSetting.columns.map((c) => c.key)].sort()).toEqual([...dealListColumns].sort());
  });
});
