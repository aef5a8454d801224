import { z } from 'zod';
import { customFieldSchema, dynamicFieldValuesSchema } from '../records/custom-fields.ts';
import { moneySchema } from '../platform/money.ts';
import { noteSchema, timelineEventSchema } from '../records/notes.ts';
import { userRefSchema } from '../records/records.ts';
import { dateOnlySchema, listPage, timeZoneSchema, uuidSchema } from '../platform/common.ts';
import { closingRateSchema, stageIdSchema, stageSchema } from './sales-stages.ts';
import { dealListColumns, dealStatuses, marginBases } from './deals.rules.ts';
import { dealLostReasonSchema, lostReasonFields } from './lost-reasons.ts';

export * from './deals.rules.ts';

/**
 * Deals (the product's "opportunities"), docs/product.md#fields, #states, #validation, #api.
 * Money is a decimal string (money.ts), dates are YYYY-MM-DD, stage is a stage id (1000 won, -9999 lost).
 */

/** permission: private → the owner's visibility scope plus collaborators; public → everyone who may view deals. */
export const dealPermissions = ['private', 'public'] as const;
export type DealPermission = (typeof dealPermissions)[number];

// ---- lines ----

const lineNumSchema = z.coerce.number().int().min(1).max(1_000_000);
export const dealProductLineInputSchema = z.object({
  /** The settings product it came from (optional: free-typed lines are allowed). */
  productId: uuidSchema.nullable().optional(),
  name: z.string().trim().min(1).max(200),
  singlePrice: moneySchema,
  quotedPrice: moneySchema,
  num: lineNumSchema,
});
export type DealProductLineInput = z.input<typeof dealProductLineInputSchema>;
export const dealCostLineInputSchema = z.object({
  costId: uuidSchema.nullable().optional(),
  name: z.string().trim().min(1).max(200),
  singlePrice: moneySchema,
  num: lineNumSchema,
});
export type DealCostLineInput = z.input<typeof dealCostLineInputSchema>;

export const dealProductLineSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  singlePrice: z.string(),
  quotedPrice: z.string(),
  num: z.number().int(),
  color: z.string().nullable(),
});
export type DealProductLine = z.infer<typeof dealProductLineSchema>;
export const dealCostLineSchema = z.object({
  id: z.string(),
  costId: z.string().nullable(),
  name: z.string(),
  singlePrice: z.string(),
  num: z.number().int(),
});
export type DealCostLine = z.infer<typeof dealCostLineSchema>;

// ---- save ----

/**
 * POST /api/deal (create; answers { dealId }) and PUT /api/deal/{id} (every key optional: only sent keys change).
 * Required on create (docs/product.md#validation): name, amount, startDate, estimatedEndDate.
 * The simple dialog sends name, amount, dates, stage, company, client, products and costs — the same schema.
 * closingRate defaults to the stage's rate; completedDate is kept only when stage is 1000 (today when missing).
 */
