import { z } from 'zod';
import { isRealDate } from './common.rules.ts';

export * from './common.rules.ts';

/** Schemas every context uses: ids, dates, paging, counts, the workspace query. */
export const dateOnlySchema = z.string().refine(isRealDate, { message: 'invalidDate' });

export const uuidSchema = z.uuid();

export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
    totalIsEstimate: z.boolean(),
    /** needGroup: row counts per tag id (and 'none'), for the tag side view. */
    groups: z.record(z.string(), z.number().int()).optional(),
  });

export const idParamsSchema = z.object({ id: uuidSchema });
export const idsBodySchema = z.object({ ids: z.array(uuidSchema).min(1).max(1000) });
export type IdsBody = z.infer<typeof idsBodySchema>;

export const createdIdSchema = z.object({ id: z.string() });
export const countSchema = z.object({ count: z.number().int() });

export const orgIdQuerySchema = z.object({ orgId: z.uuid() });

/** An IANA time zone name (for "today" and the day a deal was lost). */
export const timeZoneSchema = z.string().max(64).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, { message: 'invalidValue' });
