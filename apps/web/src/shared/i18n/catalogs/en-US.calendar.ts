/** The en-US catalogs of part `calendar` (shared/i18n/catalog-parts.ts): one chunk, loaded by shared/i18n.ts. */
export default import.meta.glob<Record<string, unknown>>(['../../../features/calendar/schedules/i18n/en-US.json', '../../../features/records/notes/i18n/en-US.json', '../../../features/shell/outbox/i18n/en-US.json'], { eager: true, import: 'default' });
