import {
  featureMethods,
  fullPrivilegeFeatures,
  memberPrivilegeFeatures,
  methods as allMethods,
  type Feature,
  type FeaturePrivilege,
  type MemberPrivileges,
  type Method,
  type NodeType,
  type PrivilegeDetail,
  type PrivilegeNode,
  type PrivilegeSummary,
  type VisibilityScope,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertDepartmentExists } from '../departments/department-lookup.ts';
import * as departmentsService from '../departments/departments.service.ts';
import * as membersService from '../members/members.service.ts';
import * as organizationsService from '../organizations/organizations.service.ts';
import * as timelineService from '../timeline/timeline.service.ts';
import * as usersService from '../users/users.service.ts';
import { assertCan, assertSystemAdministrator, noPrivilegeFeatures, ownerPredicate, resolveFeatures, type Actor } from './access-core.ts';
import { assertPrivilegeExists, createPrivilege } from './privilege-catalog.ts';
import * as privilegesRepository from './privileges.repository.ts';
import type { OwnedTable, PrivilegeWithCount } from './privileges.repository.ts';

/*
 * Privilege management (docs/product.md#permissions): the settings pages' privileges, their assignment to
 * users and departments, and owner transfers. The checks themselves live in access-core.ts.
 */

export type { OwnedTable };

// ---- settings/privilege (system administrators) ----

function toSummary(row: PrivilegeWithCount): PrivilegeSummary {
  return { id: row.id, privilegeName: row.name, isAdministrator: row.isAdministrator, isDefault: row.isDefault, userCount: row.userCount };
}

function toDetail(row: PrivilegeWithCount): PrivilegeDetail {
  // The administrator privilege always reads as full, whatever its stored row says.
  return { ...toSummary(row), features: row.isAdministrator ? fullPrivilegeFeatures() : { ...noPrivilegeFeatures(), ...row.features } };
}

export async function listPrivileges(db: Db, actor: Actor): Promise<PrivilegeSummary[]> {
  assertSystemAdministrator(actor);
  return (await privilegesRepository.listPrivileges(db, actor.orgId)).map(toSummary);
}

export async function getPrivilege(db: Db, actor: Actor, privilegeId: string): Promise<PrivilegeDetail> {
  assertSystemAdministrator(actor);
  return toDetail(await assertPrivilegeExists(db, actor.orgId, privilegeId));
}

/** Copying the administrator privilege copies its full features into an ordinary, editable privilege. */
export async function createPrivilegeFrom(
  db: Db,
  actor: Actor,
  input: { privilegeName: string; copyFromId?: string | null },
): Promise<PrivilegeDetail> {
  assertSystemAdministrator(actor);
  const source = input.copyFromId ? toDetail(await assertPrivilegeExists(db, actor.orgId, input.copyFromId)) : undefined;
  const created = await createPrivilege(db, actor.orgId, {
    name: input.privilegeName,
    features: source?.features ?? memberPrivilegeFeatures(),
  });
  return getPrivilege(db, actor, created.id);
}

export async function renamePrivilege(db: Db, actor: Actor, input: { id: string; privilegeName: string }): Promise<PrivilegeDetail> {
  assertSystemAdministrator(actor);
  await assertPrivilegeExists(db, actor.orgId, input.id);
  await privilegesRepository.renamePrivilege(db, actor.orgId, input.id, input.privilegeName);
  return getPrivilege(db, actor, input.id);
}

/**
 * The built-in administrator and default privileges cannot be deleted (409 PRIVILEGE_BUILT_IN). While members
 * hold it or it is assigned to nodes: 409 PRIVILEGE_IN_USE unless reassignTo names another privilege, which
 * then takes its place, in one transaction.
 */
