import type { BuiltInRole, MemberRole } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as rolesRepository from './roles.repository.ts';

/*
 * What members need from roles (apart from roles.service.ts, which lists members as holders), so neither
 * module imports the other both ways.
 */
export async function assertRoleExists(db: Db, orgId: string, roleId: string): Promise<void> {
  if (!(await rolesRepository.findRole(db, orgId, roleId))) throw new AppError('ROLE_NOT_FOUND');
}

export function builtInRoleOf(isAdministrator: boolean): BuiltInRole {
  return isAdministrator ? 'administrator' : 'member';
}

/** A member's role: the custom one when assigned, else administrator for system administrators, else member. */
export function memberRole(input: { roleId: string | null; roleName: string | null; isAdministrator: boolean }): MemberRole {
  if (input.roleId && input.roleName !== null) return { id: input.roleId, name: input.roleName, builtIn: null };
  const builtIn = builtInRoleOf(input.isAdministrator);
  return { id: null, name: builtIn, builtIn };
}
