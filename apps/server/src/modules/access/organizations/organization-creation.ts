import { teamPlan, type OrganizationCreateBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as membersService from '../members/members.service.ts';
import { createBuiltInPrivileges } from '../privileges/privilege-catalog.ts';
import * as usersService from '../users/users.service.ts';
import type { MailContext, UserRow } from '../users/users.service.ts';
import * as organizationsRepository from './organizations.repository.ts';
import { notifyWorkspaceCreated } from './workspace-created.ts';

/*
 * Creating a workspace (docs/product.md#screens: create workspace): the row, its built-in privileges, its
 * creator and first invitations, and what other contexts seed, in one transaction. Apart from
 * organizations.service.ts because it uses members, which itself reads workspaces.
 */

export async function createOrganization(
  db: Db,
  mail: MailContext,
  user: UserRow,
  input: OrganizationCreateBody,
  language: string | null,
): Promise<{ orgId: string; orgName: string }> {
  // The creator's own address is dropped: they are the top administrator already.
  const memberEmails = membersService.normalizeEmails(input.memberEmails).filter((email) => email !== user.email);
  if (memberEmails.length > 0 && user.plan !== teamPlan) throw new AppError('ORG_TEAM_PLAN_REQUIRED');

  const invitees = await Promise.all(
    memberEmails.map(async (email) => ({ email, user: await usersService.findUserByEmail(db, email) })),
  );
  const { org, invitations } = await db.transaction(async (tx) => {
    const created = await organizationsRepository.insertOrganization(tx, {
      name: input.orgName,
      plan: user.plan,
      topAdminUserId: user.id,
    });
    const builtIn = await createBuiltInPrivileges(tx, created.id);
    const inserted = await membersService.insertWorkspaceMembers(tx, created.id, [
      {
        userId: user.id,
        invitedEmail: null,
        status: 'activated',
        isSystemAdministrator: true,
        privilegeId: builtIn.administratorId,
      },
      ...invitees.map((invitee) => ({
        userId: invitee.user?.id ?? null,
        invitedEmail: invitee.email,
        invitedByUserId: user.id,
        status: 'invited' as const,
        isSystemAdministrator: false,
        privilegeId: builtIn.memberId,
      })),
    ]);
    // Other contexts seed the workspace in the same transaction (deals: the default sales stages, so the
    // first deal can be saved at once), in the creator's language.
    await notifyWorkspaceCreated(tx, { orgId: created.id, creatorUserId: user.id, language: language ?? user.language });
    if (!user.defaultOrgId) await usersService.setDefaultOrg(tx, user.id, created.id);
    return { org: created, invitations: inserted.filter((row) => row.status === 'invited') };
  });

  // Mail only after the commit: an invitation never points at a workspace that was rolled back.
  membersService.sendInvitations(
    mail,
    org,
    user,
    invitations.map((row) => ({
      memberId: row.id,
      email: row.invitedEmail!,
      language: invitees.find((invitee) => invitee.email === row.invitedEmail)?.user?.language ?? null,
    })),
  );
  return { orgId: org.id, orgName: org.name };
}
