import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { isTaiwanTaxId } from '../platform/tax-id.ts';

/**
 * 統編 lookup in the Ministry of Economic Affairs' company registry (GCIS open data; apps/server/src/modules/records/
 * companies/company-registry.ts). Advisory: the answer fills a company form the user still saves, so "not found" and
 * "registry unavailable" are answers, not errors — the form stays usable when the registry is down or unreachable.
 */
export const companyRegistryQuerySchema = z.object({
  orgId: uuidSchema,
  taxId: z
    .string()
    .trim()
    .refine((v) => isTaiwanTaxId(v), { message: 'invalidTaxId' }),
});

export const companyRegistryEntrySchema = z.object({
  taxId: z.string(),
  name: z.string(),
  /** The registry's own words (核准設立, 解散, 廢止, …); `active` is true only for 核准設立 without a suspension. */
  statusText: z.string(),
  active: z.boolean(),
  representative: z.string().nullable(),
  address: z.string().nullable(),
  /** Registered and paid-in capital in NT$ (the paid-in amount is 0 for many limited companies: null then). */
  capital: z.number().nullable(),
  paidInCapital: z.number().nullable(),
  /** ISO dates from the registry's ROC dates (0760221 → 1987-02-21). */
  setupDate: z.string().nullable(),
  lastChangeDate: z.string().nullable(),
});
export type CompanyRegistryEntry = z.infer<typeof companyRegistryEntrySchema>;

export const companyRegistryAnswerSchema = z.object({
  status: z.enum(['found', 'notFound', 'unavailable']),
  entry: companyRegistryEntrySchema.nullable(),
});
export type CompanyRegistryAnswer = z.infer<typeof companyRegistryAnswerSchema>;

/** A registry date: 7 digits, the ROC year in three (民國 76 = 1987), month and day; blank or impossible → null. */
export function rocDateToIso(value: string | null | undefined): string | null {
  const match = /^(\d{3})(\d{2})(\d{2})$/.exec((value ?? '').trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]) + 1911, Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
