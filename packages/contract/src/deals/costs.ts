import { z } from 'zod';
import { moneySchema } from '../platform/money.ts';

/** docs/product.md#fields: cost id, name, label, defaultPrice. */
export const costSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  defaultPrice: z.string(),
  sort: z.number().int(),
});
export type Cost = z.infer<typeof costSchema>;
export const costListSchema = z.object({ items: z.array(costSchema) });

export const costSaveBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  defaultPrice: moneySchema.default('0.00'),
});
export type CostSaveBody = z.infer<typeof costSaveBodySchema>;
export type CostSaveInput = z.input<typeof costSaveBodySchema>;

/*
 * GET /api/settings/cost → costListSchema ; POST /api/settings/cost costSaveBodySchema → costSchema ;
 * PUT /api/settings/cost/{id} ; DELETE /api/settings/cost/{id}.
 */
