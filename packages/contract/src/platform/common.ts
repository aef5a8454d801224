import { z } from 'zod';

/** Schemas every context uses: ids, dates, paging, counts, the workspace query. */
/** YYYY-MM-DD that is a real calendar date (docs/product.md#validation: errorDateFormat). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
export const dateOnlySchema = z.string().refine(isRealDate, { message: 'invalidDate' });

export const uuidSchema = z.uuid();

export const exactTotalLimit = 1000;
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
