import type { Department, DepartmentCreateBody, DepartmentEditBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import * as membersService from '../members/members.service.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import { removeNodeAssignments } from '../privileges/privilege-catalog.ts';
import * as usersService from '../users/users.service.ts';
import { assertDepartmentExists } from './department-lookup.ts';
import * as departmentsRepository from './departments.repository.ts';

export type { DepartmentRow } from './departments.repository.ts';

/** A supervisor must be an activated member of the workspace. */
async function assertSupervisor(db: Db, orgId: string, supervisorUserId: string | null | undefined): Promise<void> {
  if (!supervisorUserId) return;
  const [found] = await membersService.findActivatedUserIds(db, orgId, [supervisorUserId]);
  if (!found) throw fieldError('supervisorUserId', 'invalidValue');
}

/** Flat, ordered by name; the web builds the tree from parentId. Any member may read it (pickers, filters). */
export async function listDepartments(db: Db, actor: Actor): Promise<Department[]> {
  const rows = await departmentsRepository.listDepartments(db, actor.orgId);
  return rows.map((row) => ({
    id: row.department.id,
    name: row.department.name,
    parentId: row.department.parentId,
    supervisorUserId: row.department.supervisorUserId,
    supervisorName:
      row.supervisorFirstName !== null ? usersService.fullName({ firstName: row.supervisorFirstName, lastName: row.supervisorLastName ?? '' }) : null,
    memberCount: row.memberCount,
  }));
}

async function findDepartmentView(db: Db, actor: Actor, departmentId: string): Promise<Department> {
  const found = (await listDepartments(db, actor)).find((department) => department.id === departmentId);
  if (!found) throw new AppError('DEPARTMENT_NOT_FOUND');
  return found;
}

/** Plain creation for other services and tests; settings calls go through createDepartmentFor. */
export async function createDepartment(
  db: Db,
  orgId: string,
  input: { name: string; parentId?: string | null; supervisorUserId?: string | null },
): Promise<departmentsRepository.DepartmentRow> {
  return departmentsRepository.insertDepartment(db, orgId, input);
}

export async function createDepartmentFor(db: Db, actor: Actor, input: DepartmentCreateBody): Promise<Department> {
  assertSystemAdministrator(actor);
  if (input.parentId) await assertDepartmentExists(db, actor.orgId, input.parentId);
  await assertSupervisor(db, actor.orgId, input.supervisorUserId);
  const created = await createDepartment(db, actor.orgId, {
    name: input.name,
    parentId: input.parentId ?? null,
    supervisorUserId: input.supervisorUserId ?? null,
  });
  return findDepartmentView(db, actor, created.id);
}

/** Moving a department under itself or one of its descendants is refused (409 DEPARTMENT_CYCLE). */
export async function editDepartment(db: Db, actor: Actor, input: DepartmentEditBody): Promise<Department> {
  assertSystemAdministrator(actor);
  await assertDepartmentExists(db, actor.orgId, input.id);
  await assertSupervisor(db, actor.orgId, input.supervisorUserId);
  await db.transaction(async (tx) => {
    if (input.parentId) {
      await departmentsRepository.lockDepartments(tx, actor.orgId);
      await assertDepartmentExists(tx, actor.orgId, input.parentId);
      const subtree = await departmentsRepository.findSubtreeIds(tx, actor.orgId, input.id);
      if (subtree.includes(input.parentId)) throw new AppError('DEPARTMENT_CYCLE');
    }
    const patch: Parameters<typeof departmentsRepository.updateDepartment>[3] = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.parentId !== undefined) patch.parentId = input.parentId;
    if (input.supervisorUserId !== undefined) patch.supervisorUserId = input.supervisorUserId;
    await departmentsRepository.updateDepartment(tx, actor.orgId, input.id, patch);
  });
  return findDepartmentView(db, actor, input.id);
}

/**
 * Refused while the department has sub-departments or members (409 DEPARTMENT_NOT_EMPTY): silently moving
 * people would change who sees whose records. Its per-feature privilege assignments go with it.
 */
export async function deleteDepartment(db: Db, actor: Actor, departmentId: string): Promise<void> {
  assertSystemAdministrator(actor);
  await assertDepartmentExists(db, actor.orgId, departmentId);
  await db.transaction(async (tx) => {
    await departmentsRepository.lockDepartments(tx, actor.orgId);
    const { children, members } = await departmentsRepository.countChildrenAndMembers(tx, actor.orgId, departmentId);
    if (children > 0 || members > 0) throw new AppError('DEPARTMENT_NOT_EMPTY');
    await removeNodeAssignments(tx, actor.orgId, 'department', departmentId);
    await departmentsRepository.deleteDepartment(tx, actor.orgId, departmentId);
  });
}

/** Moves members into a department (or none); all of them must be in the workspace, else nothing changes (404). */
export async function assignMembers(db: Db, actor: Actor, input: { departmentId: string | null; memberIds: string[] }): Promise<void> {
  assertSystemAdministrator(actor);
  if (input.departmentId) await assertDepartmentExists(db, actor.orgId, input.departmentId);
  const memberIds = [...new Set(input.memberIds)];
  await db.transaction(async (tx) => {
    const moved = await membersService.assignDepartment(tx, actor.orgId, memberIds, input.departmentId);
    if (moved !== memberIds.length) throw new AppError('MEMBER_NOT_FOUND');
  });
}
