/**
 * Short numbers for chart axes (issue 30: "‹1,000,000" was clipped). Chinese groups by ten thousand:
 * 萬 / 億 in zh-TW, 万 / 亿 in zh-CN; English by thousand: K / M / B. Below the first unit the number is written
 * whole with separators. At most one decimal, dropped when it is zero ("1.5萬", "12萬", "1.2M", "300K").
 */
const chineseUnits: Record<'zh-TW' | 'zh-CN', [number, string][]> = {
  'zh-TW': [
    [1e8, '億'],
    [1e4, '萬'],
  ],
  'zh-CN': [
    [1e8, '亿'],
    [1e4, '万'],
  ],
};
const englishUnits: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

function unitsOf(locale: string): [number, string][] {
  if (locale === 'zh-CN' || locale.toLowerCase().startsWith('zh-hans') || locale.toLowerCase() === 'zh-cn') return chineseUnits['zh-CN'];
  if (locale.toLowerCase().startsWith('zh')) return chineseUnits['zh-TW'];
  return englishUnits;
}

function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

export function formatAxisValue(value: number, locale: string, prefix = ''): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, unit] of unitsOf(locale)) {
    // 9,999,999 rounds to "1000萬" at one decimal: move it to the next unit instead.
    if (abs >= size) return `${sign}${prefix}${oneDecimal(abs / size)}${unit}`;
  }
  return `${sign}${prefix}${Math.round(abs).toLocaleString('en-US')}`;
}

/** Roughly how wide a label is drawn at `fontSize` px: CJK characters are square, Latin ones about 0.6 of it. */
export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += /[\u2E80-\uFFFF]/u.test(char) ? fontSize : fontSize * 0.62;
  return width;
}

/**
 * How the category labels of a chart fit under `slot` px each: straight when the widest fits, else rotated
 * 45°, and when even rotated labels would touch (a slot under their line height), only every `step`-th is drawn.
 */
export function categoryLabelLayout(labels: string[], slot: number, fontSize: number): { rotate: boolean; step: number; height: number } {
  const widest = Math.max(0, ...labels.map((label) => textWidth(label, fontSize)));
  if (widest + 8 <= slot) return { rotate: false, step: 1, height: fontSize + 12 };
  const lineHeight = fontSize * 1.5;
  const step = Math.max(1, Math.ceil(lineHeight / Math.max(1, slot)));
  return { rotate: true, step, height: Math.ceil(widest * Math.SQRT1_2 + fontSize + 12) };
}