export async function deletePrivilege(db: Db, actor: Actor, input: { id: string; reassignTo?: string }): Promise<void> {
  assertSystemAdministrator(actor);
  const privilege = await assertPrivilegeExists(db, actor.orgId, input.id);
  if (privilege.isAdministrator || privilege.isDefault) throw new AppError('PRIVILEGE_BUILT_IN');
  if (input.reassignTo !== undefined) {
    if (input.reassignTo === input.id) throw fieldError('reassignTo', 'invalidValue');
    await assertPrivilegeExists(db, actor.orgId, input.reassignTo);
  }
  await db.transaction(async (tx) => {
    if (input.reassignTo) {
      await membersService.reassignPrivilege(tx, actor.orgId, input.id, input.reassignTo);
      await privilegesRepository.reassignAssignments(tx, actor.orgId, input.id, input.reassignTo);
    }
    else if ((await privilegesRepository.countPrivilegeUse(tx, actor.orgId, input.id)) > 0) throw new AppError('PRIVILEGE_IN_USE');
    await privilegesRepository.deletePrivilege(tx, actor.orgId, input.id);
  });
}

/** One feature's methods and scope; methods outside featureMethods(feature) → 400 naming `methods`. */
export async function editPrivilegeFeature(
  db: Db,
  actor: Actor,
  input: { id: string; feature: Feature; methods: Method[]; scope: VisibilityScope },
): Promise<PrivilegeDetail> {
  assertSystemAdministrator(actor);
  const privilege = await assertPrivilegeExists(db, actor.orgId, input.id);
  if (privilege.isAdministrator) throw new AppError('PRIVILEGE_BUILT_IN');
  const allowed = featureMethods(input.feature);
  if (input.methods.some((method) => !allowed.includes(method))) throw fieldError('methods', 'invalidValue');
  // Stored in the canonical order, without duplicates.
  const value: FeaturePrivilege = { methods: allMethods.filter((m) => input.methods.includes(m)), scope: input.scope };
  await privilegesRepository.setPrivilegeFeature(db, actor.orgId, input.id, input.feature, value);
  return getPrivilege(db, actor, input.id);
}

// ---- privilege/user ----

/** Every department and activated user as nodes, with the privilege assigned to each for `feature`. */
export async function listNodesByFeature(db: Db, actor: Actor, feature: Feature): Promise<PrivilegeNode[]> {
  assertSystemAdministrator(actor);
  const [departments, users, assignments] = await Promise.all([
    departmentsService.listDepartments(db, actor),
    membersService.listMembers(db, actor, 'activated'),
    privilegesRepository.listAssignments(db, actor.orgId, { feature }),
  ]);
  const assigned = new Map(assignments.map((a) => [`${a.nodeType}:${a.nodeId}`, a]));
  const node = (nodeType: NodeType, nodeId: string, name: string, parentId: string | null): PrivilegeNode => {
    const a = assigned.get(`${nodeType}:${nodeId}`);
    return { nodeType, nodeId, name, parentId, privilegeId: a?.privilegeId ?? null, privilegeName: a?.privilegeName ?? null };
  };
  return [
    ...departments.map((d) => node('department', d.id, d.name, d.parentId)),
    ...users.filter((u) => u.userId).map((u) => node('user', u.userId!, u.name, u.department?.id ?? null)),
  ];
}

/** POST privilege/user/setting: the nodes holding `privilegeId` for `feature` (users must be activated members). */
export async function assignPrivilegeNodes(
  db: Db,
  actor: Actor,
  input: { privilegeId: string; feature: Feature; nodes: Array<{ nodeType: NodeType; nodeId: string }> },
): Promise<void> {
  assertSystemAdministrator(actor);
  await assertPrivilegeExists(db, actor.orgId, input.privilegeId);
  const unique = [...new Map(input.nodes.map((n) => [`${n.nodeType}:${n.nodeId}`, n])).values()];
  const userIds = unique.filter((n) => n.nodeType === 'user').map((n) => n.nodeId);
  if ((await membersService.findActivatedUserIds(db, actor.orgId, userIds)).length !== userIds.length) {
    throw new AppError('MEMBER_NOT_FOUND');
  }
  for (const n of unique) if (n.nodeType === 'department') await assertDepartmentExists(db, actor.orgId, n.nodeId);
  await db.transaction((tx) => privilegesRepository.replaceAssignments(tx, actor.orgId, input.privilegeId, input.feature, unique));
}

