import zhTW from './i18n/zh-TW.json';
import zhCN from './i18n/zh-CN.json';
import enUS from './i18n/en-US.json';

/**
 * The booking page's own tiny translator (no i18next: the page must stay small). Catalogs are the same
 * JSON trio the i18n check reads; values use i18next's `{{name}}` placeholders.
 */
export const bookLocales = ['zh-TW', 'zh-CN', 'en-US'] as const;
export type BookLocale = (typeof bookLocales)[number];
export type BookCatalog = typeof zhTW;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const catalogs: Record<BookLocale, BookCatalog> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };

export const bookLanguageNames: Record<BookLocale, string> = { 'zh-TW': '繁體中文', 'zh-CN': '简体中文', 'en-US': 'English' };

const storageKey = 'lodestar.bookLanguage';

/** The visitor's language from the browser's list (navigator.languages); Chinese without a region reads as zh-TW. */
export function localeFromBrowser(languages: readonly string[]): BookLocale {
  for (const raw of languages) {
    const tag = raw.toLowerCase();
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant') || tag === 'zh') return 'zh-TW';
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return 'zh-TW';
}

export function initialLocale(): BookLocale {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved && (bookLocales as readonly string[]).includes(saved)) return saved as BookLocale;
  } catch {
    // Storage may be off (private mode): the browser's language still applies.
  }
  return localeFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function saveLocale(locale: BookLocale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Not saved: the choice lasts for this visit.
  }
}

export function translator(locale: BookLocale): Translate {
  const catalog = catalogs[locale];
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
