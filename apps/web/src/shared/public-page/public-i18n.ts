/**
 * The tiny translator of the public pages (booking /book, business card /card): no i18next, so their bundles
 * stay small. Catalogs are the same JSON trio the i18n check reads; values use i18next's `{{name}}` placeholders.
 */
export const publicLocales = ['zh-TW', 'zh-CN', 'en-US'] as const;
export type PublicLocale = (typeof publicLocales)[number];
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const publicLanguageNames: Record<PublicLocale, string> = { 'zh-TW': '繁體中文', 'zh-CN': '简体中文', 'en-US': 'English' };

/** The visitor's language from the browser's list (navigator.languages); Chinese without a region reads as zh-TW. */
export function localeFromBrowser(languages: readonly string[]): PublicLocale {
  for (const raw of languages) {
    const tag = raw.toLowerCase();
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant') || tag === 'zh') return 'zh-TW';
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return 'zh-TW';
}

/** The language saved under `storageKey`, else the browser's. */
export function initialPublicLocale(storageKey: string): PublicLocale {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved && (publicLocales as readonly string[]).includes(saved)) return saved as PublicLocale;
  } catch {
    // Storage may be off (private mode): the browser's language still applies.
  }
  return localeFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function savePublicLocale(storageKey: string, locale: PublicLocale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Not saved: the choice lasts for this visit.
  }
}

export function makeTranslator(catalog: object): Translate {
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
