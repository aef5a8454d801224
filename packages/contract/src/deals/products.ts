import { z } from 'zod';
import { defaultColor } from '../platform/constants.ts';
import { moneySchema } from '../platform/money.ts';

/** docs/product.md#fields: product id, name, label, color, defaultPrice (create dialog with a colour palette). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  color: z.string(),
  defaultPrice: z.string(),
  sort: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ items: z.array(productSchema) });

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const productSaveBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  color: hexColorSchema.default(defaultColor),
  defaultPrice: moneySchema.default('0.00'),
});
export type ProductSaveBody = z.infer<typeof productSaveBodySchema>;
export type ProductSaveInput = z.input<typeof productSaveBodySchema>;

/*
 * GET /api/settings/product → productListSchema ; POST /api/settings/product productSaveBodySchema → productSchema
 * (free plan: 5 products, else 403 PLAN_LIMIT_REACHED) ; PUT /api/settings/product/{id} ; DELETE /api/settings/product/{id}.
 * Deal lines keep their own copy of name and prices, so deleting a product leaves old deals intact.
 */
