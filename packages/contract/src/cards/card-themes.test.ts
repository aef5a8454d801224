import { describe, expect, it } from 'vitest';
import { cardThemes, findCardTheme } from './card-themes.ts';

describe('card themes', () => {
  it('has at least eight themes every plan includes, light and dark, and unique ids', () => {
    const free = cardThemes.filter((t) => t.minPlan === 'free');
    expect(free.length).toBeGreaterThanOrEqual(8);
    expect(free.some((t) => t.dark)).toBe(true);
    expect(free.some((t) => !t.dark)).toBe(true);
    expect(new Set(cardThemes.map((t) => t.id)).size).toBe(cardThemes.length);
    expect(findCardTheme('nope').id).toBe(cardThemes[0]!.id);
  });
});
