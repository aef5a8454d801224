import { render } from '@testing-library/react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { seedKey, theme, themeVariants } from './antd-theme.ts';

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

describe('the built token sets (antd-static-styles.ts)', () => {
  it("are keyed by the seed antd's ConfigProvider hands the algorithm, for every theme the app renders with", () => {
    for (const variant of themeVariants) {
      const seeds: object[] = [];
      const spy = (seed: Parameters<typeof antdTheme.defaultAlgorithm>[0]) => {
        seeds.push(seed);
        return antdTheme.defaultAlgorithm(seed);
      };
      function Probe() {
        antdTheme.useToken();
        return null;
      }
      render(
        <ConfigProvider theme={{ ...variant, algorithm: spy }}>
          <Probe />
        </ConfigProvider>,
      );
      expect(seeds.length).toBeGreaterThan(0);
      expect(seedKey(seeds[0]!)).toBe(seedKey({ ...antdTheme.defaultSeed, ...variant.token }));
    }
  });
});
