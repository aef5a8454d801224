import zhTW from './i18n/zh-TW.json';
import zhCN from './i18n/zh-CN.json';
import enUS from './i18n/en-US.json';
import { initialPublicLocale, makeTranslator, savePublicLocale, type PublicLocale, type Translate } from '../shared/public-page/public-i18n.ts';

/** The public quote page's catalogs on the public pages' tiny translator (shared/public-page). */
const catalogs: Record<PublicLocale, typeof zhTW> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };
const storageKey = 'lodestar.quoteLanguage';

export const initialQuoteLocale = (): PublicLocale => initialPublicLocale(storageKey);
export const saveQuoteLocale = (locale: PublicLocale): void => savePublicLocale(storageKey, locale);
export const quoteTranslator = (locale: PublicLocale): Translate => makeTranslator(catalogs[locale]);
