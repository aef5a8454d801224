import { importKinds, importStates } from '@lodestar/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';

/**
 * One import: its stored file (under DATA_DIR/imports), the mapping chosen on the check step, its state and
 * running totals. The job (imports.jobs.ts) claims a running import with a lease (locked_until), so a restart
 * or a second app server continues it.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: importKinds }).notNull(),
    state: text('state', { enum: importStates }).notNull().default('ready'),
    fileName: text('file_name').notNull(),
    /** Relative to DATA_DIR; the file is removed 7 days after upload. */
    filePath: text('file_path'),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    encoding: text('encoding').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<string[]>().notNull(),
    duplicates: text('duplicates', { enum: ['skip', 'update', 'create'] }).notNull().default('skip'),
    /** The "run workflows" switch; null: not chosen, the default by size (importRunsWorkflowsByDefault). */
    runWorkflows: boolean('run_workflows'),
    /**
     * Rows per chunk when this import was made: its chunk markers count in these, so an import started before the
     * chunk size changed (500 → 2 000) continues with its own size after an upgrade, never skipping or repeating rows.
     */
    chunkRows: integer('chunk_rows').notNull().default(500),
    totalRows: integer('total_rows').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    errorCode: text('error_code'),
    /** The undo job's progress (undo.runner.ts): links to undo when it started, and how many are undone. */
    undoTotal: integer('undo_total').notNull().default(0),
    undoDone: integer('undo_done').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The database session holding the lease ("pid@backend_start"): when it is gone (a kill -9), the lease is void at once. */
    lockedBy: text('locked_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('imports_org_created_idx').on(t.orgId, t.createdAt), index('imports_state_idx').on(t.state, t.lockedUntil)],
);

/** The chunks an import has written: inserted in the chunk's own transaction, so each chunk runs exactly once. */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: uuid('import_id').notNull().references(() => imports.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunk] })],
);

/** What an import record line says: a record created or updated, or a company or tag the import created by name. */
export const importRecordActions = ['created', 'updated', 'companyCreated', 'tagCreated'] as const;
export type ImportRecordAction = (typeof importRecordActions)[number];

/**
 * Every record an import created or updated, with the previous values of what it updated: what undo reverses. `seq`
 * is the order they were written in: undo walks it backwards (a record updated twice ends with its first previous
 * values) and deletes each line with the chunk that undid it, so a resumed undo continues where it stopped.
 */
export const importRecords = pgTable(
  'import_records',
  {
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
    importId: uuid('import_id').notNull().references(() => imports.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    action: text('action', { enum: importRecordActions }).notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
  },
  (t) => [index('import_records_import_seq_idx').on(t.importId, t.seq)],
);

/** The rows that failed (row number, column, reason code and the row's cells), for the done page and its file. */
export const importFailures = pgTable(
  'import_failures',
  {
    importId: uuid('import_id').notNull().references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/** The columns a member chose at their last export of a kind (the export dialog opens with them). */
export const exportChoices = pgTable(
  'export_choices',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: importKinds }).notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.kind] })],
);
