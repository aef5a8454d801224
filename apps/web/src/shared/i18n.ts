import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { defaultLocale, locales, resolveLocale, type Locale } from '@lodestar/contract';
import { storageKeys } from './session.ts';
import { catalogFileOf, catalogParts, type CatalogPart } from './i18n/catalog-parts.ts';

/**
 * One namespace per feature: features/<domain>/i18n/<locale>.json is namespace <domain>;
 * shared/i18n/<locale>.json is `common`. Only the language in use is loaded, in parts (shared/i18n/catalog-parts.ts),
 * each one request through one module per language and part (shared/i18n/catalogs/: a glob per JSON file would add a
 * request per feature): a page's first render waits for the parts it uses (app/route-guard-rules.ts `catalogPartsFor`: the sign-in
 * pages' own, a start page's, or all), the rest load after it paints (main.tsx), and whatever renders later waits for
 * them — a page through the route guard, a lazy dialog or component through its loader (shared/ui/lazy-dialog.tsx) —
 * so no text shows as its key. Changing the language reloads the page (shared/language.ts).
 */
const partModules = import.meta.glob<{ default: CatalogFiles }>('./i18n/catalogs/*.ts');
/** One language's part module (shared/i18n/catalogs/<locale>.<part>.ts), each its own chunk. */
const catalogChunk = (locale: Locale, part: CatalogPart) => partModules[`./i18n/catalogs/${locale}.${part}.ts`]!();

export type CatalogFiles = Record<string, Record<string, unknown>>;

const allParts: CatalogPart[] = [...(Object.keys(catalogParts) as CatalogPart[]), 'rest'];

/** The catalogs of one language in these parts, by file path (what buildResources reads). */
export async function loadCatalogs(locale: Locale, parts: readonly CatalogPart[] | 'all' = 'all'): Promise<CatalogFiles> {
  const loaded = await Promise.all((parts === 'all' ? allParts : parts).map((part) => catalogChunk(locale, part)));
  return Object.assign({}, ...loaded.map((module) => module.default)) as CatalogFiles;
}

/** Parts being added to i18next (or added), by language and part: each loads once. */
const adding = new Map<string, Promise<void>>();
const added = new Set<string>();
/**
 * Settles when initI18n has run: the rest asked for before (shared/ui/lazy-dialog.tsx withRestOfCatalogs at start) is
 * loaded after it, as init replaces i18next's store, and before it the language is not known.
 */
let markStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => (markStarted = resolve));

function addPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}|${part}`;
  let promise = adding.get(key);
  if (!promise) {
    promise = loadCatalogs(locale, [part]).then((files) => {
      for (const [namespace, catalog] of Object.entries(buildResources(files)[locale])) i18next.addResourceBundle(locale, namespace, catalog, true, true);
      added.add(key);
    });
    // A failed chunk is asked for again next time (the router reports the failure meanwhile).
    promise.catch(() => adding.delete(key));
    adding.set(key, promise);
  }
  return promise;
}

const waiting = new Map<string, Promise<void>>();

/**
 * What a render needing these parts waits for (the route guard's `use`: one promise per set), or null when they are in.
 * Starts loading what is missing.
 */
export function pendingCatalogs(parts: readonly CatalogPart[] | 'all' = 'all', locale: Locale = currentLanguage()): Promise<void> | null {
  const missing = (parts === 'all' ? allParts : parts).filter((part) => !added.has(`${locale}|${part}`));
  if (!missing.length) return null;
  const key = `${locale}|${missing.join(',')}`;
  let promise = waiting.get(key);
  if (!promise) {
    promise = Promise.all(missing.map((part) => addPart(locale, part))).then(() => undefined);
    promise.finally(() => waiting.delete(key)).catch(() => undefined);
    waiting.set(key, promise);
  }
  return promise;
}

/** Loads every part not loaded yet (after a start page or a sign-in page has painted: main.tsx). */
export function loadRestOfCatalogs(locale?: Locale): Promise<void> {
  if (!locale && !i18next.isInitialized) return started.then(() => loadRestOfCatalogs());
  return pendingCatalogs('all', locale ?? currentLanguage()) ?? Promise.resolve();
}

export function buildResources(files: CatalogFiles): Record<Locale, Record<string, Record<string, unknown>>> {
  const resources = Object.fromEntries(locales.map((locale) => [locale, {}])) as Record<Locale, Record<string, Record<string, unknown>>>;
  for (const [path, catalog] of Object.entries(files)) {
    const file = catalogFileOf(path);
    if (!file || !locales.includes(file.locale as Locale)) continue;
    resources[file.locale as Locale][file.namespace] = catalog;
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

/**
 * Starts i18next with the given catalogs: loadCatalogs(locale, parts) for the app (main.tsx), every language's for tests
 * (`parts` all). The parts not given load later (pendingCatalogs).
 */
export function initI18n(files: CatalogFiles, locale: Locale = storedLanguage(), parts: readonly CatalogPart[] | 'all' = 'all'): typeof i18next {
  const resources = buildResources(files);
  for (const part of parts === 'all' ? allParts : parts) added.add(`${locale}|${part}`);
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
  markStarted();
  return i18next;
}

/** Language names are shown in their own language (zh-TW / 简体中文 / English). */
export const languageNames: Record<Locale, string> = {
  'zh-TW': '\u7e41\u9ad4\u4e2d\u6587',
  'zh-CN': '\u7b80\u4f53\u4e2d\u6587',
  'en-US': 'English',
};
