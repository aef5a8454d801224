import type { AdvanceFilter } from '@lodestar/contract';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * Saved contact filters, shared by the workspace: the contact list's filter (advanceFilter) under a name. The contact
 * list reopens it; a LINE segment message takes it as its audience (evaluated when counted and when sent).
 */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<AdvanceFilter>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('saved_filters_org_idx').on(t.orgId, t.name)],
);
