/** The zh-CN catalogs of part `calendar` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default import.meta.glob<Record<string, unknown>>(['../../../features/calendar/schedules/i18n/zh-CN.json', '../../../features/records/notes/i18n/zh-CN.json', '../../../features/shell/outbox/i18n/zh-CN.json'], { eager: true, import: 'default' });
