import common from '../zh-CN.json';

/** The sign-in pages' catalogs in zh-CN (common and auth), one chunk with what it imports (shared/i18n.ts loadCatalogs). */
export default {
  ...import.meta.glob<Record<string, unknown>>('../../../features/access/auth/i18n/zh-CN.json', { eager: true, import: 'default' }),
  // buildResources names a namespace by its path: shared/i18n/<locale>.json is `common`.
  'shared/i18n/zh-CN.json': common,
};
