import type { ColumnSetting } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../access/organizations/organizations.table.ts';

/** The contact and company lists' built-in columns per workspace; absent → every column shown. */
export const columnSettings = pgTable(
  'column_settings',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: ['contact', 'company'] }).notNull(),
    columns: jsonb('columns').$type<ColumnSetting['columns']>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.entity] }), check('column_settings_entity_check', sql`${t.entity} in ('contact', 'company')`)],
);
