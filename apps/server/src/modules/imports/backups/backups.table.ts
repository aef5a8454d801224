import { backupKinds, backupStates } from '@lodestar/contract';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../../db/columns.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';

/**
 * A backup, a person's copy of their data or a restore: a job row claimed with a lease (locked_until), so a restart or
 * a second app server continues it (backups.runner.ts). A backup writes one part file per table under
 * DATA_DIR/backups/<id>/ and marks it in backup_parts in the same step, so after a kill it continues with the next table.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: backupKinds }).notNull(),
    state: text('state', { enum: backupStates }).notNull().default('running'),
    contactId: uuid('contact_id'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    rowsDone: bigint('rows_done', { mode: 'number' }).notNull().default(0),
    /** Relative to DATA_DIR: the finished archive, or a restore's uploaded one. */
    filePath: text('file_path'),
    fileBytes: bigint('file_bytes', { mode: 'number' }),
    restoredOrgId: uuid('restored_org_id'),
    errorCode: text('error_code'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('backups_org_created_idx').on(t.orgId, t.createdAt), index('backups_running_idx').on(t.state, t.lockedUntil)],
);

/** A table (or the files) written to a backup's part directory: done once, skipped after a restart. */
export const backupParts = pgTable(
  'backup_parts',
  {
    backupId: uuid('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.part] })],
);
