import { z } from 'zod';
import { defaultColor } from '../platform/constants.ts';
import { moneySchema } from '../platform/money.ts';

/**
 * Sales items (docs/product.md#fields): what a deal sells (products) and what it costs (costs), kept in
 * the workspace's settings and copied into a deal's lines.
 */

// ---- products ----

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

// Deal lines keep their own copy of name and prices, so deleting a product leaves old deals intact.

// ---- costs ----

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
