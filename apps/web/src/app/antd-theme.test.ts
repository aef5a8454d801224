import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './antd-providers.tsx';

/** HSL lightness and saturation (0–1) of a #rrggbb colour. */
function hsl(hex: string): { lightness: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  return { lightness, saturation };
}

describe('theme (issue 30, defect 14)', () => {
  it('the success alert (the import check\'s "no problems") is a pale, clear green, not the olive derived from the dark success text colour', () => {
    const tokens = antdTheme.getDesignToken(theme);
    const fill = hsl(tokens.colorSuccessBg);
    expect(fill.lightness).toBeGreaterThan(0.9);
    expect(fill.saturation).toBeGreaterThan(0.5);
    expect(hsl(tokens.colorSuccessBorder).saturation).toBeGreaterThan(0.5);
  });
});
