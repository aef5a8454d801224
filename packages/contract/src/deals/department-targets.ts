import { z } from 'zod';
import { moneySchema } from '../platform/money.ts';
import { uuidSchema } from '../platform/common.ts';

/**
 * Monthly sales targets of a department (docs/product.md#statistics-and-dashboard), stored beside the personal
 * deal targets and set by the same people (system administrators of a workspace whose plan has performance
 * targets). A quarter's or a year's target is the sum of its months, as for a person. The department's target
 * covers its sub-departments too, as the statistics' department filter does; a month without a stored target
 * falls back to the sum of the members' targets (the statistics say which one they show).
 */

const yearSchema = z.coerce.number().int().min(2000).max(2100);

/** GET /api/departmentTarget: the twelve months of one department. */
export const departmentTargetQuerySchema = z.object({ orgId: uuidSchema, year: yearSchema, departmentId: uuidSchema });
/** POST /api/departmentTarget: one month; target null removes the stored target (the members' sum applies again). */
export const departmentTargetBodySchema = z.object({
  departmentId: uuidSchema,
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  target: moneySchema.nullable(),
});
export type DepartmentTargetBody = z.infer<typeof departmentTargetBodySchema>;
export const departmentTargetSchema = z.object({
  departmentId: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  /** null: none stored for the month. */
  target: z.string().nullable(),
});
export type DepartmentTarget = z.infer<typeof departmentTargetSchema>;
export const departmentTargetListSchema = z.object({ items: z.array(departmentTargetSchema) });

/** Where a statistic's target comes from when a department is chosen (null without one). */
export const targetSources = ['department', 'members', 'mixed'] as const;
export type TargetSource = (typeof targetSources)[number];
