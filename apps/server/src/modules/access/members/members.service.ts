import {
  emailSchema,
  teamPlan,
  type InvitationPreview,
  type Locale,
  type Member,
  type MemberEditBody,
  type MemberInviteBody,
  type MembershipStatus,
  type OrganizationUser,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertDepartmentExists } from '../departments/department-lookup.ts';
import { assertRoleExists, memberRole } from '../roles/role-lookup.ts';
import * as organizationsService from '../organizations/organizations.service.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as privilegeCatalog from '../privileges/privilege-catalog.ts';
import { planGate } from '../organizations/plan-gate.ts';
import * as usersService from '../users/users.service.ts';
import type { MailContext, UserRow } from '../users/users.service.ts';
import { invitationLink, invitationMail } from './members.mail.ts';
import * as membersRepository from './members.repository.ts';
import type { MemberDetailsRow } from './members.repository.ts';

function toMember(row: MemberDetailsRow, topAdminUserId: string): Member {
  const { member } = row;
  const isTopAdministrator = member.userId !== null && member.userId === topAdminUserId;
  const email = row.email ?? member.invitedEmail ?? '';
  const name = row.firstName !== null ? usersService.fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }) : '';
  return {
    memberId: member.id,
    userId: member.userId,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    name: name || email,
    email,
    avatar: row.avatar ?? null,
    status: member.status,
    isTopAdministrator,
    isSystemAdministrator: isTopAdministrator || member.isSystemAdministrator,
    role: memberRole({ roleId: member.roleId, roleName: row.roleName, isAdministrator: isTopAdministrator || member.isSystemAdministrator }),
    privilege: member.privilegeId && row.privilegeName !== null ? { id: member.privilegeId, privilegeName: row.privilegeName } : null,
    department: member.departmentId && row.departmentName !== null ? { id: member.departmentId, name: row.departmentName } : null,
    createdAt: member.createdAt.toISOString(),
  };
}

async function topAdminOf(db: Db, orgId: string): Promise<string> {
  const org = await organizationsService.findOrganization(db, orgId);
  if (!org) throw new AppError('ORG_NOT_FOUND');
  return org.topAdminUserId;
}

/** Emails as typed: each must be an email (400 naming it); blanks and duplicates dropped. */
export function normalizeEmails(raw: string[]): string[] {
  const emails = new Set<string>();
  for (const value of raw) {
    if (value.trim() === '') continue;
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) throw new AppError('ORG_INVALID_MEMBER_EMAIL', { field: value.trim() });
    emails.add(parsed.data);
  }
  return [...emails];
}

/** Mails after the commit: an invitation never points at a membership that was rolled back. */
export function sendInvitations(
  mail: MailContext,
  org: { id: string; name: string },
  inviter: UserRow,
  invitations: Array<{ memberId: string; email: string; language: string | null }>,
): void {
  const inviterName = usersService.fullName(inviter);
  for (const invitation of invitations) {
    const locale = (invitation.language ?? inviter.language) as Locale;
    const link = invitationLink(mail.publicUrl, org.id, invitation.memberId);
    mail.mailer.send(invitationMail(locale, invitation.email, inviterName, org.name, link));
  }
}

/**
 * Member invitation is a Team plan feature (docs/product.md#validation, #permissions): the workspace's plan or its top
 * administrator's purchase (purchaseInfo.productId) must be subscribe_team.
 */
async function assertTeamPlan(db: Db, orgId: string): Promise<organizationsService.OrganizationRow> {
  const org = await organizationsService.findOrganization(db, orgId);
  if (!org) throw new AppError('ORG_NOT_FOUND');
  if (org.plan === teamPlan) return org;
  const topAdmin = await usersService.findUserById(db, org.topAdminUserId);
  if (topAdmin?.plan !== teamPlan) throw new AppError('ORG_TEAM_PLAN_REQUIRED');
  return org;
}

