import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';

/**
 * Bulk 統編 enrichment (issue 37 part 2): a job asks the company registry (company-registry.ts) about each chosen
 * company with a checksum-valid 統編, at the registry's pace, and fills what the company leaves empty — never a value
 * a user wrote: an empty address gets the registered one; a registered name that differs from the company's name is
 * added to its other names (the name itself is the user's). Dissolved, revoked or suspended companies are listed.
 */
export const companyEnrichmentLimit = 20_000;

/**
 * Which companies — exactly one of: the chosen ones, every live company of the workspace the caller may see (`all`),
 * or the companies an import created or updated (`importId`, offered on the import's done page).
 */
export const companyEnrichmentBodySchema = z
  .object({
    companyIds: z.array(uuidSchema).min(1).max(companyEnrichmentLimit).optional(),
    all: z.literal(true).optional(),
    importId: uuidSchema.optional(),
  })
  .refine((body) => [body.companyIds, body.all, body.importId].filter((v) => v !== undefined).length === 1, { message: 'invalidValue', path: ['companyIds'] });
export type CompanyEnrichmentBody = z.infer<typeof companyEnrichmentBodySchema>;

export const companyEnrichmentParamsSchema = z.object({ id: uuidSchema });

/** A company the registry calls dissolved, revoked or suspended (its own words in `statusText`). */
export const companyEnrichmentFlagSchema = z.object({ companyId: z.string(), name: z.string(), statusText: z.string() });

export const companyEnrichmentSchema = z.object({
  id: z.string(),
  /** `waiting`: the registry was unavailable; the job asks again at `retryAt`. */
  status: z.enum(['running', 'waiting', 'done']),
  importId: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  /** Companies that got a value (address or another name). */
  filled: z.number().int(),
  /** Found, nothing to fill. */
  unchanged: z.number().int(),
  notFound: z.number().int(),
  /** No checksum-valid 統編, deleted meanwhile, or not editable by the member who started it. */
  skipped: z.number().int(),
  flagged: z.array(companyEnrichmentFlagSchema),
  retryAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CompanyEnrichment = z.infer<typeof companyEnrichmentSchema>;

export const companyEnrichmentListSchema = z.object({ items: z.array(companyEnrichmentSchema) });
export type CompanyEnrichmentList = z.infer<typeof companyEnrichmentListSchema>;
