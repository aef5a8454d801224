import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { updatedAtColumn } from '../../../db/columns.ts';

/**
 * The normalised keys of every live contact and company (match-keys.ts in the contract), computed in the application
 * (libphonenumber has no SQL twin): two records sharing a key are a possible duplicate. Kept by the duplicates job
 * (docs/decisions/0022-duplicates-and-merge.md); no foreign key to the record, whose kind is a column.
 */
export const recordMatchKeys = pgTable(
  'record_match_keys',
  {
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['contact', 'company'] }).notNull(),
    recordId: uuid('record_id').notNull(),
    keyType: text('key_type', { enum: ['phone', 'email', 'name', 'taxId', 'companyName'] }).notNull(),
    key: text('key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.kind, t.keyType, t.key, t.recordId] }),
    // Led by the record: a count by key must not take this index for its (org, kind) prefix.
    index('record_match_keys_record_idx').on(t.recordId),
  ],
);

/** A possible duplicate: two records (record_a < record_b) of one kind, scored, with the key types they share. */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['contact', 'company'] }).notNull(),
    recordA: uuid('record_a').notNull(),
    recordB: uuid('record_b').notNull(),
    score: integer('score').notNull(),
    reasons: text('reasons').array().notNull(),
    /** "Not a duplicate": kept (so a recomputation does not bring the pair back), hidden from the list. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedByUserId: uuid('dismissed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.kind, t.recordA, t.recordB] }),
    index('duplicate_pairs_rank_idx').on(t.orgId, t.kind, t.score.desc(), t.recordA, t.recordB).where(sql`dismissed_at is null`),
    index('duplicate_pairs_record_a_idx').on(t.recordA),
    index('duplicate_pairs_record_b_idx').on(t.recordB),
  ],
);
