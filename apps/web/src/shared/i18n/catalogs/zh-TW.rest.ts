/** Every other feature's catalogs in zh-TW, one chunk with what it imports (shared/i18n.ts loadCatalogs, apps/web/vite.config.ts). */
export default import.meta.glob<Record<string, unknown>>(['../../../features/*/*/i18n/zh-TW.json', '!../../../features/access/auth/i18n/zh-TW.json'], { eager: true, import: 'default' });
