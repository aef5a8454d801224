import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

const timestamps = {
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-case (the contract's emailSchema lower-cases input). */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  avatar: text('avatar'),
  language: text('language').notNull().default('zh-TW'),
  defaultOrgId: uuid('default_org_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
  plan: text('plan').notNull().default('free'),
  /** Apple's stable user id (`sub`) once the account signed in with Apple (modules/access/apple-sign-in). */
  appleSubject: text('apple_subject').unique(),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('password_reset_codes_link_token_hash_idx').on(t.linkTokenHash),
    index('password_reset_codes_user_id_idx').on(t.userId),
  ],
);

/** Failed-login counters keyed `account:<email>` or `ip:<address>`; in the database so they survive restarts. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAtColumn(),
});
