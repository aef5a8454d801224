import { z } from 'zod';
import {companyRefSchema, optionalText, phoneValueSchema, recordEmailSchema, socialAccountSchema, tagRefSchema, userRefSchema } from './records.ts';
import { dateOnlySchema, listPage, uuidSchema } from '../platform/common.ts';
import { customFieldSchema, dynamicFieldValuesSchema } from './custom-fields.ts';
import { noteSchema, timelineEventSchema } from './notes.ts';
import { contactTextFields, textFieldMax, type ContactTextField } from './record-fields.ts';
import { dataConsentSaveShape, dataConsentShape } from './data-consent.ts';

/** The plain text fields of the field list, each with a schema (record-fields.ts). */
const textShape = <T extends z.ZodType>(schema: (max: number) => T) =>
  Object.fromEntries(contactTextFields.map((key) => [key, schema(textFieldMax(key))])) as Record<ContactTextField, T>;

/** docs/product.md#fields: contact phone, address and sex options. */
export const contactPhoneTypes = ['home', 'personal', 'mobile', 'companyPhone', 'fax', 'other'] as const;
export type ContactPhoneType = (typeof contactPhoneTypes)[number];
export const addressTypes = ['personal', 'company'] as const;
export const sexes = ['male', 'female'] as const;

export const contactPhoneSchema = z.object({ value: phoneValueSchema, type: z.enum(contactPhoneTypes) });
export type ContactPhone = z.infer<typeof contactPhoneSchema>;
export const contactAddressSchema = z.object({ value: z.string().trim().min(1).max(300), type: z.enum(addressTypes) });
export type ContactAddress = z.infer<typeof contactAddressSchema>;

/** POST /api/customer (multipart; with `id` it edits). First and last name required (docs/product.md#validation). */
export const contactSaveBodySchema = z.object({
  id: uuidSchema.optional(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  ...textShape(optionalText),
  sex: z.enum(sexes).nullable().optional(),
  birthday: dateOnlySchema.nullable().optional(),
  companyId: uuidSchema.nullable().optional(),
  phones: z.array(contactPhoneSchema).max(20).default([]),
  emails: z.array(recordEmailSchema).max(20).default([]),
  socials: z.array(socialAccountSchema).max(20).default([]),
  addresses: z.array(contactAddressSchema).max(20).default([]),
  tagIds: z.array(uuidSchema).max(100).default([]),
  note: optionalText(10_000),
  /** Defaults to the caller on create. Changing it on edit needs the contact transfer privilege. */
  ownerUserId: uuidSchema.optional(),
  isImportant: z.boolean().default(false),
  /** "No marketing" (docs/product.md#segment-messages); left out: unchanged. */
  noMarketing: z.boolean().optional(),
  /** Source and consent (pdpa.ts); left out: unchanged (on create: the path's own source, e.g. manual). */
  ...dataConsentSaveShape,
  lastContactAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Keyed by custom field id; required definitions are enforced on save. */
  dynamicFields: dynamicFieldValuesSchema.default({}),
  /** Multipart only: remove the current avatar. */
  removeAvatar: z.boolean().optional(),
});
export type ContactSaveBody = z.infer<typeof contactSaveBodySchema>;
/**
 * A contact from an import file may have a family name alone: a one-word name goes to the last name
 * (docs/product.md#validation), and a phone's address book holds many such (王, Madonna).
 */
export const contactImportBodySchema = contactSaveBodySchema.extend({ firstName: z.string().trim().max(100) });
export type ContactSaveInput = z.input<typeof contactSaveBodySchema>;

export const contactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Display name (names.ts fullName). */
  name: z.string(),
  ...textShape(() => z.string().nullable()),
  sex: z.enum(sexes).nullable(),
  birthday: z.string().nullable(),
  company: companyRefSchema.nullable(),
  phones: z.array(contactPhoneSchema),
  emails: z.array(recordEmailSchema),
  socials: z.array(socialAccountSchema),
  addresses: z.array(contactAddressSchema),
  tags: z.array(tagRefSchema),
  note: z.string().nullable(),
  owner: userRefSchema.nullable(),
  isImportant: z.boolean(),
  noMarketing: z.boolean(),
  ...dataConsentShape,
  lastContactAt: z.string().nullable(),
  /** GET /api/files/{id}?orgId= URL of the avatar, or null. */
  avatarUrl: z.string().nullable(),
  dynamicFields: dynamicFieldValuesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Contact row (docs/product.md#fields): id, name, phones, company name, owner name — plus what the list shows. */
export const contactRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The field list's text fields: each may be a column of the list (column-settings.rules.ts). */
  ...textShape(() => z.string().nullable()),
  phones: z.array(contactPhoneSchema),
  emails: z.array(recordEmailSchema),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  tags: z.array(tagRefSchema),
  isImportant: z.boolean(),
  lastContactAt: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Custom field values, for the columns a field's "show in list" adds (docs/product.md, custom fields). */
  dynamicFields: dynamicFieldValuesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;
export const contactListSchema = listPage(contactRowSchema);
export type ContactList = z.infer<typeof contactListSchema>;

/** GET /api/customerRecently/week: contacts created in the last 7 days that the caller can see. */
export const recentContactsSchema = z.object({ count: z.number().int(), items: z.array(contactRowSchema) });
export type RecentContacts = z.infer<typeof recentContactsSchema>;

/** GET /api/page/customer/view/{id}: the contact, its custom field definitions, notes and latest timeline. */
export const contactViewSchema = z.object({
  contact: contactSchema,
  fields: z.array(customFieldSchema),
  notes: z.array(noteSchema),
  timeline: z.array(timelineEventSchema),
});
export type ContactView = z.infer<typeof contactViewSchema>;
