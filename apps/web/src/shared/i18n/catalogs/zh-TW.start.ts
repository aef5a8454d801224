import common from '../zh-TW.json';

/** The zh-TW catalogs of part `start` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default {
  ...import.meta.glob<Record<string, unknown>>(['../../../features/access/auth/i18n/zh-TW.json'], { eager: true, import: 'default' }),
  // catalogFileOf names a namespace by its path: shared/i18n/<locale>.json is `common`.
  'shared/i18n/zh-TW.json': common,
};
