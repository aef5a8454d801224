import { fullPrivilegeFeatures, memberPrivilegeFeatures, type BuiltInPrivilege, type NodeType, type PrivilegeFeatures } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as privilegesRepository from './privileges.repository.ts';
import type { PrivilegeWithCount } from './privileges.repository.ts';

/*
 * What other access modules need of a workspace's privileges (built-ins at creation, the default for
 * invitations, existence checks, dropping a node's assignments) without privilege management, which
 * itself uses members and departments.
 */

/** Every new organization gets the built-in administrator privilege and a default member one. */
export async function createBuiltInPrivileges(db: Db, orgId: string): Promise<{ administratorId: string; memberId: string }> {
  const administrator = await privilegesRepository.insertPrivilege(db, orgId, {
    name: 'administrator' satisfies BuiltInPrivilege,
    isAdministrator: true,
    features: fullPrivilegeFeatures(),
  });
  const member = await privilegesRepository.insertPrivilege(db, orgId, {
    name: 'member' satisfies BuiltInPrivilege,
    isAdministrator: false,
    isDefault: true,
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

export async function assertPrivilegeExists(db: Db, orgId: string, privilegeId: string): Promise<PrivilegeWithCount> {
  const privilege = await privilegesRepository.findPrivilegeWithCount(db, orgId, privilegeId);
  if (!privilege) throw new AppError('PRIVILEGE_NOT_FOUND');
  return privilege;
}

/** The privilege new invitations get by default, or null (no access) if the workspace has none. */
export async function findDefaultPrivilegeId(db: Db, orgId: string): Promise<string | null> {
  return (await privilegesRepository.findMemberPrivilege(db, orgId))?.id ?? null;
}

export async function removeNodeAssignments(db: Db, orgId: string, nodeType: NodeType, nodeId: string): Promise<void> {
  await privilegesRepository.deleteNodeAssignments(db, orgId, nodeType, nodeId);
}