export async function inviteMembers(db: Db, mail: MailContext, actor: Actor, inviter: UserRow, input: MemberInviteBody): Promise<Member[]> {
  assertSystemAdministrator(actor);
  const org = await assertTeamPlan(db, actor.orgId);
  const emails = normalizeEmails(input.emails);
  if (emails.length === 0) throw new AppError('VALIDATION_FAILED', { field: 'emails', reason: 'required' }, [{ field: 'emails', reason: 'required', message: '' }]);

  const privilegeId = input.privilegeId ?? (await privilegeCatalog.findDefaultPrivilegeId(db, actor.orgId));
  if (input.privilegeId) await privilegeCatalog.assertPrivilegeExists(db, actor.orgId, input.privilegeId);
  if (input.departmentId) await assertDepartmentExists(db, actor.orgId, input.departmentId);
  if (input.roleId) await assertRoleExists(db, actor.orgId, input.roleId);

  const existing = await membersRepository.findMembersByEmails(db, actor.orgId, emails);
  const resend: Array<{ memberId: string; email: string }> = [];
  const taken = new Set<string>();
  for (const { member, email } of existing) {
    const address = member.invitedEmail ?? email ?? '';
    if (member.status !== 'invited') throw new AppError('MEMBER_ALREADY_EXISTS', { field: address });
    resend.push({ memberId: member.id, email: address });
    for (const value of [member.invitedEmail, email]) if (value) taken.add(value);
  }
  const fresh = emails.filter((email) => !taken.has(email));
  // Seats bought (docs/decisions/0010): new invitations count against them.
  await planGate().assertRoomForMembers(db, actor.orgId, fresh.length);
  const accounts = await Promise.all(fresh.map((email) => usersService.findUserByEmail(db, email)));
  const inserted = await db.transaction((tx) =>
    membersRepository.insertInvitations(
      tx,
      actor.orgId,
      fresh.map((email, index) => ({
        userId: accounts[index]?.id ?? null,
        invitedEmail: email,
        invitedByUserId: inviter.id,
        privilegeId,
        departmentId: input.departmentId ?? null,
        roleId: input.roleId ?? null,
      })),
    ),
  );

  const languages = new Map(accounts.filter((a) => a !== undefined).map((a) => [a.email, a.language]));
  sendInvitations(mail, org, inviter, [
    ...resend.map((r) => ({ ...r, language: languages.get(r.email) ?? null })),
    ...inserted.map((row) => ({ memberId: row.id, email: row.invitedEmail!, language: languages.get(row.invitedEmail!) ?? null })),
  ]);
  const ids = new Set([...resend.map((r) => r.memberId), ...inserted.map((row) => row.id)]);
  const rows = await membersRepository.listMemberDetails(db, actor.orgId, 'invited');
  return rows.filter((row) => ids.has(row.member.id)).map((row) => toMember(row, org.topAdminUserId));
}

export async function listMembers(db: Db, actor: Actor, status?: MembershipStatus): Promise<Member[]> {
  assertSystemAdministrator(actor);
  const topAdminUserId = await topAdminOf(db, actor.orgId);
  return (await membersRepository.listMemberDetails(db, actor.orgId, status)).map((row) => toMember(row, topAdminUserId));
}

export async function getMember(db: Db, actor: Actor, memberId: string): Promise<Member> {
  assertSystemAdministrator(actor);
  const row = await membersRepository.findMemberDetails(db, actor.orgId, memberId);
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return toMember(row, await topAdminOf(db, actor.orgId));
}

