import { describe, expect, it } from 'vitest';
import { formatNotice, formatRepeat, parseCategory, parseDateTime, parseNotice, parseRepeat, parseYesNo } from './schedule-cells.ts';

describe('schedule cells', () => {
  it('read start and end cells as spreadsheets write them (an Excel date cell as the reader gives it too)', () => {
    expect(parseDateTime('2026-03-05 14:00')).toEqual({ date: '2026-03-05', time: '14:00' });
    expect(parseDateTime('2026/3/5 9:30')).toEqual({ date: '2026-03-05', time: '09:30' });
    expect(parseDateTime('2026年3月5日 14：00')).toEqual({ date: '2026-03-05', time: '14:00' });
    expect(parseDateTime('2026-03-05T14:00:00')).toEqual({ date: '2026-03-05', time: '14:00' });
    expect(parseDateTime('2026.3.5')).toEqual({ date: '2026-03-05', time: null });
    expect(parseDateTime('2026-02-30')).toBeUndefined();
    expect(parseDateTime('next Tuesday')).toBeUndefined();
  });

  it('write the repeat rule in each language and read any of them back', () => {
    const weekly = { repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '5' } as const;
    const until = { repeatBy: 'month', repeatDuring: 'date', repeatDuringVal: '2026-12-31' } as const;
    for (const locale of ['zh-TW', 'zh-CN', 'en-US'] as const) {
      expect(parseRepeat(formatRepeat(locale, weekly))).toEqual(weekly);
      expect(parseRepeat(formatRepeat(locale, until))).toEqual(until);
    }
    expect(formatRepeat('zh-TW', weekly)).toBe('每週，共 5 次');
    expect(formatRepeat('en-US', until)).toBe('Monthly, until 2026-12-31');
    expect(parseRepeat('daily')).toEqual({ repeatBy: 'day', repeatDuring: 'forever', repeatDuringVal: null });
    expect(parseRepeat('不重複')).toEqual({ repeatBy: 'none', repeatDuring: 'forever', repeatDuringVal: null });
    expect(parseRepeat('sometimes')).toBeUndefined();
  });

  it('read yes/no, the type and the reminder in any language', () => {
    expect([parseYesNo('是'), parseYesNo('Yes'), parseYesNo('否'), parseYesNo('0'), parseYesNo('maybe')]).toEqual([true, true, false, false, undefined]);
    expect([parseCategory('拜訪'), parseCategory('拜访'), parseCategory('Phone'), parseCategory('fax')]).toEqual(['visit', 'visit', 'phone', undefined]);
    expect([parseNotice('10 分鐘前'), parseNotice('1 hour before'), parseNotice('1 天'), parseNotice('30'), parseNotice('準時'), parseNotice('soon')]).toEqual([600, 3600, 86_400, 1800, 0, undefined]);
    for (const seconds of [0, 300, 600, 1800, 3600, 86_400]) {
      for (const locale of ['zh-TW', 'zh-CN', 'en-US'] as const) expect(parseNotice(formatNotice(locale, seconds))).toBe(seconds);
    }
  });
});
