import zhTW from './i18n/zh-TW.json';
import zhCN from './i18n/zh-CN.json';
import enUS from './i18n/en-US.json';
import {
  initialPublicLocale,
  localeFromBrowser,
  makeTranslator,
  publicLanguageNames,
  publicLocales,
  savePublicLocale,
  type PublicLocale,
  type Translate,
} from '../shared/public-page/public-i18n.ts';

/** The booking page's catalogs on the public pages' tiny translator (shared/public-page). */
export const bookLocales = publicLocales;
export type BookLocale = PublicLocale;
export type BookCatalog = typeof zhTW;
export type { Translate };
export { localeFromBrowser };

const catalogs: Record<BookLocale, BookCatalog> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };

export const bookLanguageNames = publicLanguageNames;

const storageKey = 'lodestar.bookLanguage';

export function initialLocale(): BookLocale {
  return initialPublicLocale(storageKey);
}

export function saveLocale(locale: BookLocale): void {
  savePublicLocale(storageKey, locale);
}

export function translator(locale: BookLocale): Translate {
  return makeTranslator(catalogs[locale]);
}
