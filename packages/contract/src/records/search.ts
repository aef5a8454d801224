import { z } from 'zod';

/** GET /api/search?orgId=&keyword= — the header's global search (800 ms debounce on the web). */
export const searchQuerySchema = z.object({
  orgId: z.uuid(),
  keyword: z.string().trim().min(1).max(100),
  /** Per type. */
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** In this order on the web: records first, then e-mail (mail registers it; newest first within its group). */
export const searchResultTypes = ['contact', 'company', 'deal', 'email'] as const;

/** An e-mail hit: who wrote it, when, an excerpt of its body (null when only the subject or a participant matched, or it is a colleague's private message) and the record it opens. */
export const searchEmailSchema = z.object({
  from: z.object({ address: z.string(), name: z.string().nullable() }),
  sentAt: z.string(),
  excerpt: z.string().nullable(),
  record: z.object({ entityType: z.enum(['contact', 'company']), id: z.string(), name: z.string() }),
});

/** docs/product.md#fields: type, id, firstName, lastName, company, name, customer, amount, addresses, emails, phones, tax. */
export const searchResultSchema = z.object({
  type: z.enum(searchResultTypes),
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Contact: its company's name. */
  company: z.string().nullable(),
  /** Display name of the contact, company or deal. */
  name: z.string(),
  /** Deal: its contact's name. */
  customer: z.string().nullable(),
  amount: z.string().nullable(),
  addresses: z.array(z.string()),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  tax: z.string().nullable(),
  /** Only on an e-mail (type `email`, whose name is its subject). */
  email: searchEmailSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchAnswerSchema = z.object({ items: z.array(searchResultSchema) });
