/**
 * Solid tag colours with white text at 4.5:1 or better: antd's light preset tags ("gold", "green"…)
 * fall below WCAG AA contrast.
 */
export const tagColors = {
  success: '#237804',
  warning: '#ad4e00',
  highlight: '#874d00',
  info: '#0958d9',
} as const;

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Text on a user-chosen colour (#RRGGBB): white or near-black, whichever contrasts more (WCAG). The palette's
 * default #828B91 reads only 3.5:1 with white, so it gets dark text.
 */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#ffffff';
  const luminance = relativeLuminance(background);
  const withWhite = 1.05 / (luminance + 0.05);
  const withDark = (luminance + 0.05) / (relativeLuminance('#111111') + 0.05);
  return withWhite >= withDark ? '#ffffff' : '#111111';
}
