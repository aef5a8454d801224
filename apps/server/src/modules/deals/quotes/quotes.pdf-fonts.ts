import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The quote PDF's fonts: Noto Sans TC and SC (SIL OFL) from npm (@expo-google-fonts), so `npm start` needs no system
 * fonts. Traditional text uses TC; a character TC lacks (简体 such as 这, 们, 报) falls back to SC. pdfkit embeds only
 * the glyphs a document uses (a subset), so a quote's PDF stays tens of kilobytes. Read once per process.
 */

const require = createRequire(import.meta.url);
const files = {
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  tcBold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  scBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
export type FontName = keyof typeof files;

let loaded: { buffers: Record<FontName, Buffer>; tc: fontkit.Font } | null = null;

export function quoteFonts() {
  if (!loaded) {
    const buffers = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, readFileSync(require.resolve(file))])) as Record<FontName, Buffer>;
    loaded = { buffers, tc: fontkit.create(buffers.tc) as fontkit.Font };
  }
  return loaded;
}

/** Splits text into runs of one font each: TC where it has the glyph (or for spaces and ASCII), SC otherwise. */
export function fontRuns(text: string, bold: boolean): { font: FontName; text: string }[] {
  const { tc } = quoteFonts();
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const font: FontName = code < 0x2e80 || tc.hasGlyphForCodePoint(code) ? (bold ? 'tcBold' : 'tc') : bold ? 'scBold' : 'sc';
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
