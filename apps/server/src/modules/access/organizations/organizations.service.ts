import { defaultWorkspaceTimeZone, plans, type Industry, type Organization, type OrganizationUpdateBody, type Plan } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as usersService from '../users/users.service.ts';
import type { UserRow } from '../users/users.service.ts';
import * as organizationsRepository from './organizations.repository.ts';
import { invalidateActors } from '../auth/auth-cache.ts';
import type { MemberRow, OrganizationRow } from './organizations.repository.ts';

export type { MemberRow, OrganizationRow };

/**
 * A workspace made by a restore (modules/imports/backups): its records come from the archive, so no creation
 * listeners run (they would seed a second set of sales stages). The restoring user is its top administrator.
 */
export async function insertRestoredOrganization(db: Db, values: { name: string; plan: string; topAdminUserId: string }): Promise<OrganizationRow> {
  return organizationsRepository.insertOrganization(db, values);
}

export async function findOrganization(db: Db, orgId: string): Promise<OrganizationRow | undefined> {
  return organizationsRepository.findOrganization(db, orgId);
}

/** The workspace's time zone (Asia/Taipei unless Settings changed it); automation judges days and times in it. */
export async function workspaceTimeZone(db: Db, orgId: string): Promise<string> {
  return (await organizationsRepository.findOrganization(db, orgId))?.timeZone ?? defaultWorkspaceTimeZone;
}

export async function findMembership(db: Db, orgId: string, userId: string): Promise<MemberRow | undefined> {
  return organizationsRepository.findMember(db, orgId, userId);
}


/** Billing sets the plan a payment bought (or Free when a subscription ends). */
export async function setPlan(db: Db, orgId: string, plan: Plan): Promise<void> {
  await organizationsRepository.updateBillingState(db, orgId, { plan });
}

/** Billing freezes a workspace after the grace period of an unpaid renewal and unfreezes it on payment (423 for every member meanwhile). */
export async function setFrozen(db: Db, orgId: string, frozen: boolean, at: Date = new Date()): Promise<void> {
  await organizationsRepository.updateBillingState(db, orgId, { frozenAt: frozen ? at : null });
  // Cached actors carry the frozen flag: drop them so the change is seen at once.
  invalidateActors();
}

function toPlan(value: string): Plan {
  return (plans as readonly string[]).includes(value) ? (value as Plan) : 'free';
}

function toOrganization(
  row: Awaited<ReturnType<typeof organizationsRepository.listMemberOrganizations>>[number],
  user: UserRow,
): Organization {
  const { organization: org, member } = row;
  const isTopAdministrator = org.topAdminUserId === user.id;
  return {
    orgId: org.id,
    orgName: org.name,
    name: org.name,
    industry: (org.industry as Industry | null) ?? null,
    otherIndustry: org.otherIndustry,
    plan: toPlan(org.plan),
    frozen: org.frozenAt !== null,
    administrator: usersService.fullName({ firstName: row.adminFirstName, lastName: row.adminLastName }),
    memberCount: row.memberCount,
    userFullnameInOrg: usersService.fullName(user),
    isTopAdministrator,
    isSystemAdministrator: isTopAdministrator || member.isSystemAdministrator,
    isDefault: user.defaultOrgId === org.id,
    timeZone: org.timeZone,
  };
}

export async function listOrganizations(db: Db, user: UserRow, options: { ignoreFrozen: boolean }): Promise<Organization[]> {
  const rows = await organizationsRepository.listMemberOrganizations(db, user.id);
  return rows
    .filter((row) => !(options.ignoreFrozen && row.organization.frozenAt))
    .map((row) => toOrganization(row, user));
}

export async function getOrganization(db: Db, actor: Actor, user: UserRow): Promise<Organization> {
  const [row] = await organizationsRepository.listMemberOrganizations(db, actor.userId, actor.orgId);
  if (!row) throw new AppError('ORG_NOT_FOUND');
  return toOrganization(row, user);
}

export async function getDefaultOrganization(db: Db, user: UserRow): Promise<Organization | null> {
  if (!user.defaultOrgId) return null;
  const [row] = await organizationsRepository.listMemberOrganizations(db, user.id, user.defaultOrgId);
  return row ? toOrganization(row, user) : null;
}

export async function updateOrganization(db: Db, actor: Actor, input: OrganizationUpdateBody): Promise<void> {
  assertSystemAdministrator(actor);
  const industry = input.industry ?? null;
  await organizationsRepository.updateOrganization(db, actor.orgId, {
    name: input.name,
    industry,
    // "Other" is the only industry that takes free text.
    otherIndustry: industry === 'other' ? (input.otherIndustry?.trim() || null) : null,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  });
}

export async function renameOrganization(db: Db, actor: Actor, name: string): Promise<void> {
  assertSystemAdministrator(actor);
  await organizationsRepository.updateOrganization(db, actor.orgId, { name });
}

export async function deleteOrganization(db: Db, actor: Actor): Promise<void> {
  if (!actor.isTopAdministrator) throw new AppError('ORG_TOP_ADMIN_ONLY');
  await db.transaction(async (tx) => {
    await organizationsRepository.softDeleteOrganization(tx, actor.orgId);
    await usersService.clearDefaultOrgForAll(tx, actor.orgId);
  });
}

/** Workspace switch: the org becomes the user's default (profile.orgId). */
export async function setDefaultOrganization(db: Db, actor: Actor): Promise<void> {
  await usersService.setDefaultOrg(db, actor.userId, actor.orgId);
}
