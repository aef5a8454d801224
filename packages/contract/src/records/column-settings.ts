import { z } from 'zod';
import { companyListColumns, contactListColumns } from './column-settings.rules.ts';

export * from './column-settings.rules.ts';

/** A list's column setting: each key at most once (keys missing from a saved setting show at the end, hidden). */
export function columnSettingSchemaOf<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return z.object({
    columns: z
      .array(z.object({ key: z.enum(keys), isShow: z.boolean() }))
      .max(keys.length)
      .refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, { message: 'invalidValue' }),
  });
}

export const contactColumnSettingSchema = columnSettingSchemaOf(contactListColumns);
export const companyColumnSettingSchema = columnSettingSchemaOf(companyListColumns);
export type ContactColumnSetting = z.infer<typeof contactColumnSettingSchema>;
export type CompanyColumnSetting = z.infer<typeof companyColumnSettingSchema>;

/* Endpoints: column-settings.endpoints.ts (reading needs the feature's view privilege, saving a system administrator). */
