import type { NotificationKind } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../../db/columns.ts';
import { orgIdColumn } from '../tenant-columns.ts';
import { users } from '../users/users.table.ts';

/**
 * A member's in-app notifications (the bell). `subject` names what it is about (e.g. `line:<friend id>`): one unread
 * row per member and subject, refreshed by the next notice (a chatty customer is one line, not fifty).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_idx').on(t.orgId, t.userId, t.createdAt),
    uniqueIndex('notifications_unread_subject_uq').on(t.orgId, t.userId, t.subject).where(sql`read_at is null`),
    index('notifications_user_ref_idx').on(t.userId),
  ],
);