const dealFields = {
  name: z.string().trim().min(1).max(200),
  permission: z.enum(dealPermissions),
  amount: moneySchema,
  startDate: dateOnlySchema,
  estimatedEndDate: dateOnlySchema,
  completedDate: dateOnlySchema.nullable(),
  /** A stage id of the deal's stage type, or 1000 / -9999. Defaults to the type's first stage. */
  stage: stageIdSchema,
  /** Defaults to the workspace's default stage type. */
  stageTypeId: uuidSchema,
  companyId: uuidSchema.nullable(),
  clientId: uuidSchema.nullable(),
  products: z.array(dealProductLineInputSchema).max(200),
  costs: z.array(dealCostLineInputSchema).max(200),
  dynamicFields: dynamicFieldValuesSchema,
  closingRate: closingRateSchema,
  collaboratorUserIds: z.array(uuidSchema).max(100),
  /** Defaults to the caller. Changing it on edit needs the opportunity transfer privilege. */
  ownerUserId: uuidSchema,
};
export const dealCreateBodySchema = z.object({
  ...dealFields,
  permission: dealFields.permission.default('private'),
  completedDate: dealFields.completedDate.optional(),
  stage: dealFields.stage.optional(),
  stageTypeId: dealFields.stageTypeId.optional(),
  companyId: dealFields.companyId.optional(),
  clientId: dealFields.clientId.optional(),
  products: dealFields.products.default([]),
  costs: dealFields.costs.default([]),
  dynamicFields: dealFields.dynamicFields.default({}),
  closingRate: dealFields.closingRate.optional(),
  collaboratorUserIds: dealFields.collaboratorUserIds.default([]),
  ownerUserId: dealFields.ownerUserId.optional(),
});
export type DealCreateBody = z.infer<typeof dealCreateBodySchema>;
export type DealCreateInput = z.input<typeof dealCreateBodySchema>;
export const dealUpdateBodySchema = z.object(dealFields).partial();
export type DealUpdateBody = z.infer<typeof dealUpdateBodySchema>;
export type DealUpdateInput = z.input<typeof dealUpdateBodySchema>;
export const dealIdSchema = z.object({ dealId: z.string() });

/**
 * PUT /api/deal/{id}/stage: moves the deal (board drag, close buttons). completedDate only counts for 1000; the lost
 * reason (a workspace reason's id and free text) only for -9999 (400 naming lostReasonId otherwise).
 */
export const dealStageBodySchema = z.object({ stage: stageIdSchema, completedDate: dateOnlySchema.nullable().optional(), ...lostReasonFields });
export type DealStageBody = z.infer<typeof dealStageBodySchema>;

/** POST /api/dealTransfer. */
export const dealTransferBodySchema = z.object({ dealId: uuidSchema, transferUserId: uuidSchema });

// ---- answers ----

export const dealPartyRefSchema = z.object({ id: z.string(), name: z.string() });

