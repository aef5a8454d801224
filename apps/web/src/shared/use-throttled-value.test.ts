import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledValue } from './use-throttled-value.ts';

describe('useThrottledValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('lets the first change through at once and later ones at most once per interval', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 2000), { initialProps: { value: '' } });
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('ab');
    rerender({ value: 'abc' });
    rerender({ value: 'abcd' });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('ab');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('abcd');
  });
});
