import { recordListColumns } from './record-fields.ts';

/**
 * Which built-in columns a list shows, in which order, per workspace (settings/columnContactDisplay,
 * columnCompanyDisplay; deals have the same shape as dealFieldSetting). The columns are the field list's
 * (record-fields.ts `column`, and every contact text field); the name column is not listed: it carries the link to
 * the record, so it always shows, first.
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. column-settings.ts re-exports them and keeps the schemas.
 */

export const columnSettingEntities = ['contact', 'company'] as const;
export type ColumnSettingEntity = (typeof columnSettingEntities)[number];
const keysOf = (entity: ColumnSettingEntity) => recordListColumns(entity).map((column) => column.key) as [string, ...string[]];
export const contactListColumns = keysOf('contact');
export const companyListColumns = keysOf('company');
export const listColumnsOf = { contact: contactListColumns, company: companyListColumns } as const;

export interface ColumnSetting<Key extends string = string> {
  columns: { key: Key; isShow: boolean }[];
}

/**
 * A saved setting completed with the columns added to the product since (hidden), or, when none is saved, every
 * column with its field's first visibility.
 */
export function completeColumnSetting(entity: ColumnSettingEntity, saved: ColumnSetting['columns'] | null): ColumnSetting {
  const all = recordListColumns(entity);
  if (!saved) return { columns: all.map((column) => ({ key: column.key, isShow: column.shown })) };
  const keys: readonly string[] = listColumnsOf[entity];
  const known = new Set(saved.map((c) => c.key));
  return { columns: [...saved.filter((c) => keys.includes(c.key)), ...keys.filter((k) => !known.has(k)).map((key) => ({ key, isShow: false }))] };
}
