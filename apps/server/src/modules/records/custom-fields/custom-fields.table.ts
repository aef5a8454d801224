import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Dynamic field definitions per entity; values live in the records' dynamic_fields keyed by id. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    entity: text('entity', { enum: ['contact', 'company', 'deal'] }).notNull(),
    title: text('title').notNull(),
    inputType: text('input_type', { enum: ['text', 'textArea', 'options', 'date', 'notification'] }).notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('custom_fields_org_entity_idx').on(t.orgId, t.entity, t.sort),
    check('custom_fields_entity_check', sql`${t.entity} in ('contact', 'company', 'deal')`),
  ],
);
