import {
  apiKeyRateLimit,
  featureMethods,
  features,
  scopeAllows,
  type ApiScope,
  type ApiScopeArea,
  type Feature,
  type Method,
  type PrivilegeFeatures,
} from '@lodestar/contract';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../privileges/access-core.ts';
import * as repository from './api-keys.repository.ts';
import { hashToken } from './api-keys.service.ts';

/**
 * What a call made with an API key or a personal access token is allowed (docs/decisions/0019-api-keys.md). The
 * guards (auth/auth.ts) use these so a key resolves to the same `Actor` as a person and every privilege check applies
 * unchanged: the key's maker's actor, narrowed to the key's scopes, never an administrator.
 */

export interface KeyCaller {
  id: string;
  kind: 'workspace' | 'personal';
  /** The workspace of a workspace key (any other is not found); null for a personal token. */
  orgId: string | null;
  userId: string;
  scopes: string[];
}

export type KeyCheck =
  | { ok: true; caller: KeyCaller; remaining: number }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'rateLimited'; retryAfterSeconds: number }
  | { ok: false; reason: 'ipNotAllowed' };

/** Looks the key up (live, not expired), spends a token of its bucket, and checks the caller's address. */
export async function checkKey(db: Db, token: string, ip: string): Promise<KeyCheck> {
  const used = await repository.useKey(db, hashToken(token), ip, apiKeyRateLimit);
  if (!used) return { ok: false, reason: 'unknown' };
  if (used.available < 1) return { ok: false, reason: 'rateLimited', retryAfterSeconds: Math.ceil((1 - used.available) / apiKeyRateLimit.perSecond) };
  if (!ipAllowed(used.allowed_ips, ip)) return { ok: false, reason: 'ipNotAllowed' };
  return {
    ok: true,
    caller: { id: used.id, kind: used.kind, orgId: used.org_id, userId: used.user_id, scopes: used.scopes },
    remaining: Math.floor(used.available - 1),
  };
}

/** The RateLimit-* headers (IETF draft "RateLimit header fields for HTTP"): the bucket's size, what is left, and when it is full again. */
export function rateLimitHeaders(remaining: number): Record<string, string> {
  const { burst, perSecond } = apiKeyRateLimit;
  const left = Math.max(0, remaining);
  return {
    'ratelimit-limit': String(burst),
    'ratelimit-remaining': String(left),
    'ratelimit-reset': String(Math.ceil((burst - left) / perSecond)),
    'ratelimit-policy': `${burst};w=${Math.round(burst / perSecond)}`,
  };
}

export function ipAllowed(ranges: readonly string[], ip: string): boolean {
  if (ranges.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!type) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [base, bits] = range.split('/');
    const family = isIPv4(base!) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(base!, family);
    else list.addSubnet(base!, Number(bits), family);
  }
  return list.check(address, type);
}

/**
 * The privilege features each area's scopes open. Notes hang on contacts, companies, deals and schedules: a note call checks
 * `view` (read) or `edit` (write) of its record, so the notes scopes open those — reachable only through the notes
 * endpoints, since the route guard admits a key to an endpoint of its scopes' areas only.
 */
const areaFeatures: Record<ApiScopeArea, Feature[]> = {
  contacts: ['contact', 'contactTag'],
  companies: ['company', 'companyTag'],
  deals: ['opportunity'],
  schedules: ['calendar'],
  notes: ['contact', 'company', 'opportunity', 'calendar'],
  reports: ['performanceReport', 'activityReport', 'productSalesRanking'],
};

function methodsOfScope(area: ApiScopeArea, level: 'read' | 'write', feature: Feature): Method[] {
  const read: Method[] = ['view'];
  if (level === 'read') return read.filter((m) => featureMethods(feature).includes(m));
  const write: Method[] = area === 'notes' ? ['view', 'edit'] : ['view', 'create', 'edit', 'delete', 'transfer'];
  return write.filter((m) => featureMethods(feature).includes(m));
}

/** The key's actor: its maker's actor in the workspace, each feature narrowed to what the scopes open; never an administrator. */
export function narrowActor(actor: Actor, scopes: readonly string[]): Actor {
  const granted = new Map<Feature, Set<Method>>();
  for (const scope of scopes) {
    const [area, level] = scope.split(':') as [ApiScopeArea, 'read' | 'write'];
    for (const feature of areaFeatures[area] ?? []) {
      const set = granted.get(feature) ?? new Set<Method>();
      for (const method of methodsOfScope(area, level, feature)) set.add(method);
      granted.set(feature, set);
    }
  }
  const narrowed = {} as PrivilegeFeatures;
  for (const feature of features) {
    const own = actor.features[feature];
    const allowed = granted.get(feature);
    narrowed[feature] = { methods: own.methods.filter((m) => allowed?.has(m) ?? false), scope: own.scope };
  }
  // The top administrator's `can` ignores features; a key never inherits that.
  return { ...actor, features: narrowed, isTopAdministrator: false, isSystemAdministrator: false, scopeCache: new Map() };
}

/** Whether a key with `scopes` may call an endpoint that needs one of `needed` (undefined: people only). */
export function keyMayCall(scopes: readonly string[], needed: readonly ApiScope[] | undefined): boolean {
  return needed !== undefined && needed.some((scope) => scopeAllows(scopes, scope));
}
