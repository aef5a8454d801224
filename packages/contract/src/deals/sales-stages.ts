import { z } from 'zod';
import type { Locale } from '../platform/locale.ts';
import { uuidSchema } from '../platform/common.ts';
import { stageCategories, type Stage } from './sales-stages.rules.ts';

export * from './sales-stages.rules.ts';

/**
 * docs/product.md#fields, #states, #limits: a workspace has sales stage types, each with ordered stages.
 * Stage choices of a deal are the stages of its type plus two fixed ones: won and lost.
 * Workspace stage ids are integers from a sequence starting above 10000, so they never meet 1000 or -9999.
 */
/**
 * A stage id, as sent in a path, query or body: the column is a 32-bit integer, so a larger number is refused
 * here (400) instead of reaching the database (docs/decisions/0011-hostile-input.md).
 */
export const stageIdSchema = z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647);
const stageIdJsonSchema = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/** A stage (the `Stage` type, in sales-stages.rules.ts for the web's first load, is what this checks against). */
export const stageSchema = z.object({
  id: z.number().int(),
  stageTypeId: z.string().nullable(),
  label: z.string(),
  sort: z.number().int(),
  closingRate: z.number().int().min(0).max(100),
  alertNotice: z.number().int().nullable(),
  category: z.enum(stageCategories),
}) satisfies z.ZodType<Stage>;

/**
 * The stages every new workspace starts with (5, within the free plan's 6), so the first deal can be
 * saved right away. Titles are stored in the creator's language; rates rise towards closing and the
 * stalled alert gets shorter as the deal nears the end.
 */
export const defaultStageTypeName: Record<Locale, string> = { 'zh-TW': '銷售流程', 'zh-CN': '销售流程', 'en-US': 'Sales pipeline' };
export const defaultStages: { title: Record<Locale, string>; closingRate: number; alertNotice: number }[] = [
  { title: { 'zh-TW': '初步接洽', 'zh-CN': '初步接洽', 'en-US': 'First contact' }, closingRate: 10, alertNotice: 14 },
  { title: { 'zh-TW': '需求確認', 'zh-CN': '需求确认', 'en-US': 'Needs confirmed' }, closingRate: 30, alertNotice: 14 },
  { title: { 'zh-TW': '提案報價', 'zh-CN': '提案报价', 'en-US': 'Proposal' }, closingRate: 50, alertNotice: 10 },
  { title: { 'zh-TW': '議價協商', 'zh-CN': '议价协商', 'en-US': 'Negotiation' }, closingRate: 70, alertNotice: 7 },
  { title: { 'zh-TW': '合約簽署', 'zh-CN': '合约签署', 'en-US': 'Contract' }, closingRate: 90, alertNotice: 7 },
];

export const salesStageTypeSchema = z.object({
  uuid: z.string(),
  stageTypeName: z.string(),
  isDefault: z.boolean(),
  /** The workspace stages of this type in order (won and lost are not listed here; see stageChoices). */
  stages: z.array(stageSchema),
});
export type SalesStageType = z.infer<typeof salesStageTypeSchema>;
export const salesStageTypeListSchema = z.object({ items: z.array(salesStageTypeSchema) });

export const closingRateSchema = z.coerce.number().int().min(0).max(100);
export const alertNoticeSchema = z.coerce.number().int().min(1).max(3650).nullable();

/** POST /api/settings/stage (create dialog: title and alertNotice). */
export const stageCreateBodySchema = z.object({
  stageTypeId: uuidSchema.optional(),
  title: z.string().trim().min(1).max(100),
  alertNotice: alertNoticeSchema.default(null),
  closingRate: closingRateSchema.default(0),
  category: z.enum(stageCategories).default('inProgress'),
});
export type StageCreateBody = z.infer<typeof stageCreateBodySchema>;
export type StageCreateInput = z.input<typeof stageCreateBodySchema>;

/** PUT /api/settings/stage/{id}. */
export const stageUpdateBodySchema = z.object({
  title: z.string().trim().min(1).max(100),
  alertNotice: alertNoticeSchema,
  closingRate: closingRateSchema,
  category: z.enum(stageCategories),
});
export type StageUpdateBody = z.infer<typeof stageUpdateBodySchema>;
export const stageIdParamsSchema = z.object({ id: stageIdSchema });

/** POST /api/settings/stage/sort: the whole ordered list of one type's stage ids (drag-sort save). */
export const stageSortBodySchema = z.object({ stageTypeId: uuidSchema, ids: z.array(stageIdJsonSchema).min(1).max(200) });

/** POST /api/settings/stageType (create), PUT /api/settings/stageType/{id} (rename). */
export const stageTypeSaveBodySchema = z.object({ stageTypeName: z.string().trim().min(1).max(100) });
