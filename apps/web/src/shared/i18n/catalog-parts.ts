/**
 * The staff app's catalogs in parts, each one chunk per language (apps/web/vite.config.ts groups them by this map):
 * a page renders once the parts its first paint uses are in, and the rest load after it (shared/i18n.ts). `start`
 * is the sign-in pages'; `records`, `deals`, `calendar` and `home` are what the start pages of the start preload (home,
 * contact list, deal board, calendar: app/route-guard-rules.ts `catalogPartsFor`) use besides `start`; every other namespace is
 * in `rest`. apps/web/chunk-groups.ts fails the build when a start page's first load uses a namespace its parts lack.
 * No imports: vite.config.ts reads it too.
 */
export const catalogParts = {
  start: ['common', 'auth'],
  records: ['contacts', 'tags', 'members', 'roles'],
  deals: ['deals', 'custom-fields'],
  calendar: ['schedules', 'notes', 'outbox', 'history'],
  home: ['home', 'dashboard', 'guide', 'activity-log'],
} as const satisfies Record<string, readonly string[]>;

/** A part above, or `rest`: every namespace not listed. */
export type CatalogPart = keyof typeof catalogParts | 'rest';

/** Each start page's parts (keyed by its name in apps/web/vite.config.ts `startPages`). */
export const startPageCatalogParts = {
  home: ['start', 'records', 'home'],
  contacts: ['start', 'records'],
  deals: ['start', 'records', 'deals'],
  calendar: ['start', 'deals', 'calendar'],
} as const satisfies Record<string, readonly CatalogPart[]>;

/** The part a namespace is in. */
export function catalogPartOf(namespace: string): CatalogPart {
  for (const [part, namespaces] of Object.entries(catalogParts)) if ((namespaces as readonly string[]).includes(namespace)) return part as CatalogPart;
  return 'rest';
}

/** The namespace and language of a catalog file (features/<context>/<feature>/i18n/<locale>.json; shared/i18n/<locale>.json is `common`). */
export function catalogFileOf(path: string): { namespace: string; locale: string } | null {
  const match = /(?:^|\/)(?:features\/[^/]+\/([^/]+)|shared)\/i18n\/([^/]+)\.json$/.exec(path.replace(/\\/g, '/'));
  if (!match) return null;
  return { namespace: match[1] ?? 'common', locale: match[2]! };
}
