import { z } from 'zod';

/**
 * Which built-in columns a list shows, in which order, per workspace (settings/columnContactDisplay,
 * columnCompanyDisplay; deals have the same shape as dealFieldSetting). The name column is not listed:
 * it carries the link to the record, so it always shows, first.
 */
export const contactListColumns = ['phones', 'email', 'company', 'tags', 'owner', 'lastContactAt'] as const;
export const companyListColumns = ['taxId', 'phone', 'address', 'tags', 'owner'] as const;
export const columnSettingEntities = ['contact', 'company'] as const;
export type ColumnSettingEntity = (typeof columnSettingEntities)[number];
export const listColumnsOf = { contact: contactListColumns, company: companyListColumns } as const;

/** A list's column setting: each key at most once (keys missing from a saved setting show at the end, hidden). */
export function columnSettingSchemaOf<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return z.object({
    columns: z
      .array(z.object({ key: z.enum(keys), isShow: z.boolean() }))
      .max(keys.length)
      .refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, { message: 'invalidValue' }),
  });
}
export interface ColumnSetting<Key extends string = string> {
  columns: { key: Key; isShow: boolean }[];
}

/** A saved setting completed with the columns added to the product since (hidden), or every column shown when none is saved. */
export function completeColumnSetting<Key extends string>(keys: readonly Key[], saved: ColumnSetting<Key>['columns'] | null): ColumnSetting<Key> {
  if (!saved) return { columns: keys.map((key) => ({ key, isShow: true })) };
  const known = new Set(saved.map((c) => c.key));
  return { columns: [...saved.filter((c) => keys.includes(c.key)), ...keys.filter((k) => !known.has(k)).map((key) => ({ key, isShow: false }))] };
}

export const contactColumnSettingSchema = columnSettingSchemaOf(contactListColumns);
export const companyColumnSettingSchema = columnSettingSchemaOf(companyListColumns);
export type ContactColumnSetting = z.infer<typeof contactColumnSettingSchema>;
export type CompanyColumnSetting = z.infer<typeof companyColumnSettingSchema>;

/* Endpoints: column-settings.endpoints.ts (reading needs the feature's view privilege, saving a system administrator). */
