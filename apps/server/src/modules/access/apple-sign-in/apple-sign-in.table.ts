import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * One Sign in with Apple attempt: created by start (state and nonce), completed once by Apple's callback
 * (user and ticket set), consumed once by the session call (deleted). Hashes only: a leaked row grants nothing.
 */
export const appleSignIns = pgTable(
  'apple_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    /** The nonce sent to Apple; the ID token must carry it (the row is completed once, so the nonce is used once). */
    nonce: text('nonce').notNull(),
    redirect: text('redirect'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('apple_sign_ins_state_hash_idx').on(t.stateHash),
    uniqueIndex('apple_sign_ins_ticket_hash_idx').on(t.ticketHash),
    index('apple_sign_ins_expires_at_idx').on(t.expiresAt),
  ],
);
