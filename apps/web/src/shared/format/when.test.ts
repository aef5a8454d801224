import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './when.ts';

describe('dates shown one way everywhere (issue 21: invitations said 2026/11/25, lists 2026-11-25)', () => {
  it('shows a date as YYYY-MM-DD whatever the language', () => {
    expect(formatDate('2026-11-25')).toBe('2026-11-25');
    expect(formatDate('2026-11-25T10:30:00+08:00')).toMatch(/^2026-11-2[45]$/);
    expect(formatDate(null)).toBe('');
  });

  it('adds the 24-hour time for an instant', () => {
    expect(formatDateTime('2026-11-25T10:30:00')).toBe('2026-11-25 10:30');
    expect(formatDateTime(undefined)).toBe('');
  });
});
