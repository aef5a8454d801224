/** The record kinds an import or export handles; its own module (no zod), so the web's router can use it in its first load. */
export const importKinds = ['contact', 'company', 'deal', 'schedule'] as const;
export type ImportKind = (typeof importKinds)[number];
