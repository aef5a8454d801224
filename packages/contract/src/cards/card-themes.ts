import type { Plan } from '../platform/constants.ts';

/**
 * Business card themes as data (docs/product.md#business-cards): colours, a font family and a layout variant,
 * rendered by the one card component shared by the staff preview and the public page
 * (apps/web/src/shared/business-card). `minPlan` is the cheapest plan whose theme store includes it.
 */
export const cardLayouts = ['classic', 'banner', 'minimal'] as const;
export type CardLayout = (typeof cardLayouts)[number];
export const cardFonts = ['sans', 'serif'] as const;
export type CardFont = (typeof cardFonts)[number];

export interface CardThemeColors {
  /** Behind the card (the public page's background). */
  page: string;
  /** The card's surface. */
  card: string;
  text: string;
  muted: string;
  /** Buttons, icons, the band of the banner layout. */
  accent: string;
  /** Text on the accent colour. */
  onAccent: string;
}

export interface CardTheme {
  id: string;
  minPlan: Plan;
  dark: boolean;
  layout: CardLayout;
  font: CardFont;
  colors: CardThemeColors;
}

const theme = (id: string, minPlan: Plan, layout: CardLayout, font: CardFont, dark: boolean, colors: CardThemeColors): CardTheme => ({
  id,
  minPlan,
  layout,
  font,
  dark,
  colors,
});

export const cardThemes: readonly CardTheme[] = [
  theme('harbor', 'free', 'banner', 'sans', false, { page: '#e8eef5', card: '#ffffff', text: '#0f2a44', muted: '#5b6b7c', accent: '#0f2a44', onAccent: '#ffffff' }),
  theme('jade', 'free', 'classic', 'sans', false, { page: '#e7f1ee', card: '#ffffff', text: '#1d3b34', muted: '#5c7069', accent: '#2f7d6d', onAccent: '#ffffff' }),
  theme('ink', 'free', 'minimal', 'serif', true, { page: '#101010', card: '#1b1b1b', text: '#f3efe6', muted: '#a8a293', accent: '#c9a45c', onAccent: '#1b1b1b' }),
  theme('sakura', 'free', 'banner', 'sans', false, { page: '#fbeef1', card: '#ffffff', text: '#4a2530', muted: '#7d5a63', accent: '#b03a58', onAccent: '#ffffff' }),
  theme('oolong', 'free', 'classic', 'serif', false, { page: '#f3ece2', card: '#fffaf3', text: '#3d2a17', muted: '#7d6a55', accent: '#8a5a2b', onAccent: '#ffffff' }),
  theme('midnight', 'free', 'banner', 'sans', true, { page: '#070b14', card: '#111a2b', text: '#e6edf7', muted: '#93a4bd', accent: '#38bdf8', onAccent: '#04121d' }),
  theme('seal', 'free', 'minimal', 'serif', false, { page: '#f4f1ec', card: '#ffffff', text: '#1f1f1f', muted: '#6b6b6b', accent: '#b3261e', onAccent: '#ffffff' }),
  theme('forest', 'free', 'classic', 'sans', true, { page: '#0c1f15', card: '#143024', text: '#e5f2ea', muted: '#9fbfad', accent: '#8fd19e', onAccent: '#0c1f15' }),
  theme('skyline', 'basic', 'banner', 'sans', false, { page: '#e9effd', card: '#ffffff', text: '#172554', muted: '#55628a', accent: '#1d4ed8', onAccent: '#ffffff' }),
  theme('orchid', 'basic', 'classic', 'sans', false, { page: '#f1ecfb', card: '#ffffff', text: '#2e1a52', muted: '#6d5d8a', accent: '#7c3aed', onAccent: '#ffffff' }),
  theme('amber', 'pro', 'minimal', 'sans', true, { page: '#0f0d0b', card: '#1c1917', text: '#f5f0e8', muted: '#b3a89a', accent: '#f59e0b', onAccent: '#1c1917' }),
  theme('marble', 'pro', 'banner', 'serif', false, { page: '#ecebe8', card: '#fbfaf8', text: '#202020', muted: '#6e6a64', accent: '#2b2b2b', onAccent: '#e9d9a8' }),
];

export const defaultCardThemeId = 'harbor';

export function findCardTheme(id: string | null | undefined): CardTheme {
  return cardThemes.find((t) => t.id === id) ?? cardThemes[0]!;
}
