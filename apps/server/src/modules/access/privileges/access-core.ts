import {
  features,
  fullPrivilegeFeatures,
  methods as allMethods,
  type Feature,
  type MemberPrivileges,
  type Method,
  type MyPrivileges,
  type PrivilegeFeatures,
} from '@lodestar/contract';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as privilegesRepository from './privileges.repository.ts';

/*
 * The access core: who the actor is and what they may do (docs/product.md#permissions). Every context
 * checks privileges through this file; it depends on nothing but the privileges repository, so it sits
 * below members, departments and workspaces, and below privilege management (privileges.service.ts).
 */

/** Who acts, where, with what: built once per request by requireMember. */
export interface Actor {
  userId: string;
  orgId: string;
  member: {
    id: string;
    isSystemAdministrator: boolean;
    privilegeId: string | null;
    departmentId: string | null;
  };
  features: PrivilegeFeatures;
  isTopAdministrator: boolean;
  isSystemAdministrator: boolean;
  /** Owner sets of the department scopes, computed at most once per request. */
  scopeCache: Map<'sameDepartment' | 'subordinates', Promise<string[]>>;
}

export function noPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(features.map((f) => [f, { methods: [], scope: 'mine' }])) as unknown as PrivilegeFeatures;
}

export type FeatureSources = MemberPrivileges['sources'];

/**
 * A member's privilege per feature, first found: the assignment to their user node, to their department,
 * then their member privilege. The top administrator and holders of the administrator privilege get
 * everything (they cannot be locked out). One query.
 */
export async function resolveFeatures(
  db: Db,
  orgId: string,
  member: { userId: string | null; departmentId: string | null; privilegeId: string | null },
  isTopAdministrator: boolean,
): Promise<{ features: PrivilegeFeatures; sources: FeatureSources }> {
  const rows = isTopAdministrator ? [] : await privilegesRepository.findEffectivePrivilegeRows(db, orgId, member);
  return featuresFromRows(rows, isTopAdministrator);
}

/** The precedence of resolveFeatures over rows already read (privilegesRepository.EffectivePrivilegeRow). */
function featuresFromRows(rows: privilegesRepository.EffectivePrivilegeRow[], isTopAdministrator: boolean): { features: PrivilegeFeatures; sources: FeatureSources } {
  const sourcesOf = (via: FeatureSources[Feature]['via'], privilegeId: string | null) =>
    Object.fromEntries(features.map((f) => [f, { via, privilegeId }])) as FeatureSources;
  if (isTopAdministrator) return { features: fullPrivilegeFeatures(), sources: sourcesOf('topAdministrator', null) };
  const own = rows.find((row) => row.via === 'member');
  if (own?.is_administrator) return { features: fullPrivilegeFeatures(), sources: sourcesOf('member', own.privilege_id) };

  const full = fullPrivilegeFeatures();
  const none = noPrivilegeFeatures();
  const effective = {} as PrivilegeFeatures;
  const sources = {} as FeatureSources;
  for (const feature of features) {
    const row =
      rows.find((r) => r.via === 'user' && r.feature === feature) ??
      rows.find((r) => r.via === 'department' && r.feature === feature) ??
      own;
    effective[feature] = !row ? none[feature] : row.is_administrator ? full[feature] : (row.features[feature] ?? none[feature]);
    sources[feature] = row ? { via: row.via, privilegeId: row.privilege_id } : { via: 'none', privilegeId: null };
  }
  return { features: effective, sources };
}

/** 404 ORG_NOT_FOUND (missing or deleted), 403 ORG_NOT_MEMBER (not activated), 423 ORG_FROZEN. */
export async function loadActor(db: Db, userId: string, orgId: string): Promise<Actor> {
  // One query for the workspace, the membership and the privileges: this runs on every org-scoped request.
  const context = await privilegesRepository.findActorContext(db, orgId, userId);
  if (!context) throw new AppError('ORG_NOT_FOUND');
  const { member } = context;
  if (!member || member.status !== 'activated') throw new AppError('ORG_NOT_MEMBER');
  if (context.frozen) throw new AppError('ORG_FROZEN');

  const isTopAdministrator = context.topAdminUserId === userId;
  const { features: effective } = featuresFromRows(context.rows, isTopAdministrator);
  return {
    userId,
    orgId,
    member: {
      id: member.id,
      isSystemAdministrator: member.isSystemAdministrator,
      privilegeId: member.privilegeId,
      departmentId: member.departmentId,
    },
    features: effective,
    isTopAdministrator,
    isSystemAdministrator: isTopAdministrator || member.isSystemAdministrator,
    scopeCache: new Map(),
  };
}

export function can(actor: Actor, feature: Feature, method: Method): boolean {
  if (actor.isTopAdministrator) return true;
  return actor.features[feature]?.methods.includes(method) ?? false;
}

const actorKeys = new WeakMap<Actor, string>();

/**
 * What an answer may depend on about its caller (platform/read-cache.ts keys): the user, their department and
 * privileges. Department trees and memberships are tracked by the cache's change rows.
 */
export function actorCacheKey(actor: Actor): string {
  let key = actorKeys.get(actor);
  if (key === undefined) {
    key = JSON.stringify([actor.userId, actor.member.departmentId, actor.member.privilegeId, actor.isTopAdministrator, actor.isSystemAdministrator, actor.features]);
    actorKeys.set(actor, key);
  }
  return key;
}

export function assertCan(actor: Actor, feature: Feature, method: Method): void {
  if (!can(actor, feature, method)) throw new AppError('FORBIDDEN');
}

export function assertSystemAdministrator(actor: Actor): void {
  if (!actor.isSystemAdministrator) throw new AppError('FORBIDDEN');
}

function cachedScope(actor: Actor, scope: 'sameDepartment' | 'subordinates', load: () => Promise<string[]>): Promise<string[]> {
  let ids = actor.scopeCache.get(scope);
  if (!ids) {
    ids = load();
    actor.scopeCache.set(scope, ids);
  }
  return ids;
}

/**
 * The records of `feature` the actor may see, as a predicate on the owner column:
 * all → true; mine → owner = me; sameDepartment → owner among my department's members;
 * subordinates → me or the members of departments under those I supervise.
 * The department sets are computed once per request and bound as parameters, not per row.
 */
export async function ownerPredicate(db: Db, actor: Actor, feature: Feature, ownerColumn: AnyPgColumn): Promise<SQL> {
  if (!can(actor, feature, 'view')) return sql`false`;
  const scope = actor.isTopAdministrator ? 'all' : actor.features[feature].scope;
  if (scope === 'all') return sql`true`;
  if (scope === 'mine') return eq(ownerColumn, actor.userId);
  const ids =
    scope === 'sameDepartment'
      ? await cachedScope(actor, scope, async () =>
          actor.member.departmentId
            ? privilegesRepository.findDepartmentUserIds(db, actor.orgId, actor.member.departmentId)
            : [],
        )
      : await cachedScope(actor, scope, () => privilegesRepository.findSubordinateUserIds(db, actor.orgId, actor.userId));
  return inArray(ownerColumn, [...new Set([actor.userId, ...ids])]);
}

export function myPrivileges(actor: Actor): MyPrivileges {
  return {
    isSystemAdministrator: actor.isSystemAdministrator,
    isTopAdministrator: actor.isTopAdministrator,
    features: actor.features,
  };
}

/** GET privilege/user/feature: the caller's methods for one feature. */
export function featureMethodsOf(actor: Actor, feature: Feature): Method[] {
  return allMethods.filter((method) => can(actor, feature, method));
}
