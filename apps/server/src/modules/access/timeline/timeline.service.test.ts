import { describe, expect, it } from 'vitest';
import { diff } from './timeline.service.ts';

describe('timeline diff', () => {
  it('ignores the key order jsonb gives back', () => {
    const stored = { phones: [{ type: 'mobile', value: '0912345678' }] };
    const saved = { phones: [{ value: '0912345678', type: 'mobile' }] };
    expect(diff(stored, saved, ['phones'])).toEqual({});
  });
  it('reports a real change as [before, after], treating missing as null', () => {
    expect(diff({ note: 'a' }, { note: 'b' }, ['note'])).toEqual({ note: ['a', 'b'] });
    expect(diff({}, { nickName: 'Kong' }, ['nickName'])).toEqual({ nickName: [null, 'Kong'] });
  });
});
