import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyKind } from '@lodestar/contract';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../users/users.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * API keys and personal access tokens (docs/decisions/0019-api-keys.md). Only the SHA-256 of the secret is kept.
 * A workspace key has its workspace; a personal token has none (it follows its user). `user_id` is the key's
 * maker (a workspace key acts within that administrator's rights, narrowed to its scopes) or the token's user.
 * The token bucket of the rate limit lives on the row so every app server shares it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The visible start of the secret (`lsk_ab12cd34`), for the list. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    bucketTokens: doublePrecision('bucket_tokens').notNull(),
    bucketAt: timestamp('bucket_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_idx').on(t.tokenHash),
    index('api_keys_org_idx').on(t.orgId, t.createdAt),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
  ],
);
