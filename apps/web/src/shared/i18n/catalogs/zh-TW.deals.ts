/** The zh-TW catalogs of part `deals` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default import.meta.glob<Record<string, unknown>>(['../../../features/deals/deals/i18n/zh-TW.json', '../../../features/records/custom-fields/i18n/zh-TW.json'], { eager: true, import: 'default' });
