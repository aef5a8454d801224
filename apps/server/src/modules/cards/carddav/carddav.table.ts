import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * App passwords of the read-only CardDAV address book: one member's, in one workspace. Only the SHA-256 of the
 * secret is kept (a random 160-bit secret needs no slow hash). tag_id has no foreign key on purpose: when the tag
 * is deleted the book becomes empty rather than silently widening to every contact.
 */
export const carddavAppPasswords = pgTable(
  'carddav_app_passwords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tagId: uuid('tag_id'),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('carddav_app_passwords_owner_idx').on(table.orgId, table.userId), uniqueIndex('carddav_app_passwords_secret_idx').on(table.secretHash)],
);

/**
 * What the address book held when a sync token was handed out (RFC 6578): card id → ETag. The next
 * sync-collection compares the book now with it, so a card that left for any reason (deleted, trashed, no longer
 * visible, out of the tag) is reported as removed. The newest few per app password are kept; an older token gets
 * DAV:valid-sync-token and the client starts over.
 */
export const carddavSyncStates = pgTable(
  'carddav_sync_states',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    appPasswordId: uuid('app_password_id')
      .notNull()
      .references(() => carddavAppPasswords.id, { onDelete: 'cascade' }),
    /** The book's version (its CTag): a hash over every card id and ETag. */
    ctag: text('ctag').notNull(),
    cards: jsonb('cards').$type<Record<string, string>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('carddav_sync_states_version_idx').on(table.orgId, table.appPasswordId, table.ctag)],
);
