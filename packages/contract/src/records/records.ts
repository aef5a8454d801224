import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { listSortFields, socialTypes } from './records.rules.ts';

export * from './records.rules.ts';

/**
 * Pieces shared by contacts and companies (docs/product.md#fields, #validation): typed rows, dates,
 * list paging, owners (the plain values and the multipart convention are in records.rules.ts).
 */

/** Optional text stored trimmed; empty means none. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const socialAccountSchema = z.object({ type: z.enum(socialTypes), account: z.string().trim().min(1).max(200) });
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const recordEmailSchema = z.object({ value: z.string().trim().toLowerCase().pipe(z.email().max(254)) });
export type RecordEmail = z.infer<typeof recordEmailSchema>;

/** Phone values: digits and the usual separators (docs/product.md#limits: phone inputs numeric). */
export const phoneValueSchema = z.string().trim().min(1).max(40).regex(/^[0-9+\-() #*.,extEXT]+$/);

/** A person or company as it appears on a row: owner, company link. */
export const userRefSchema = z.object({ userId: z.string(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;
export const companyRefSchema = z.object({ id: z.string(), name: z.string(), label: z.string() });
export type CompanyRef = z.infer<typeof companyRefSchema>;
export const tagRefSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * advanceFilter of page/customer/listV2 and page/company/listV2, sent as a JSON string in the query.
 * tags: any of these tags; owner: any of these owners.
 */
export const advanceFilterSchema = z.object({
  tags: z.array(uuidSchema).max(50).optional(),
  owner: z.array(uuidSchema).max(200).optional(),
  noContactDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(365)]).optional(),
  important: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
  companyId: uuidSchema.optional(),
});
export type AdvanceFilter = z.infer<typeof advanceFilterSchema>;

/** A query parameter carrying JSON text, parsed then validated by `schema` (bad JSON → invalidValue). */
export function jsonQueryParam<T extends z.ZodType>(schema: T, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalidValue' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const advanceFilterParam = jsonQueryParam(advanceFilterSchema, 10_000);

/**
 * Keyset paging: `cursor` is the opaque nextCursor of the previous page (no OFFSET).
 * `decending` keeps the product's spelling. Pickers ask for 500 rows (pageSizes.picker).
 */
export const recordListQuerySchema = z.object({
  orgId: uuidSchema,
  advanceFilter: advanceFilterParam.optional(),
  sortBy: z.enum(listSortFields).default('updatedAt'),
  decending: booleanish.default(true),
  needGroup: booleanish.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(500).optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

/**
 * total: on the first page (no cursor), exact up to `exactTotalLimit` rows, else the planner's estimate
 * (totalIsEstimate true); pages after the first answer total -1 (keep the first page's figure).
 */

export const transferBodySchema = z.object({ ids: z.array(uuidSchema).min(1).max(1000), ownerUserId: uuidSchema });
export type TransferBody = z.infer<typeof transferBodySchema>;


/*
 * The endpoints of contacts, companies, tags, custom fields, notes and the timeline, search, trash and
 * column settings are defined once in this folder's *.endpoints.ts files (all take ?orgId=). Plan limits
 * answer 403 PLAN_LIMIT_REACHED ('Please upgrade to the Pro version'); other workspaces' ids answer 404.
 */
