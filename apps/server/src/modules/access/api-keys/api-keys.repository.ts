import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApiKeyKind } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { users } from '../users/users.table.ts';
import { apiKeys } from './api-keys.table.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { creatorFirstName: string | null; creatorLastName: string | null };

export async function insertKey(
  db: Db,
  values: { kind: ApiKeyKind; orgId: string | null; userId: string; name: string; prefix: string; tokenHash: string; scopes: string[]; allowedIps: string[]; expiresAt: Date | null; bucketTokens: number },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

const listColumns = { key: apiKeys, firstName: users.firstName, lastName: users.lastName };
const listRow = (r: { key: ApiKeyRow; firstName: string | null; lastName: string | null }): ApiKeyListRow => ({ ...r.key, creatorFirstName: r.firstName, creatorLastName: r.lastName });

export async function findKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

/** A workspace's keys, newest first. */
export async function listOrgKeys(db: Db, orgId: string): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.kind, 'workspace')))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(listRow);
}

/** A user's personal access tokens, newest first. */
export async function listUserTokens(db: Db, userId: string): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.kind, 'personal')))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(listRow);
}

/** Revokes a workspace key (another workspace's is not found); a revoked key stays revoked at its first time. */
export async function revokeOrgKey(db: Db, orgId: string, id: string): Promise<ApiKeyRow | undefined> {
  return revoke(db, and(eq(apiKeys.id, id), eq(apiKeys.orgId, orgId), eq(apiKeys.kind, 'workspace'))!);
}

export async function revokeUserToken(db: Db, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  return revoke(db, and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), eq(apiKeys.kind, 'personal'))!);
}

async function revoke(db: Db, where: SQL): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, updatedAt: new Date() })
    .where(where)
    .returning();
  return row;
}

export interface UsedKey {
  id: string;
  kind: ApiKeyKind;
  org_id: string | null;
  user_id: string;
  scopes: string[];
  allowed_ips: string[];
  /** Tokens in the bucket before this call (after the refill). */
  available: number;
}

/**
 * One statement per call made with a key: finds a live key by its hash (not revoked, not expired — checked against
 * the database's clock on every call, so a revocation holds on every app server at once), refills its token bucket
 * for the time passed, takes one token if there is one, and records the last use. Row-locked, so concurrent calls on
 * several app servers share one bucket.
 */
export async function useKey(db: Db, tokenHash: string, ip: string, limit: { burst: number; perSecond: number }): Promise<UsedKey | undefined> {
  const rows = await queryRows<UsedKey>(
    db,
    sql`with k as (
          select id, least(${limit.burst}::float8, bucket_tokens + extract(epoch from (now() - bucket_at)) * ${limit.perSecond}::float8) as available
          from api_keys
          where token_hash = ${tokenHash} and revoked_at is null and (expires_at is null or expires_at > now())
          for update
        )
        update api_keys a
        set bucket_tokens = case when k.available >= 1 then k.available - 1 else k.available end,
            bucket_at = now(), last_used_at = now(), last_used_ip = ${ip}
        from k where a.id = k.id
        returning a.id, a.kind, a.org_id, a.user_id, a.scopes, a.allowed_ips, k.available`,
  );
  const row = rows[0];
  return row ? { ...row, available: Number(row.available) } : undefined;
}
