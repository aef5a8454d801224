import type { ColumnSetting } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { updatedAtColumn } from '../../../db/columns.ts';

/** The contact and company lists' built-in columns per workspace; absent → every column shown. */
export const columnSettings = pgTable(
  'column_settings',
  {
    orgId: orgIdColumn(),
    entity: text('entity', { enum: ['contact', 'company'] }).notNull(),
    columns: jsonb('columns').$type<ColumnSetting['columns']>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.entity] }), check('column_settings_entity_check', sql`${t.entity} in ('contact', 'company')`)],
);
