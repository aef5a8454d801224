/** The zh-TW catalogs of part `calendar` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default import.meta.glob<Record<string, unknown>>(['../../../features/calendar/schedules/i18n/zh-TW.json', '../../../features/records/notes/i18n/zh-TW.json', '../../../features/shell/outbox/i18n/zh-TW.json'], { eager: true, import: 'default' });
