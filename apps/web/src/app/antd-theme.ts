import type { ThemeConfig } from 'antd';

/**
 * The app's antd themes, as plain data: read by the app (antd-providers.tsx) and by the build, which derives antd's
 * full token set from each once (apps/web/antd-static-styles.ts) so the browser does not.
 */

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1554b8',
    colorLink: '#1554b8',
    borderRadius: 8,
    // Darker than antd's defaults so error and success texts reach WCAG AA contrast on white.
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    // antd derives the success alert's fill and border from colorSuccess, and from this dark green they come out
    // olive: keep antd's own light greens for them (green-1, green-2, green-3, green-4).
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarning: '#ad6800',
    // Per page language (shared/font-stack.css).
    fontFamily: 'var(--font-sans)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    Layout: { headerBg: '#0f2a44', headerPadding: '0 20px', bodyBg: '#f3f5f8' },
  },
};

/** On a touch phone every control is at least 44 px tall (issue 29, WCAG 2.5.5): antd sizes them all from these tokens. */
const touchTheme: ThemeConfig = {
  token: { ...theme.token, controlHeight: 44, controlHeightSM: 32, controlHeightLG: 48 },
  // A switch is drawn 22 px tall whatever the control height: 28 px under a finger (WCAG 2.5.8 asks 24).
  components: { ...theme.components, Switch: { trackHeight: 28, handleSize: 24, trackMinWidth: 52 } },
};

/**
 * The theme for the device and the system's "reduce motion" setting: without motion antd's drawers, dialogs and menus
 * appear without their zoom and slide (styles.css stops the rest).
 */
export function themeFor(touchPhone: boolean, reducedMotion: boolean): ThemeConfig {
  const current = touchPhone ? touchTheme : theme;
  return reducedMotion ? { ...current, token: { ...current.token, motion: false } } : current;
}

/** Every theme the app renders with (the build derives each one's tokens). */
export const themeVariants: ThemeConfig[] = [false, true].flatMap((touchPhone) => [themeFor(touchPhone, false), themeFor(touchPhone, true)]);

/** A seed token's identity, whatever the order of its keys: what the built token sets are found by (a 53-bit hash). */
export function seedKey(seed: object): string {
  const text = JSON.stringify(Object.entries(seed).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // cyrb53: two 32-bit multiplicative hashes mixed.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
