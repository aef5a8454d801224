import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../access/organizations/organizations.table.ts';

/** Dynamic field definitions per entity; values live in the records' dynamic_fields keyed by id. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: ['contact', 'company', 'deal'] }).notNull(),
    title: text('title').notNull(),
    inputType: text('input_type', { enum: ['text', 'textArea', 'options', 'date', 'notification'] }).notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_fields_org_entity_idx').on(t.orgId, t.entity, t.sort),
    check('custom_fields_entity_check', sql`${t.entity} in ('contact', 'company', 'deal')`),
  ],
);
