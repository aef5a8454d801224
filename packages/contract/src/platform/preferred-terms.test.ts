import { describe, expect, it } from 'vitest';
import { exportValueLabels } from '../imports/imports.ts';
import { locales } from './locale.ts';
import { findForbiddenTerms } from './preferred-terms.ts';

describe('preferred terms', () => {
  it('finds the synonyms the board and the funnel disagreed on (issue 30), not the closing rate', () => {
    expect(findForbiddenTerms('成交金額', 'zh-TW')).toEqual([{ concept: 'deal won', found: '成交', preferred: '贏單' }]);
    expect(findForbiddenTerms('失敗 3 筆', 'zh-TW')).toEqual([{ concept: 'deal lost', found: '失敗', preferred: '輸單' }]);
    expect(findForbiddenTerms('失败', 'zh-CN')[0]?.preferred).toBe('输单');
    expect(findForbiddenTerms('Failed deals', 'en-US')[0]?.preferred).toBe('Lost');
    expect(findForbiddenTerms('成交率 40%', 'zh-TW')).toEqual([]);
    expect(findForbiddenTerms('成交機率', 'zh-TW')).toEqual([]);
    expect(findForbiddenTerms('成交概率', 'zh-CN')).toEqual([]);
    expect(findForbiddenTerms('贏單金額 · 輸單 2 筆', 'zh-TW')).toEqual([]);
  });

  it('one word for the expected close date: the deals section said 預計成交 where the deal page says 預計結案', () => {
    expect(findForbiddenTerms('預計成交 2026-12-01', 'zh-TW').map((hit) => hit.preferred)).toContain('預計結案');
    expect(findForbiddenTerms('预计成交', 'zh-CN').map((hit) => hit.preferred)).toContain('预计结案');
    expect(findForbiddenTerms('預計結案日期', 'zh-TW')).toEqual([]);
  });

  it('the export writes the same words as the board', () => {
    for (const locale of locales) {
      for (const word of Object.values(exportValueLabels[locale])) expect(findForbiddenTerms(word, locale)).toEqual([]);
    }
    expect(exportValueLabels['zh-TW']).toMatchObject({ won: '贏單', lost: '輸單', closed: '贏單', failed: '輸單' });
  });
});