/** GET privilege/user/list: who holds the privilege, and the nodes it is assigned to per feature. */
export async function listPrivilegeUsers(db: Db, actor: Actor, privilegeId: string) {
  assertSystemAdministrator(actor);
  await assertPrivilegeExists(db, actor.orgId, privilegeId);
  const [holders, assignments, nodes] = await Promise.all([
    privilegesRepository.listPrivilegeHolders(db, actor.orgId, privilegeId),
    privilegesRepository.listAssignments(db, actor.orgId, { privilegeId }),
    Promise.all([departmentsService.listDepartments(db, actor), membersService.listMembers(db, actor)]),
  ]);
  const names = new Map<string, string>([
    ...nodes[0].map((d) => [`department:${d.id}`, d.name] as const),
    ...nodes[1].filter((m) => m.userId).map((m) => [`user:${m.userId}`, m.name] as const),
  ]);
  return {
    holders: holders.map((h) => {
      const email = h.email ?? h.invitedEmail ?? '';
      const name = h.firstName !== null ? usersService.fullName({ firstName: h.firstName, lastName: h.lastName ?? '' }) : '';
      return { memberId: h.memberId, userId: h.userId, name: name || email, email };
    }),
    assignments: assignments.map((a) => ({
      feature: a.feature as Feature,
      nodeType: a.nodeType,
      nodeId: a.nodeId,
      name: names.get(`${a.nodeType}:${a.nodeId}`) ?? '',
    })),
  };
}

/** GET privilege/user/get: one member's effective privileges and where each feature comes from. */
export async function getMemberPrivileges(db: Db, actor: Actor, memberId: string): Promise<MemberPrivileges> {
  assertSystemAdministrator(actor);
  const member = await membersService.findMemberOrFail(db, actor.orgId, memberId);
  const org = await organizationsService.findOrganization(db, actor.orgId);
  const isTopAdministrator = member.userId !== null && member.userId === org?.topAdminUserId;
  const resolved = await resolveFeatures(db, actor.orgId, member, isTopAdministrator);
  return {
    memberId: member.id,
    isTopAdministrator,
    isSystemAdministrator: isTopAdministrator || member.isSystemAdministrator,
    ...resolved,
  };
}

// ---- owner transfer (contacts, companies, deals...) ----

export interface TransferInput {
  feature: Feature;
  /** The timeline's entity type, e.g. 'contact'. */
  entityType: string;
  owned: OwnedTable;
  /** An activated member of the workspace (404 MEMBER_NOT_FOUND otherwise). */
  toUserId: string;
}

/**
 * Gives records to another owner: needs the feature's transfer method and every record visible to the actor
 * (ownerPredicate); any id missing, invisible or of another workspace → 404 with nothing changed. Each moved
 * record gets a 'transfer' timeline event { owner: [from, to] } in the same transaction.
 */
export async function transferOwners(db: Db, actor: Actor, input: TransferInput & { entityIds: string[] }): Promise<void> {
  assertCan(actor, input.feature, 'transfer');
  const ids = [...new Set(input.entityIds)];
  if (ids.length === 0) return;
  const [toUserId] = await membersService.findActivatedUserIds(db, actor.orgId, [input.toUserId]);
  if (!toUserId) throw new AppError('MEMBER_NOT_FOUND');
  const visible = await ownerPredicate(db, actor, input.feature, input.owned.owner);
  await db.transaction(async (tx) => {
    const rows = await privilegesRepository.lockOwnedRecords(tx, actor.orgId, input.owned, ids, visible);
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    const moving = rows.filter((row) => row.ownerUserId !== toUserId);
    if (moving.length === 0) return;
    await privilegesRepository.setOwner(tx, actor.orgId, input.owned, moving.map((row) => row.id), toUserId);
    // One event per previous owner, so each record's timeline says whose it was.
    for (const fromUserId of new Set(moving.map((row) => row.ownerUserId))) {
      const ids = moving.filter((row) => row.ownerUserId === fromUserId).map((row) => row.id);
      await timelineService.record(tx, actor.orgId, actor.userId, input.entityType, ids, 'transfer', { owner: [fromUserId, toUserId] });
    }
  });
}

export async function transferOwner(db: Db, actor: Actor, input: TransferInput & { entityId: string }): Promise<void> {
  await transferOwners(db, actor, { ...input, entityIds: [input.entityId] });
}
