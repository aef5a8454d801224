/** The three UI languages. zh-TW is the default everywhere (docs/product.md#limits). */
export const locales = ['zh-TW', 'zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-TW';

/**
 * Picks the best supported locale from an Accept-Language header (or a stored preference).
 * Accepts loose spellings such as "zh-tw", "zh-Hant", "zh-CN;q=0.8", "en".
 */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return defaultLocale;
  const candidates = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((c) => c.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of candidates) {
    if (tag === 'zh-tw' || tag === 'zh-hant' || tag.startsWith('zh-hant') || tag === 'zh-hk') return 'zh-TW';
    if (tag === 'zh-cn' || tag === 'zh-hans' || tag.startsWith('zh-hans') || tag === 'zh-sg') return 'zh-CN';
    if (tag === 'zh') return 'zh-TW';
    if (tag.startsWith('en')) return 'en-US';
  }
  return defaultLocale;
}
