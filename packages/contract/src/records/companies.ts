import { z } from 'zod';
import { customFieldSchema, dynamicFieldValuesSchema } from './custom-fields.ts';
import { noteSchema, timelineEventSchema } from './notes.ts';
import {optionalText, phoneValueSchema, socialAccountSchema, tagRefSchema, userRefSchema } from './records.ts';
import { listPage, uuidSchema } from '../platform/common.ts';
import { taxIdSchema, webAddressSchema } from './identifiers.ts';

/** docs/product.md#fields: company phone types; otherType names the kind when type is other. */
export const companyPhoneTypes = ['companyPhone', 'companyFax', 'other'] as const;
export const companyPhoneSchema = z
  .object({ value: phoneValueSchema, type: z.enum(companyPhoneTypes), otherType: z.string().trim().max(50).nullable().optional() })
  .refine((p) => p.type !== 'other' || Boolean(p.otherType), { path: ['otherType'], message: 'required' });
export type CompanyPhone = z.infer<typeof companyPhoneSchema>;

/** POST /api/company (multipart like contacts; with `id` it edits). Name required (docs/product.md#validation). */
export const companySaveBodySchema = z.object({
  id: uuidSchema.optional(),
  name: z.string().trim().min(1).max(200),
  otherNames: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  /** Tax ID: unique among the workspace's companies that are not deleted (409 TAX_ID_EXISTS). */
  tax: taxIdSchema,
  url: webAddressSchema,
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)).nullable().optional().or(z.literal('')),
  phones: z.array(companyPhoneSchema).max(20).default([]),
  address: optionalText(300),
  socials: z.array(socialAccountSchema).max(20).default([]),
  tagIds: z.array(uuidSchema).max(100).default([]),
  note: optionalText(10_000),
  ownerUserId: uuidSchema.optional(),
  dynamicFields: dynamicFieldValuesSchema.default({}),
});
export type CompanySaveBody = z.infer<typeof companySaveBodySchema>;
export type CompanySaveInput = z.input<typeof companySaveBodySchema>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  otherNames: z.array(z.string()),
  tax: z.string().nullable(),
  url: z.string().nullable(),
  email: z.string().nullable(),
  phones: z.array(companyPhoneSchema),
  address: z.string().nullable(),
  socials: z.array(socialAccountSchema),
  tags: z.array(tagRefSchema),
  note: z.string().nullable(),
  owner: userRefSchema.nullable(),
  dynamicFields: dynamicFieldValuesSchema,
  contactCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** Company row (docs/product.md#fields): id, company, taxId, address, owner. */
export const companyRowSchema = z.object({
  id: z.string(),
  company: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  owner: userRefSchema.nullable(),
  phones: z.array(companyPhoneSchema),
  tags: z.array(tagRefSchema),
  /** Custom field values, for the columns a field's "show in list" adds (docs/product.md, custom fields). */
  dynamicFields: dynamicFieldValuesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;
export const companyListSchema = listPage(companyRowSchema);
export type CompanyList = z.infer<typeof companyListSchema>;

/** GET /api/company-check-duplicate?orgId=&tax= or &name= (&excludeId= when editing). */
export const companyDuplicateQuerySchema = z.object({
  orgId: uuidSchema,
  tax: z.string().trim().max(50).optional(),
  name: z.string().trim().max(200).optional(),
  excludeId: uuidSchema.optional(),
});
export const companyDuplicateMatchSchema = z.object({ id: z.string(), name: z.string(), tax: z.string().nullable() });
/** taxExists → validationTaxIsExist; names non-empty → validationSameName (similar by pg_trgm). */
export const companyDuplicateSchema = z.object({ taxExists: z.boolean(), matches: z.array(companyDuplicateMatchSchema) });
export type CompanyDuplicate = z.infer<typeof companyDuplicateSchema>;
/** Similarity at or above this counts as "a similar name already exists". */
export const similarNameThreshold = 0.4;

/** POST /api/associate/create/contactAndCompanyMulti: link contacts to one company. */
export const associateContactsBodySchema = z.object({ companyId: uuidSchema, contactIds: z.array(uuidSchema).min(1).max(1000) });

/** GET /api/page/company/view/{id}: the company, its contacts (first 50), fields, notes and latest timeline. */
export const companyViewSchema = z.object({
  company: companySchema,
  contacts: z.array(z.object({ id: z.string(), name: z.string(), position: z.string().nullable() })),
  fields: z.array(customFieldSchema),
  notes: z.array(noteSchema),
  timeline: z.array(timelineEventSchema),
});
export type CompanyView = z.infer<typeof companyViewSchema>;
