import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * One merge (docs/decisions/0022-duplicates-and-merge.md): the survivor and every merged-away record as they were
 * before it (whole rows), and the rows each mover pointed at the survivor — what the undo writes back.
 */
export const recordMerges = pgTable(
  'record_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['contact', 'company'] }).notNull(),
    survivorId: uuid('survivor_id').notNull(),
    mergedIds: uuid('merged_ids').array().notNull(),
    /** The survivor first, then the merged-away records, each before the merge. */
    originals: jsonb('originals').$type<(Record<string, unknown> & { id: string })[]>().notNull(),
    /** Mover name → the rows it moved and where from. */
    moves: jsonb('moves').$type<Record<string, { id: string; from: string }[]>>().notNull(),
    mergedByUserId: uuid('merged_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('record_merges_org_kind_idx').on(t.orgId, t.kind, t.createdAt)],
);
