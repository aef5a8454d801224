import { z } from 'zod';
import { apiScopes, type ApiScope } from '../platform/api-scopes.ts';

export * from '../platform/api-scopes.ts';

/**
 * API keys and personal access tokens (docs/decisions/0019-api-keys.md). A workspace key (`lsk_…`) is made by a
 * system administrator and works in that workspace only; a personal access token (`lsp_…`) is a user's own and works
 * where that user is a member, never beyond the user's rights. Both carry scopes (platform/api-scopes.ts), an
 * optional expiry and an optional IP allow-list; the secret is answered once and stored as its SHA-256.
 */
export const apiKeyKinds = ['workspace', 'personal'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

export const apiKeyNameSchema = z.string().trim().min(1).max(100);
export const apiScopeSchema = z.enum(apiScopes as [ApiScope, ...ApiScope[]]);

/** An IPv4 or IPv6 address, or a CIDR range of either (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`). */
export const ipRangeSchema = z.string().trim().max(64).refine(
  (value) => {
    const [address, bits, ...rest] = value.split('/');
    if (rest.length > 0 || !address) return false;
    const v4 = z.ipv4().safeParse(address).success;
    const v6 = !v4 && z.ipv6().safeParse(address).success;
    if (!v4 && !v6) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (v4 ? 32 : 128);
  },
  { message: 'invalidValue' },
);

export const apiKeyCreateBodySchema = z.object({
  name: apiKeyNameSchema,
  scopes: z.array(apiScopeSchema).min(1).max(apiScopes.length),
  /** An instant in the future, or null for no expiry. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Empty: any address. */
  allowedIps: z.array(ipRangeSchema).max(50).optional(),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  kind: z.enum(apiKeyKinds),
  name: z.string(),
  /** What the list shows of the secret: `lsk_ab12cd34…`. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  allowedIps: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who made it (the administrator, or the token's user). */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create answer: the only time the secret is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** Where a key works (GET /api/api-keys/current): the MCP server and REST-hook tools find their workspace with it. */
export const keyWorkspaceSchema = z.object({ id: z.string(), name: z.string() });

export const currentKeySchema = z.object({
  id: z.string(),
  kind: z.enum(apiKeyKinds),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  expiresAt: z.string().nullable(),
  /** Whose rights it carries: the administrator who made a workspace key, or the token's user. */
  user: z.object({ id: z.string(), name: z.string() }),
  /** A workspace key's workspace; null for a personal access token (it works in each of `workspaces`). */
  workspace: keyWorkspaceSchema.nullable(),
  /** Every workspace the key can call (pass one as `?orgId=`): the workspace key's one, or the token user's active ones. */
  workspaces: z.array(keyWorkspaceSchema),
});
export type CurrentKey = z.infer<typeof currentKeySchema>;

/** Requests per key: a token bucket of this size, refilled at this rate (RateLimit-* headers, 429 with Retry-After). */
export const apiKeyRateLimit = { burst: 120, perSecond: 2 } as const;
