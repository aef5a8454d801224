import { z } from 'zod';
import { isRealDate } from '../platform/common.ts';
import { customFieldEntities, customFieldInputTypes } from './custom-fields.rules.ts';

export * from './custom-fields.rules.ts';

/**
 * docs/product.md#fields: dynamic field definitions per entity (contacts and companies; deals reuse this later).
 * Values live in each record's dynamicFields keyed by the definition id.
 */

export const customFieldOptionSchema = z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(100) });

export const notificationValueSchema = z.object({
  value: z.string().max(1000),
  date: z.string().refine(isRealDate, { message: 'invalidDate' }),
  /** HH:MM */
  dateTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).nullable().optional(),
});
export type NotificationValue = z.infer<typeof notificationValueSchema>;

export const dynamicFieldValueSchema = z.union([z.string().max(10_000), notificationValueSchema, z.null()]);
export const dynamicFieldValuesSchema = z.record(z.string(), dynamicFieldValueSchema);
export type DynamicFieldValues = z.infer<typeof dynamicFieldValuesSchema>;

export const customFieldSchema = z.object({
  id: z.string(),
  entity: z.enum(customFieldEntities),
  title: z.string(),
  inputType: z.enum(customFieldInputTypes),
  required: z.boolean(),
  options: z.array(customFieldOptionSchema),
  sort: z.number().int(),
  /** Shown as a list column (settings columnContactDisplay / columnCompanyDisplay). */
  isShow: z.boolean(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldSaveBodySchema = z
  .object({
    title: z.string().trim().min(1).max(100),
    inputType: z.enum(customFieldInputTypes),
    required: z.boolean().default(false),
    options: z.array(customFieldOptionSchema).max(200).default([]),
    isShow: z.boolean().default(true),
  })
  .refine((v) => v.inputType !== 'options' || v.options.length > 0, { path: ['options'], message: 'required' });
export type CustomFieldSaveBody = z.infer<typeof customFieldSaveBodySchema>;

/** GET/POST /api/field/{entity}…: entity is contact, company or deal. */
export const customFieldEntityParamsSchema = z.object({ entity: z.enum(customFieldEntities) });
export const customFieldParamsSchema = z.object({ entity: z.enum(customFieldEntities), id: z.uuid() });
/** POST /api/field/{entity}/sort: the whole ordered list of ids. */
export const customFieldSortBodySchema = z.object({ ids: z.array(z.uuid()).max(500) });

/**
 * The rule the server enforces on save (and the web before sending): required fields filled,
 * dates real, options among the definition's values, notifications shaped. Unknown keys are dropped.
 * Answers the cleaned values and the first problem, if any, as a field path and reason.
 */
export function checkDynamicFields(
  definitions: Pick<CustomField, 'id' | 'title' | 'inputType' | 'required' | 'options'>[],
  values: DynamicFieldValues,
): { values: DynamicFieldValues; problem?: { field: string; label: string; reason: 'required' | 'invalidDate' | 'invalidValue' } } {
  const cleaned: DynamicFieldValues = {};
  for (const def of definitions) {
    const raw = values[def.id];
    const field = `dynamicFields.${def.id}`;
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') ||
      (typeof raw === 'object' && raw !== null && raw.value.trim() === '' && !raw.date);
    if (empty) {
      if (def.required) return { values: cleaned, problem: { field, label: def.title, reason: 'required' } };
      continue;
    }
    if (def.inputType === 'notification') {
      if (typeof raw !== 'object') return { values: cleaned, problem: { field, label: def.title, reason: 'invalidValue' } };
      cleaned[def.id] = raw;
      continue;
    }
    if (typeof raw !== 'string') return { values: cleaned, problem: { field, label: def.title, reason: 'invalidValue' } };
    const text = raw.trim();
    if (def.inputType === 'date' && !isRealDate(text)) return { values: cleaned, problem: { field, label: def.title, reason: 'invalidDate' } };
    if (def.inputType === 'options' && !def.options.some((o) => o.value === text)) {
      return { values: cleaned, problem: { field, label: def.title, reason: 'invalidValue' } };
    }
    cleaned[def.id] = text;
  }
  return { values: cleaned };
}
