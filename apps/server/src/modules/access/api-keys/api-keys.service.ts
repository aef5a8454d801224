import { apiKeyRateLimit, apiScopes, type ApiKey, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyKind, type ApiScope, type CurrentKey } from '@lodestar/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as organizationsService from '../organizations/organizations.service.ts';
import * as usersService from '../users/users.service.ts';
import type { UserRow } from '../users/users.service.ts';
import * as repository from './api-keys.repository.ts';

/**
 * Settings → API keys (system administrators, one workspace) and the account's personal access tokens (the user's
 * own). docs/decisions/0019-api-keys.md. The secret is `lsk_`/`lsp_` + an 8-character visible id + 32 random bytes;
 * only its SHA-256 is stored, so it is answered once.
 */

const prefixes: Record<ApiKeyKind, string> = { workspace: 'lsk_', personal: 'lsp_' };

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(prefixes.workspace) || token.startsWith(prefixes.personal);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newSecret(kind: ApiKeyKind): { secret: string; prefix: string } {
  const visible = randomBytes(6).toString('base64url').slice(0, 8);
  const prefix = `${prefixes[kind]}${visible}`;
  return { secret: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiKey(row: repository.ApiKeyRow, creator: { firstName: string | null; lastName: string | null } | null): ApiKey {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((s): s is ApiScope => (apiScopes as readonly string[]).includes(s)),
    allowedIps: row.allowedIps,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: iso(row.revokedAt),
    createdAt: iso(row.createdAt)!,
    createdBy: creator?.firstName != null ? { id: row.userId, name: `${creator.firstName} ${creator.lastName ?? ''}`.trim() } : null,
  };
}

const listed = (row: repository.ApiKeyListRow) => toApiKey(row, { firstName: row.creatorFirstName, lastName: row.creatorLastName });

async function create(db: Db, kind: ApiKeyKind, orgId: string | null, user: { id: string; firstName: string; lastName: string }, input: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError('API_KEY_EXPIRY_PAST', { field: 'expiresAt' });
  const { secret, prefix } = newSecret(kind);
  const row = await repository.insertKey(db, {
    kind,
    orgId,
    userId: user.id,
    name: input.name.trim(),
    prefix,
    tokenHash: hashToken(secret),
    scopes: [...new Set(input.scopes)],
    allowedIps: [...new Set((input.allowedIps ?? []).map((ip) => ip.trim()))],
    expiresAt,
    bucketTokens: apiKeyRateLimit.burst,
  });
  return { ...toApiKey(row, user), secret };
}

export async function listWorkspaceKeys(db: Db, actor: Actor): Promise<ApiKey[]> {
  assertSystemAdministrator(actor);
  return (await repository.listOrgKeys(db, actor.orgId)).map(listed);
}

export async function createWorkspaceKey(db: Db, actor: Actor, user: { id: string; firstName: string; lastName: string }, input: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  assertSystemAdministrator(actor);
  return create(db, 'workspace', actor.orgId, user, input);
}

export async function revokeWorkspaceKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  assertSystemAdministrator(actor);
  const row = await repository.revokeOrgKey(db, actor.orgId, id);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return toApiKey(row, null);
}

export async function listPersonalTokens(db: Db, userId: string): Promise<ApiKey[]> {
  return (await repository.listUserTokens(db, userId)).map(listed);
}

export async function createPersonalToken(db: Db, user: { id: string; firstName: string; lastName: string }, input: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  return create(db, 'personal', null, user, input);
}

export async function revokePersonalToken(db: Db, userId: string, id: string): Promise<ApiKey> {
  const row = await repository.revokeUserToken(db, userId, id);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return toApiKey(row, null);
}

/**
 * The key making the call (GET /api/api-keys/current): its scopes, whose rights it carries, and the workspaces it can
 * call — a workspace key's own (while its maker is a member there), or every active workspace of the token's user.
 */
export async function describeCallingKey(db: Db, keyId: string | undefined, user: UserRow): Promise<CurrentKey> {
  if (!keyId) throw new AppError('API_KEY_REQUIRED');
  const row = await repository.findKey(db, keyId);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const memberships = await organizationsService.listOrganizations(db, user, { ignoreFrozen: true });
  const workspaces = memberships.filter((o) => !row.orgId || o.orgId === row.orgId).map((o) => ({ id: o.orgId, name: o.orgName }));
  const key = toApiKey(row, null);
  return {
    id: key.id,
    kind: key.kind,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    expiresAt: key.expiresAt,
    user: { id: user.id, name: usersService.fullName(user) },
    workspace: row.orgId ? (workspaces[0] ?? null) : null,
    workspaces,
  };
}
