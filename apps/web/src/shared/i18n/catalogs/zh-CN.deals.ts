/** The zh-CN catalogs of part `deals` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default import.meta.glob<Record<string, unknown>>(['../../../features/deals/deals/i18n/zh-CN.json', '../../../features/records/custom-fields/i18n/zh-CN.json'], { eager: true, import: 'default' });
