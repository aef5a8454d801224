import { builtInRoles, type Role } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import { fullName } from '../users/users.service.ts';
import { builtInRoleOf } from './role-lookup.ts';
import * as rolesRepository from './roles.repository.ts';

type Holder = Role['holders'][number];

async function holdersByRole(db: Db, orgId: string): Promise<Map<string, Holder[]>> {
  const rows = await rolesRepository.listHolders(db, orgId);
  const byRole = new Map<string, Holder[]>();
  for (const row of rows) {
    const email = row.email ?? row.invitedEmail ?? '';
    const isAdministrator = row.isSystemAdministrator || (row.userId !== null && row.userId === row.topAdminUserId);
    const key = row.roleId ?? builtInRoleOf(isAdministrator);
    const name = row.firstName !== null ? fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }) : '';
    byRole.set(key, [...(byRole.get(key) ?? []), { memberId: row.memberId, userId: row.userId, name: name || email, email }]);
  }
  return byRole;
}

export async function listRoles(db: Db, actor: Actor): Promise<Role[]> {
  assertSystemAdministrator(actor);
  const [custom, holders] = await Promise.all([rolesRepository.listRoles(db, actor.orgId), holdersByRole(db, actor.orgId)]);
  return [
    ...builtInRoles.map((key) => ({ id: key, name: key, builtIn: key, holders: holders.get(key) ?? [] })),
    ...custom.map((role) => ({ id: role.id, name: role.name, builtIn: null, holders: holders.get(role.id) ?? [] })),
  ];
}

async function roleWithHolders(db: Db, actor: Actor, id: string): Promise<Role> {
  const role = (await listRoles(db, actor)).find((candidate) => candidate.id === id);
  if (!role) throw new AppError('ROLE_NOT_FOUND');
  return role;
}

export async function createRole(db: Db, actor: Actor, name: string): Promise<Role> {
  assertSystemAdministrator(actor);
  const role = await rolesRepository.insertRole(db, actor.orgId, name);
  if (!role) throw new AppError('ROLE_NAME_TAKEN', { field: 'name' });
  return { id: role.id, name: role.name, builtIn: null, holders: [] };
}

export async function renameRole(db: Db, actor: Actor, input: { id: string; name: string }): Promise<Role> {
  assertSystemAdministrator(actor);
  if (!(await rolesRepository.findRole(db, actor.orgId, input.id))) throw new AppError('ROLE_NOT_FOUND');
  if (await rolesRepository.nameTaken(db, actor.orgId, input.name, input.id)) throw new AppError('ROLE_NAME_TAKEN', { field: 'name' });
  try {
    await rolesRepository.renameRole(db, actor.orgId, input.id, input.name);
  } catch (error) {
    // A concurrent create or rename took the name between the check and the write (unique index).
    if ((error as { code?: string }).code === '23505') throw new AppError('ROLE_NAME_TAKEN', { field: 'name' });
    throw error;
  }
  return roleWithHolders(db, actor, input.id);
}

export async function deleteRole(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await rolesRepository.findRole(db, actor.orgId, id))) throw new AppError('ROLE_NOT_FOUND');
  if (await rolesRepository.isRoleHeld(db, actor.orgId, id)) throw new AppError('ROLE_IN_USE');
  try {
    await rolesRepository.deleteRole(db, actor.orgId, id);
  } catch (error) {
    // Assigned between the check and the delete: the foreign key (on delete restrict) refuses.
    if ((error as { code?: string }).code === '23503') throw new AppError('ROLE_IN_USE');
    throw error;
  }
}
