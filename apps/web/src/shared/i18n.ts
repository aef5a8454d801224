import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { defaultLocale, locales, resolveLocale, type Locale } from '@lodestar/contract';
import { storageKeys } from './session.ts';

/**
 * One namespace per feature: features/<domain>/i18n/<locale>.json is namespace <domain>;
 * shared/i18n/<locale>.json is `common`. Only the language in use is loaded, in two chunks (apps/web/vite.config.ts):
 * the sign-in pages' namespaces (`common`, `auth`) and the rest — each one request, through one module per language and
 * part (shared/i18n/catalogs/: a glob per JSON file would add a request per feature). A sign-in page renders with the
 * first and loads the rest meanwhile; every other page waits for both (app/route-guard.tsx). Changing the language
 * reloads the page (shared/language.ts).
 */
const catalogChunks: Record<Locale, Record<'start' | 'rest', () => Promise<{ default: CatalogFiles }>>> = {
  'zh-TW': { start: () => import('./i18n/catalogs/zh-TW.start.ts'), rest: () => import('./i18n/catalogs/zh-TW.rest.ts') },
  'zh-CN': { start: () => import('./i18n/catalogs/zh-CN.start.ts'), rest: () => import('./i18n/catalogs/zh-CN.rest.ts') },
  'en-US': { start: () => import('./i18n/catalogs/en-US.start.ts'), rest: () => import('./i18n/catalogs/en-US.rest.ts') },
};

export type CatalogFiles = Record<string, Record<string, unknown>>;

/** The catalogs of one language, by file path (what buildResources reads): all of them, or only the sign-in pages'. */
export async function loadCatalogs(locale: Locale, which: 'all' | 'start' | 'rest' = 'all'): Promise<CatalogFiles> {
  const parts = which === 'all' ? (['start', 'rest'] as const) : [which];
  const loaded = await Promise.all(parts.map((part) => catalogChunks[locale][part]()));
  return Object.assign({}, ...loaded.map((module) => module.default)) as CatalogFiles;
}

let restOfCatalogs: { promise: Promise<void>; done: boolean } | null = null;

/** After a start with only the sign-in pages' catalogs: loads the others into i18next (once). */
export function loadRestOfCatalogs(locale: Locale): Promise<void> {
  if (!restOfCatalogs) {
    const state = {
      done: false,
      promise: loadCatalogs(locale, 'rest').then((files) => {
        for (const [namespace, catalog] of Object.entries(buildResources(files)[locale])) i18next.addResourceBundle(locale, namespace, catalog, true, true);
        state.done = true;
      }),
    };
    restOfCatalogs = state;
  }
  return restOfCatalogs.promise;
}

/** What a page other than a sign-in page waits for before rendering: null when every catalog is in. */
export function pendingCatalogs(): Promise<void> | null {
  return restOfCatalogs && !restOfCatalogs.done ? restOfCatalogs.promise : null;
}

export function buildResources(files: CatalogFiles): Record<Locale, Record<string, Record<string, unknown>>> {
  const resources = Object.fromEntries(locales.map((locale) => [locale, {}])) as Record<Locale, Record<string, Record<string, unknown>>>;
  for (const [path, catalog] of Object.entries(files)) {
    const match = /(?:features\/[^/]+\/([^/]+)\/)?i18n\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const namespace = match[1] ?? 'common';
    const locale = match[2] as Locale;
    if (!locales.includes(locale)) continue;
    resources[locale][namespace] = catalog;
  }
  return resources;
}

export const dayjsLocales: Record<Locale, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** The saved UI language, else zh-TW (docs/product.md#limits). */
export function storedLanguage(): Locale {
  try {
    const saved = localStorage.getItem(storageKeys.language);
    return saved ? resolveLocale(saved) : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

export function saveLanguage(locale: Locale): void {
  localStorage.setItem(storageKeys.language, locale);
}

export function hasSavedLanguage(): boolean {
  return localStorage.getItem(storageKeys.language) !== null;
}

export function currentLanguage(): Locale {
  return resolveLocale(i18next.language);
}

export function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  dayjs.locale(dayjsLocales[locale]);
}

/** Starts i18next with the given catalogs (loadCatalogs for the app; tests pass every language's). */
export function initI18n(files: CatalogFiles, locale: Locale = storedLanguage()): typeof i18next {
  const resources = buildResources(files);
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...locales],
      ns: Object.keys(resources[locale]),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  }
  applyDocumentLanguage(locale);
  return i18next;
}

/** Language names are shown in their own language (zh-TW / 简体中文 / English). */
export const languageNames: Record<Locale, string> = {
  'zh-TW': '\u7e41\u9ad4\u4e2d\u6587',
  'zh-CN': '\u7b80\u4f53\u4e2d\u6587',
  'en-US': 'English',
};