export const dealSchema = z.object({
  id: z.string(),
  name: z.string(),
  permission: z.enum(dealPermissions),
  amount: z.string(),
  startDate: z.string(),
  estimatedEndDate: z.string(),
  completedDate: z.string().nullable(),
  stage: z.number().int(),
  stageTypeId: z.string(),
  status: z.enum(dealStatuses),
  company: dealPartyRefSchema.nullable(),
  client: dealPartyRefSchema.nullable(),
  products: z.array(dealProductLineSchema),
  costs: z.array(dealCostLineSchema),
  productTotal: z.string(),
  costTotal: z.string(),
  /** products: the margin is the product lines minus costs; amount: the deal has no product line, so amount minus costs. */
  marginBasis: z.enum(marginBases),
  margin: z.string(),
  dynamicFields: dynamicFieldValuesSchema,
  closingRate: z.number().int(),
  collaborators: z.array(userRefSchema),
  creator: userRefSchema.nullable(),
  owner: userRefSchema.nullable(),
  /** Why it was lost (only a lost deal has one; null when none was given or the reason was deleted since). */
  lostReason: dealLostReasonSchema.nullable(),
  lostReasonNote: z.string().nullable(),
  /** The user the deal was last transferred to (POST /api/dealTransfer), or null. */
  transferTarget: userRefSchema.nullable(),
  stageChangedAt: z.string(),
  /** Whole days since the last stage change. */
  stalledDays: z.number().int(),
  isStalled: z.boolean(),
  /** The caller may edit (owner scope with the edit privilege, or a collaborator). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** A list row and a board card (docs/product.md#fields list columns: title, company, contact, startDate, estimateDate, owner). */
export const dealRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.string(),
  stage: z.number().int(),
  stageTypeId: z.string(),
  status: z.enum(dealStatuses),
  closingRate: z.number().int(),
  company: dealPartyRefSchema.nullable(),
  contact: dealPartyRefSchema.nullable(),
  startDate: z.string(),
  estimateDate: z.string(),
  completedDate: z.string().nullable(),
  owner: userRefSchema.nullable(),
  stalledDays: z.number().int(),
  isStalled: z.boolean(),
  /** Custom field values, for the columns shown by settings/columnOpportunityDisplay (field isShow). */
  dynamicFields: dynamicFieldValuesSchema,
  /** A lost deal's reason (an id of GET /settings/lostReason) and free text. */
  lostReasonId: z.string().nullable(),
  lostReasonNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DealRow = z.infer<typeof dealRowSchema>;
export const dealListSchema = listPage(dealRowSchema);
export type DealList = z.infer<typeof dealListSchema>;

/** GET /api/page/deal/view/{id}: the deal, its stage choices, custom fields, notes and latest timeline. */
export const dealViewSchema = z.object({
  deal: dealSchema,
  stages: z.array(stageSchema),
  fields: z.array(customFieldSchema),
  notes: z.array(noteSchema),
  timeline: z.array(timelineEventSchema),
});
export type DealView = z.infer<typeof dealViewSchema>;

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const csvIds = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(uuidSchema).max(100));

export const dealSortFields = ['createdAt', 'updatedAt'] as const;
/** GET /api/page/deal/list: keywords, sort by time, page size 20 (keyset: pass nextCursor back). */
export const dealListQuerySchema = z.object({
  orgId: uuidSchema,
  keywords: z.string().trim().max(100).optional(),
  sortBy: z.enum(dealSortFields).default('createdAt'),
  decending: booleanish.default(true),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
  stageTypeId: uuidSchema.optional(),
  stage: stageIdSchema.optional(),
  status: z.enum(dealStatuses).optional(),
  /** Comma-separated owner user ids. */
  owner: csvIds.optional(),
  companyId: uuidSchema.optional(),
  clientId: uuidSchema.optional(),
  /**
   * Drill-down from a statistic (reports/statistics): only owners within the caller's scope for that
   * privilege feature, and the date ranges (inclusive) a figure counts.
   */
  scope: z.enum(['performanceReport', 'productSalesRanking']).optional(),
  completedFrom: dateOnlySchema.optional(),
  completedTo: dateOnlySchema.optional(),
  estimatedFrom: dateOnlySchema.optional(),
  estimatedTo: dateOnlySchema.optional(),
  startFrom: dateOnlySchema.optional(),
  startTo: dateOnlySchema.optional(),
  /** Deals with a line of this product. */
  productId: uuidSchema.optional(),
  /** Open deals whose days in their stage reached the stage's alertNotice. */
  stalled: booleanish.optional(),
  /** Lost on a day of [lostFrom, lostTo] in timeZone (default UTC). */
  lostFrom: dateOnlySchema.optional(),
  lostTo: dateOnlySchema.optional(),
  timeZone: timeZoneSchema.optional(),
  /** Won with the completed date, or open with the expected close date, in [closingFrom, closingTo]. */
  closingFrom: dateOnlySchema.optional(),
  closingTo: dateOnlySchema.optional(),
});
export type DealListQuery = z.infer<typeof dealListQuerySchema>;
export type DealListQueryInput = z.input<typeof dealListQuerySchema>;

/** GET /api/list-without-pagenation: the deal picker (keywords; bounded, 20 by default, at most 200). */
export const dealPickerQuerySchema = z.object({
  orgId: uuidSchema,
  keywords: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const dealPickerSchema = z.object({ items: z.array(dealRowSchema) });

/** GET /api/deals-filter: what the list and board filters offer. */
export const dealsFilterSchema = z.object({
  stageTypes: z.array(z.object({ uuid: z.string(), stageTypeName: z.string(), isDefault: z.boolean(), stages: z.array(stageSchema) })),
  statuses: z.array(z.enum(dealStatuses)),
  permissions: z.array(z.enum(dealPermissions)),
});
export type DealsFilter = z.infer<typeof dealsFilterSchema>;

/** GET /api/deal/board: every stage column of a type (choices incl. won and lost), each with its first cards and a cursor. */
export const dealBoardQuerySchema = z.object({
  orgId: uuidSchema,
  stageTypeId: uuidSchema.optional(),
  /** Cards per column. */
  limit: z.coerce.number().int().min(1).max(50).default(20),
  keywords: z.string().trim().max(100).optional(),
});
/** A board column: its first cards, and over all its visible deals the count, amount and amount × closing rate. */
export const dealBoardColumnSchema = z.object({
  stage: stageSchema,
  items: z.array(dealRowSchema),
  nextCursor: z.string().nullable(),
  count: z.number().int(),
  total: z.string(),
  weightedTotal: z.string(),
});
export const dealBoardSchema = z.object({ stageTypeId: z.string(), columns: z.array(dealBoardColumnSchema) });
export type DealBoard = z.infer<typeof dealBoardSchema>;
export type DealBoardColumn = z.infer<typeof dealBoardColumnSchema>;
/** GET /api/deal/board/column: the next cards of one column. Cards are ordered by stage change, newest first. */
export const dealBoardColumnQuerySchema = dealBoardQuerySchema.extend({
  stageTypeId: uuidSchema,
  stage: stageIdSchema,
  cursor: z.string().max(500).optional(),
});
export const dealBoardPageSchema = z.object({ items: z.array(dealRowSchema), nextCursor: z.string().nullable() });

/** GET/POST /api/dealFieldSetting: the columns and their default are in deals.rules.ts. */
export const dealFieldSettingSchema = z.object({
  columns: z.array(z.object({ key: z.enum(dealListColumns), isShow: z.boolean() })).max(dealListColumns.length),
});
export type DealFieldSetting = z.infer<typeof dealFieldSettingSchema>;

/** GET/POST /api/dealTarget: monthly targets per user; GET answers the year for one user with the won amount per month. */
export const dealTargetQuerySchema = z.object({
  orgId: uuidSchema,
  year: z.coerce.number().int().min(2000).max(2100),
  /** Defaults to the caller. */
  uid: uuidSchema.optional(),
});
export const dealTargetBodySchema = z.object({
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  target: moneySchema,
  uid: uuidSchema,
});
export type DealTargetBody = z.infer<typeof dealTargetBodySchema>;
export const dealTargetSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  target: z.string(),
  uid: z.string(),
  /** Σ amount of the user's won deals completed that month. */
  achieved: z.string(),
});
export type DealTarget = z.infer<typeof dealTargetSchema>;
export const dealTargetListSchema = z.object({ items: z.array(dealTargetSchema) });

/** GET /api/statistics/dealFunnel: per stage choice of a type, the visible deals' count and amount. */
export const dealFunnelQuerySchema = z.object({ orgId: uuidSchema, stageTypeId: uuidSchema.optional() });
export const dealFunnelSchema = z.object({
  stageTypeId: z.string(),
  stages: z.array(z.object({ stage: stageSchema, count: z.number().int(), amount: z.string() })),
});
export type DealFunnel = z.infer<typeof dealFunnelSchema>;

/** GET /api/dealRecently/week: deals created in the last 7 days that the caller can see (newest 20). */
export const recentDealsSchema = z.object({ count: z.number().int(), items: z.array(dealRowSchema) });

/** GET /api/associate/filter?types=company,client,deal&searchTxt=&ignore=id,id — pickers linking records. */
export const associateTypes = ['company', 'client', 'deal'] as const;
export const associateFilterQuerySchema = z.object({
  orgId: uuidSchema,
  types: z
    .string()
    .max(100)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(associateTypes)).min(1))
    .default(['company', 'client', 'deal']),
  searchTxt: z.string().trim().min(1).max(100),
  ignore: csvIds.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const associateItemSchema = z.object({
  type: z.enum(associateTypes),
  id: z.string(),
  name: z.string(),
  /** Company of a client, client of a deal. */
  extra: z.string().nullable(),
});
export const associateFilterSchema = z.object({ items: z.array(associateItemSchema) });
