/**
 * The entities that have dynamic fields and the fields' input kinds (docs/product.md#fields).
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. custom-fields.ts re-exports them and keeps the schemas.
 */

export const customFieldEntities = ['contact', 'company', 'deal'] as const;
export type CustomFieldEntity = (typeof customFieldEntities)[number];
/** single-line text, multi-line text, dropdown list, date, notification */
export const customFieldInputTypes = ['text', 'textArea', 'options', 'date', 'notification'] as const;
export type CustomFieldInputType = (typeof customFieldInputTypes)[number];
