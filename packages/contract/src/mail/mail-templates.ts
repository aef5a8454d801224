import { z } from 'zod';
import { locales } from '../platform/locale.ts';

/**
 * Mail templates (issue 34): a name, a language and a subject and body with fields in braces ({firstName}), filled
 * from the contact or company the e-mail is written from. Shared in the workspace; only their author edits them.
 */
export const templateFields = ['firstName', 'lastName', 'fullName', 'company', 'myName'] as const;
export type TemplateField = (typeof templateFields)[number];

const fieldPattern = /\{(\w+)\}/g;

/** Whether every {field} in the text is one Lodestar can fill. */
export function knownFieldsOnly(text: string): boolean {
  return [...text.matchAll(fieldPattern)].every((match) => (templateFields as readonly string[]).includes(match[1]!));
}

/** The text with each {field} replaced by its value ('' when the record has none). */
export function fillTemplate(text: string, values: Partial<Record<TemplateField, string>>): string {
  return text.replace(fieldPattern, (whole, name: string) => ((templateFields as readonly string[]).includes(name) ? (values[name as TemplateField] ?? '') : whole));
}

const withFields = (max: number) => z.string().trim().min(1).max(max).refine(knownFieldsOnly, { message: 'invalidValue' });

export const mailTemplateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  locale: z.enum(locales),
  subject: withFields(500),
  body: withFields(20_000),
});
export type MailTemplateBody = z.infer<typeof mailTemplateBodySchema>;

export const mailTemplateSchema = mailTemplateBodySchema.extend({
  id: z.uuid(),
  authorName: z.string(),
  /** The viewer wrote it (and may edit or delete it). */
  mine: z.boolean(),
  updatedAt: z.string(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateRenderQuerySchema = z.object({ entityType: z.enum(['contact', 'company']), entityId: z.uuid() });
export const mailTemplateRenderedSchema = z.object({ subject: z.string(), text: z.string() });
export type MailTemplateRendered = z.infer<typeof mailTemplateRenderedSchema>;