/** The membership row, 404 when it is not in the actor's workspace. */
export async function findMemberOrFail(db: Db, orgId: string, memberId: string): Promise<membersRepository.MemberRow> {
  const member = await membersRepository.findMember(db, orgId, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

export async function editMember(db: Db, actor: Actor, input: MemberEditBody): Promise<Member> {
  assertSystemAdministrator(actor);
  const member = await findMemberOrFail(db, actor.orgId, input.memberId);
  const isTop = member.userId !== null && member.userId === (await topAdminOf(db, actor.orgId));
  if (input.privilegeId) {
    const privilege = await privilegeCatalog.assertPrivilegeExists(db, actor.orgId, input.privilegeId);
    // The top administrator keeps the administrator privilege (their access is full regardless).
    if (isTop && !privilege.isAdministrator) throw new AppError('MEMBER_TOP_ADMIN_PROTECTED');
  }
  if (isTop && (input.isSystemAdministrator === false || input.privilegeId === null)) throw new AppError('MEMBER_TOP_ADMIN_PROTECTED');
  if (input.departmentId) await assertDepartmentExists(db, actor.orgId, input.departmentId);
  if (input.roleId) await assertRoleExists(db, actor.orgId, input.roleId);

  const patch: Parameters<typeof membersRepository.updateMember>[3] = {};
  if (input.privilegeId !== undefined) patch.privilegeId = input.privilegeId;
  if (input.departmentId !== undefined) patch.departmentId = input.departmentId;
  if (input.isSystemAdministrator !== undefined) patch.isSystemAdministrator = input.isSystemAdministrator;
  if (input.roleId !== undefined) patch.roleId = input.roleId;
  await membersRepository.updateMember(db, actor.orgId, member.id, patch);
  return getMember(db, actor, member.id);
}

export async function deactivateMember(db: Db, actor: Actor, memberId: string): Promise<void> {
  assertSystemAdministrator(actor);
  const member = await findMemberOrFail(db, actor.orgId, memberId);
  if (member.userId !== null && member.userId === (await topAdminOf(db, actor.orgId))) throw new AppError('MEMBER_TOP_ADMIN_PROTECTED');
  if (!(await membersRepository.changeStatus(db, actor.orgId, member.id, 'activated', { status: 'deactivated' }))) {
    throw new AppError('MEMBER_STATUS_CONFLICT');
  }
}

/** Only a system administrator, and a deactivated member never gets this far (loadActor refuses them). */
export async function activateMember(db: Db, actor: Actor, memberId: string): Promise<void> {
  assertSystemAdministrator(actor);
  const member = await findMemberOrFail(db, actor.orgId, memberId);
  if (!(await membersRepository.changeStatus(db, actor.orgId, member.id, 'deactivated', { status: 'activated' }))) {
    throw new AppError('MEMBER_STATUS_CONFLICT');
  }
}

export async function cancelInvitation(db: Db, actor: Actor, memberId: string): Promise<void> {
  assertSystemAdministrator(actor);
  await findMemberOrFail(db, actor.orgId, memberId);
  if (!(await membersRepository.deleteInvitation(db, actor.orgId, memberId))) throw new AppError('MEMBER_STATUS_CONFLICT');
}

/**
 * The signed-in user accepts the invitation `memberId` of `orgId`: it must still be an invitation (404
 * otherwise, also for another workspace's id) and be addressed to this account's email (403).
 */
export async function acceptInvitation(
  db: Db,
  user: UserRow,
  input: { orgId: string; memberId: string },
): Promise<{ orgId: string; orgName: string }> {
  const org = await organizationsService.findOrganization(db, input.orgId);
  const invitation = org ? await membersRepository.findMember(db, input.orgId, input.memberId) : undefined;
  if (!org || !invitation || invitation.status !== 'invited') throw new AppError('INVITATION_NOT_FOUND');
  const isAddressee = invitation.userId === user.id || (invitation.userId === null && invitation.invitedEmail === user.email);
  if (!isAddressee) throw new AppError('INVITATION_WRONG_ACCOUNT');
  const existing = await organizationsService.findMembership(db, org.id, user.id);
  if (existing && existing.id !== invitation.id) throw new AppError('MEMBER_ALREADY_EXISTS', { field: user.email });
  await db.transaction(async (tx) => {
    if (!(await membersRepository.changeStatus(tx, org.id, invitation.id, 'invited', { status: 'activated', userId: user.id }))) {
      throw new AppError('INVITATION_NOT_FOUND');
    }
    if (!user.defaultOrgId) await usersService.setDefaultOrg(tx, user.id, org.id);
  });
  return { orgId: org.id, orgName: org.name };
}

/**
 * GET /api/settings/user/invitation (public: the invitation link's page, before any sign-in): the workspace's
 * name, who invited (else the workspace's top administrator) and the invited address, which sign-up prefills.
 * Only an invitation still open answers; the link's two ids are the key, as for accepting.
 */
export async function invitationPreview(db: Db, input: { orgId: string; memberId: string }): Promise<InvitationPreview> {
  const org = await organizationsService.findOrganization(db, input.orgId);
  const invitation = org ? await membersRepository.findMember(db, input.orgId, input.memberId) : undefined;
  if (!org || !invitation || invitation.status !== 'invited') throw new AppError('INVITATION_NOT_FOUND');
  const inviter = await usersService.findUserById(db, invitation.invitedByUserId ?? org.topAdminUserId);
  const invitee = invitation.userId ? await usersService.findUserById(db, invitation.userId) : undefined;
  return {
    orgName: org.name,
    inviterName: inviter ? usersService.fullName(inviter) || inviter.email : null,
    email: invitation.invitedEmail ?? invitee?.email ?? null,
    hasAccount: invitation.userId !== null,
  };
}

/** Activated users for pickers (docs/product.md#fields): any member may list them. */
export async function listOpenUsers(db: Db, actor: Actor): Promise<OrganizationUser[]> {
  const rows = await membersRepository.listOpenUsers(db, actor.orgId);
  return rows.map((row) => {
    const name = usersService.fullName(row) || row.email;
    return {
      userId: row.userId,
      userInfo: { firstWord: [...name][0] ?? '', name, email: row.email, avatar: row.avatar },
      role: memberRole({ roleId: row.roleId, roleName: row.roleName, isAdministrator: row.isSystemAdministrator || row.userId === row.topAdminUserId }),
    };
  });
}

/** Which of userIds are activated members of the workspace (for other modules' checks). */
export async function findActivatedUserIds(db: Db, orgId: string, userIds: string[]): Promise<string[]> {
  return membersRepository.findActivatedUserIds(db, orgId, [...new Set(userIds)]);
}

export async function assertMembersExist(db: Db, orgId: string, memberIds: string[]): Promise<void> {
  const unique = [...new Set(memberIds)];
  if ((await membersRepository.countMembers(db, orgId, unique)) !== unique.length) throw new AppError('MEMBER_NOT_FOUND');
}

// ---- writes for other access modules (members is the only writer of its table) ----

/** A new workspace's creator and first invitations, in the creation transaction. */
export async function insertWorkspaceMembers(
  db: Db,
  orgId: string,
  rows: Parameters<typeof membersRepository.insertMembers>[2],
): Promise<membersRepository.MemberRow[]> {
  return membersRepository.insertMembers(db, orgId, rows);
}

/** Moves members into a department (or none); answers how many of memberIds were in the workspace. */
export async function assignDepartment(db: Db, orgId: string, memberIds: string[], departmentId: string | null): Promise<number> {
  return membersRepository.assignDepartment(db, orgId, memberIds, departmentId);
}

/** The holders of a privilege being deleted get another one. */
export async function reassignPrivilege(db: Db, orgId: string, fromId: string, toId: string): Promise<void> {
  await membersRepository.reassignPrivilege(db, orgId, fromId, toId);
}
