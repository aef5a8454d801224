import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** Notes on any record (entity_type + entity_id); removed with the record when it is purged. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    content: text('content').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('notes_org_entity_idx').on(t.orgId, t.entityType, t.entityId, t.createdAt)],
);
