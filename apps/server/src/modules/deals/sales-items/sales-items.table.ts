import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * Products and costs of the settings pages (docs/product.md#fields): the same shape (name, default price;
 * products also a colour), so one table with a kind. Deal lines copy name and prices, so deleting
 * an item leaves existing deals as they were.
 */
export const salesItems = pgTable(
  'sales_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['product', 'cost'] }).notNull(),
    name: text('name').notNull(),
    color: text('color'),
    defaultPrice: numeric('default_price', { precision: 14, scale: 2 }).notNull().default('0'),
    sort: integer('sort').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('sales_items_org_kind_idx').on(t.orgId, t.kind, t.sort),
    check('sales_items_kind_check', sql`${t.kind} in ('product', 'cost')`),
    check('sales_items_default_price_check', sql`${t.defaultPrice} >= 0`),
  ],
);
