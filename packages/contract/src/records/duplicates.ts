import { z } from 'zod';

/** Possible duplicates (docs/product.md#duplicates): contacts and companies that share a normalised key (match-keys.ts). */
export const duplicateKinds = ['contact', 'company'] as const;
export type DuplicateKind = (typeof duplicateKinds)[number];

/** Why two records look alike: the key types they share. */
export const duplicateReasons = ['phone', 'email', 'name', 'taxId', 'companyName'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/**
 * Points per shared key type, summed over the types a pair shares and capped at 100: one 統編 or one phone/e-mail
 * is strong, a name alone is only a hint.
 */
export const duplicateReasonWeights: Record<DuplicateReason, number> = { taxId: 90, phone: 50, email: 50, companyName: 60, name: 30 };

/** A key shared by more records than this is a switchboard number or a common name, not a sign of duplicates. */
export const duplicateKeyMaxRecords = 20;

export const duplicateListQuerySchema = z.object({
  orgId: z.uuid(),
  kind: z.enum(duplicateKinds),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** nextCursor of the previous page. */
  cursor: z.string().max(300).optional(),
});

export const duplicateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A line to tell the two apart: the first phone, e-mail or 統編. */
  detail: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
});
export type DuplicateRecord = z.infer<typeof duplicateRecordSchema>;

export const duplicatePairSchema = z.object({
  kind: z.enum(duplicateKinds),
  score: z.number().int(),
  reasons: z.array(z.enum(duplicateReasons)),
  records: z.array(duplicateRecordSchema),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;
export const duplicateListSchema = z.object({ items: z.array(duplicatePairSchema), nextCursor: z.string().nullable() });
export type DuplicateList = z.infer<typeof duplicateListSchema>;

/** "Not a duplicate": the pair leaves the list for good (until one of them is merged or purged). */
export const duplicateDismissBodySchema = z.object({
  kind: z.enum(duplicateKinds),
  recordIds: z.tuple([z.uuid(), z.uuid()]).refine(([a, b]) => a !== b, { message: 'invalidValue' }),
});
export type DuplicateDismissBody = z.infer<typeof duplicateDismissBodySchema>;
