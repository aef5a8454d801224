import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Sales stage types (docs/product.md#fields): each workspace has a default one, created on first use. */
export const salesStageTypes = pgTable(
  'sales_stage_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('sales_stage_types_org_idx').on(t.orgId, t.createdAt),
    // Two first visits racing to create the default type: only one wins.
    uniqueIndex('sales_stage_types_org_default_idx').on(t.orgId).where(sql`is_default`),
  ],
);

/**
 * Stages of a type. Integer ids from a sequence starting above 10000, so they never collide with
 * the fixed choices won (1000) and lost (-9999) that deals also use.
 */
export const salesStages = pgTable(
  'sales_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    orgId: orgIdColumn(),
    stageTypeId: uuid('stage_type_id')
      .notNull()
      .references(() => salesStageTypes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort: integer('sort').notNull(),
    closingRate: smallint('closing_rate').notNull().default(0),
    alertNotice: integer('alert_notice'),
    category: text('category', { enum: ['inProgress', 'done', 'lost'] }).notNull().default('inProgress'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('sales_stages_org_type_idx').on(t.orgId, t.stageTypeId, t.sort),
    check('sales_stages_closing_rate_check', sql`${t.closingRate} between 0 and 100`),
    check('sales_stages_alert_notice_check', sql`${t.alertNotice} is null or ${t.alertNotice} > 0`),
    check('sales_stages_category_check', sql`${t.category} in ('inProgress', 'done', 'lost')`),
  ],
);
