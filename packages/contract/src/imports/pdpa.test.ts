import { describe, expect, it } from 'vitest';
import { isPdpaOverdue, pdpaDueDate } from './pdpa.ts';

describe('PDPA due dates (article 13)', () => {
  it('gives 15 days for view/copy and 30 for correct, stop and delete', () => {
    expect(pdpaDueDate('access', '2026-12-01', false)).toBe('2026-12-16');
    expect(pdpaDueDate('correct', '2026-12-01', false)).toBe('2026-12-31');
    expect(pdpaDueDate('restrict', '2026-12-01', false)).toBe('2026-12-31');
    expect(pdpaDueDate('erase', '2026-12-01', false)).toBe('2026-12-31');
  });
  it('extends once by as many days again', () => {
    expect(pdpaDueDate('access', '2026-12-01', true)).toBe('2026-12-31');
    expect(pdpaDueDate('erase', '2026-12-01', true)).toBe('2027-01-30');
  });
  it('crosses months and leap days', () => {
    expect(pdpaDueDate('access', '2028-02-20', false)).toBe('2028-03-06');
    expect(pdpaDueDate('erase', '2027-02-15', false)).toBe('2027-03-17');
  });
  it('is overdue only while open, after the due day', () => {
    expect(isPdpaOverdue({ state: 'open', dueOn: '2026-12-16' }, '2026-12-16')).toBe(false);
    expect(isPdpaOverdue({ state: 'open', dueOn: '2026-12-16' }, '2026-12-17')).toBe(true);
    expect(isPdpaOverdue({ state: 'done', dueOn: '2026-12-16' }, '2026-12-30')).toBe(false);
  });
});
