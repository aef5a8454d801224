/** Every other feature's catalogs in en-US, one chunk with what it imports (shared/i18n.ts loadCatalogs, apps/web/vite.config.ts). */
export default import.meta.glob<Record<string, unknown>>(['../../../features/*/*/i18n/en-US.json', '!../../../features/access/auth/i18n/en-US.json'], { eager: true, import: 'default' });
