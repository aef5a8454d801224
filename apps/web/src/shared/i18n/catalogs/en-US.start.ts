/** The sign-in pages' catalogs in en-US, one chunk with what it imports (shared/i18n.ts loadCatalogs, apps/web/vite.config.ts). */
export default import.meta.glob<Record<string, unknown>>(['../../../features/access/auth/i18n/en-US.json', '../en-US.json'], { eager: true, import: 'default' });
