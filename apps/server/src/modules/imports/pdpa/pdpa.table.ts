import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * A person's request under Taiwan's PDPA (contract imports/pdpa.ts). No foreign key to the contact: after an erase the
 * request stays as the record that it was done, with contact_id null and nothing personal in it (the note is cleared).
 */
export const pdpaRequests = pgTable(
  'pdpa_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    contactId: uuid('contact_id'),
    type: text('type', { enum: ['access', 'correct', 'restrict', 'erase'] }).notNull(),
    state: text('state', { enum: ['open', 'erasing', 'done', 'refused'] }).notNull().default('open'),
    receivedOn: date('received_on').notNull(),
    dueOn: date('due_on').notNull(),
    extended: boolean('extended').notNull().default(false),
    note: text('note'),
    resolution: text('resolution'),
    backupId: uuid('backup_id'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    doneByUserId: uuid('done_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The erase job's lease (a crashed run is taken over after it). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('pdpa_requests_org_due_idx').on(t.orgId, t.dueOn).where(sql`state in ('open', 'erasing')`),
    index('pdpa_requests_org_contact_idx').on(t.orgId, t.contactId),
    index('pdpa_requests_erasing_idx').on(t.state).where(sql`state = 'erasing'`),
  ],
);
