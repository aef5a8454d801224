import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  acceptInviteBodySchema,
  acceptInviteResultSchema,
  invitationPreviewSchema,
  memberEditBodySchema,
  memberGetQuerySchema,
  memberIdBodySchema,
  memberInviteBodySchema,
  memberInviteResultSchema,
  memberListQuerySchema,
  memberSchema,
  organizationUsersQuerySchema,
  organizationUsersSchema,
} from './members.ts';

/** A workspace's members and invitations (settings/user), and its open users for pickers. */
export const membersEndpoints = endpoints('members', {
  invite: {
    method: 'POST', path: '/settings/user/create', access: 'member', body: memberInviteBodySchema, response: memberInviteResultSchema,
    description:
      'Invite by email (system administrators; Team plan: the workspace plan or its top administrator\'s purchaseInfo.productId must be subscribe_team, else 403 ORG_TEAM_PLAN_REQUIRED). ' +
      'Each invitation mails PUBLIC_URL/user/orgAccepted?orgId=…&userId=<memberId>. An email already invited is mailed again; an activated or deactivated member → 409 MEMBER_ALREADY_EXISTS.',
  },
  edit: {
    method: 'PUT', path: '/settings/user/edit', access: 'member', body: memberEditBodySchema, response: memberSchema,
    description: 'Privilege, department, system-administrator flag, role (a custom role id, or null for the built-in one). The top administrator cannot be demoted (409 MEMBER_TOP_ADMIN_PROTECTED).',
  },
  deactivate: {
    method: 'PUT', path: '/settings/user/deactivated', access: 'member', body: memberIdBodySchema, response: z.null(),
    description: 'activated → deactivated; their next request with this orgId gets 403. Not the top administrator (409).',
  },
  activate: {
    method: 'PUT', path: '/settings/user/activated', access: 'member', body: memberIdBodySchema, response: z.null(),
    description: 'deactivated → activated (an invitation is activated only by its addressee accepting it).',
  },
  cancelInvitation: {
    method: 'POST', path: '/settings/user/cancelInvited', access: 'member', body: memberIdBodySchema, response: z.null(),
    description: 'Deletes an invitation (status invited only).',
  },
  acceptInvitation: {
    method: 'POST', path: '/settings/user/acceptInvite', access: 'user', body: acceptInviteBodySchema, response: acceptInviteResultSchema,
    description:
      'The signed-in account accepts an invitation: userId is the memberId of the invitation link. Another account → 403 INVITATION_WRONG_ACCOUNT; cancelled, accepted or unknown → 404 INVITATION_NOT_FOUND.',
  },
  invitation: {
    method: 'GET', path: '/settings/user/invitation', access: 'public', query: acceptInviteBodySchema, response: invitationPreviewSchema,
    description:
      'Public, rate-limited: the invitation page before sign-in — workspace name, inviter, invited address. The link\'s orgId and userId (memberId) are the key; an invitation no longer open → 404 INVITATION_NOT_FOUND.',
  },
  list: {
    method: 'GET', path: '/settings/user/list', access: 'member', query: memberListQuerySchema, response: z.array(memberSchema),
    description: 'System administrators; ordered by invitation time.',
  },
  get: { method: 'GET', path: '/settings/user/get', access: 'member', query: memberGetQuerySchema, response: memberSchema },
  openUsers: {
    method: 'GET', path: '/organizations/users', access: 'member', query: organizationUsersQuerySchema, response: organizationUsersSchema,
    description: 'Open (activated) users of the workspace for pickers; any member. role.name is the custom role, else the built-in one (administrator for system administrators, else member).',
  },
});
