/** Every other feature's catalogs in zh-CN, one chunk with what it imports (shared/i18n.ts loadCatalogs, apps/web/vite.config.ts). */
export default import.meta.glob<Record<string, unknown>>(['../../../features/*/*/i18n/zh-CN.json', '!../../../features/access/auth/i18n/zh-CN.json'], { eager: true, import: 'default' });
