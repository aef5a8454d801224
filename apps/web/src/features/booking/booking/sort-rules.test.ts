import { describe, expect, it } from 'vitest';
import { moveKeepingFixed } from './sort-rules.ts';

const list = [
  { id: 'a', fixed: false },
  { id: 'f', fixed: true },
  { id: 'b', fixed: false },
  { id: 'c', fixed: false },
];

describe('moveKeepingFixed', () => {
  it('reorders movable items around a fixed one, which keeps its index', () => {
    expect(moveKeepingFixed(list, 'a', 'c')).toEqual(['b', 'f', 'c', 'a']);
    expect(moveKeepingFixed(list, 'c', 'a')).toEqual(['c', 'f', 'a', 'b']);
  });
  it('refuses to drag a fixed item or drop onto one', () => {
    expect(moveKeepingFixed(list, 'f', 'a')).toBeNull();
    expect(moveKeepingFixed(list, 'a', 'f')).toBeNull();
  });
  it('does nothing for a drop on itself', () => {
    expect(moveKeepingFixed(list, 'a', 'a')).toBeNull();
  });
  it('works on lists without fixed items', () => {
    expect(moveKeepingFixed([{ id: 'x' }, { id: 'y' }], 'y', 'x')).toEqual(['y', 'x']);
  });
});
