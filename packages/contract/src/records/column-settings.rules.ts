/**
 * Which built-in columns a list shows, in which order, per workspace (settings/columnContactDisplay,
 * columnCompanyDisplay; deals have the same shape as dealFieldSetting). The name column is not listed:
 * it carries the link to the record, so it always shows, first.
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. column-settings.ts re-exports them and keeps the schemas.
 */

export const contactListColumns = ['phones', 'email', 'company', 'tags', 'owner', 'lastContactAt'] as const;
export const companyListColumns = ['taxId', 'phone', 'address', 'tags', 'owner'] as const;
export const columnSettingEntities = ['contact', 'company'] as const;
export type ColumnSettingEntity = (typeof columnSettingEntities)[number];
export const listColumnsOf = { contact: contactListColumns, company: companyListColumns } as const;

export interface ColumnSetting<Key extends string = string> {
  columns: { key: Key; isShow: boolean }[];
}

/** A saved setting completed with the columns added to the product since (hidden), or every column shown when none is saved. */
export function completeColumnSetting<Key extends string>(keys: readonly Key[], saved: ColumnSetting<Key>['columns'] | null): ColumnSetting<Key> {
  if (!saved) return { columns: keys.map((key) => ({ key, isShow: true })) };
  const known = new Set(saved.map((c) => c.key));
  return { columns: [...saved.filter((c) => keys.includes(c.key)), ...keys.filter((k) => !known.has(k)).map((key) => ({ key, isShow: false }))] };
}
