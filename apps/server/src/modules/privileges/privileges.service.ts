import {
  features,
  fullPrivilegeFeatures,
  memberPrivilegeFeatures,
  type Feature,
  type Method,
  type MyPrivileges,
  type PrivilegeFeatures,
} from '@lodestar/contract';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as organizationsService from '../organizations/organizations.service.ts';
import * as privilegesRepository from './privileges.repository.ts';

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

function noPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(features.map((f) => [f, { methods: [], scope: 'mine' }])) as unknown as PrivilegeFeatures;
}

/** 404 ORG_NOT_FOUND (missing or deleted), 403 ORG_NOT_MEMBER (not activated), 423 ORG_FROZEN. */
export async function loadActor(db: Db, userId: string, orgId: string): Promise<Actor> {
  const org = await organizationsService.findOrganization(db, orgId);
  if (!org) throw new AppError('ORG_NOT_FOUND');
  const member = await organizationsService.findMembership(db, orgId, userId);
  if (!member || member.status !== 'activated') throw new AppError('ORG_NOT_MEMBER');
  if (org.frozenAt) throw new AppError('ORG_FROZEN');

  const isTopAdministrator = org.topAdminUserId === userId;
  const privilege = member.privilegeId ? await privilegesRepository.findPrivilege(db, orgId, member.privilegeId) : undefined;
  // The top administrator cannot be locked out, whatever their privilege row says.
  const effective =
    isTopAdministrator || privilege?.isAdministrator ? fullPrivilegeFeatures() : (privilege?.features ?? noPrivilegeFeatures());
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

/** Every new organization gets the built-in administrator privilege and a default member one. */
export async function createBuiltInPrivileges(db: Db, orgId: string): Promise<{ administratorId: string; memberId: string }> {
  const administrator = await privilegesRepository.insertPrivilege(db, orgId, {
    name: 'administrator',
    isAdministrator: true,
    features: fullPrivilegeFeatures(),
  });
  const member = await privilegesRepository.insertPrivilege(db, orgId, {
    name: 'member',
    isAdministrator: false,
    features: memberPrivilegeFeatures(),
  });
  return { administratorId: administrator.id, memberId: member.id };
}

export async function createPrivilege(
  db: Db,
  orgId: string,
  input: { name: string; features: PrivilegeFeatures },
): Promise<privilegesRepository.PrivilegeRow> {
  return privilegesRepository.insertPrivilege(db, orgId, { ...input, isAdministrator: false });
}

/** Departments are modelled now; their settings screens come later. */
export async function createDepartment(
  db: Db,
  orgId: string,
  input: { name: string; parentId?: string | null; supervisorUserId?: string | null },
): Promise<privilegesRepository.DepartmentRow> {
  return privilegesRepository.insertDepartment(db, orgId, input);
}
