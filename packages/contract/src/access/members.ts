import { z } from 'zod';
import { membershipStatuses } from './organizations.ts';
import { memberRoleSchema } from './roles.ts';

/**
 * Settings → users (docs/product.md#fields, #states, #api). A member is one person's membership of one workspace:
 * invited (an email, maybe without an account yet) → activated ⇄ deactivated; an invitation can be cancelled.
 * `memberId` identifies the membership in every settings call; `userId` is the account (null until
 * an invitation addressed to an unknown email is accepted).
 */
export const memberSchema = z.object({
  memberId: z.string(),
  userId: z.string().nullable(),
  /** Empty for an invitation whose email has no account yet. */
  firstName: z.string(),
  lastName: z.string(),
  /** Full name, or the email while there is no account. */
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(membershipStatuses),
  isTopAdministrator: z.boolean(),
  /** Always true for the top administrator. */
  isSystemAdministrator: z.boolean(),
  /** The custom role assigned, else the built-in one (roles.ts). */
  role: memberRoleSchema,
  privilege: z.object({ id: z.string(), privilegeName: z.string() }).nullable(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** ISO instant the membership (or invitation) was created. */
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

const memberIdSchema = z.uuid();

/** POST /api/settings/user/create?orgId= — Team plan only (403 ORG_TEAM_PLAN_REQUIRED otherwise). */
export const memberInviteBodySchema = z.object({
  /** Raw strings: each is checked by the service so a 400 ORG_INVALID_MEMBER_EMAIL can name the bad one. */
  emails: z.array(z.string().max(254)).min(1).max(50),
  /** Defaults to the workspace's built-in "member" privilege. */
  privilegeId: z.uuid().nullable().optional(),
  departmentId: z.uuid().nullable().optional(),
  /** A custom role of the workspace (404 ROLE_NOT_FOUND otherwise); omitted or null: the built-in one. */
  roleId: z.uuid().nullable().optional(),
});
export type MemberInviteBody = z.infer<typeof memberInviteBodySchema>;
/** The invitations created or re-sent (an email already invited gets its mail again). */
export const memberInviteResultSchema = z.object({ members: z.array(memberSchema) });

/** PUT /api/settings/user/edit?orgId= — only the fields present change; null clears. */
export const memberEditBodySchema = z.object({
  memberId: memberIdSchema,
  privilegeId: z.uuid().nullable().optional(),
  departmentId: z.uuid().nullable().optional(),
  isSystemAdministrator: z.boolean().optional(),
  /** A custom role of the workspace; null: back to the built-in one. */
  roleId: z.uuid().nullable().optional(),
});
export type MemberEditBody = z.infer<typeof memberEditBodySchema>;

/** PUT settings/user/deactivated, PUT settings/user/activated, POST settings/user/cancelInvited. */
export const memberIdBodySchema = z.object({ memberId: memberIdSchema });

export const memberListQuerySchema = z.object({
  orgId: z.uuid(),
  /** Omitted: every member whatever the status. */
  status: z.enum(membershipStatuses).optional(),
});
export const memberGetQuerySchema = z.object({ orgId: z.uuid(), memberId: memberIdSchema });

/**
 * POST /api/settings/user/acceptInvite (no ?orgId: the caller is not a member yet).
 * `userId` is the memberId carried by the invitation link /user/orgAccepted?orgId=…&userId=….
 * The signed-in account's email must be the invited one (403 INVITATION_WRONG_ACCOUNT).
 */
export const acceptInviteBodySchema = z.object({ orgId: z.uuid(), userId: z.uuid() });
export const acceptInviteResultSchema = z.object({ orgId: z.string(), orgName: z.string() });

/** GET /api/settings/user/invitation?orgId=&userId= (public): what the invitation page shows before signing in. */
export const invitationPreviewSchema = z.object({
  orgName: z.string(),
  /** Full name of who invited (else the workspace's top administrator). */
  inviterName: z.string().nullable(),
  /** The invited address: sign-up prefills it. */
  email: z.string().nullable(),
  /** The address already has an account: the page leads with log in rather than sign up. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** GET /api/organizations/users?orgId=&state=open — activated members for pickers (docs/product.md#fields). */
export const organizationUsersQuerySchema = z.object({
  orgId: z.uuid(),
  state: z.enum(['open']).default('open'),
});
export const organizationUserSchema = z.object({
  /** The account id (what owner and collaborator fields store). */
  userId: z.string(),
  userInfo: z.object({
    /** First character of the display name, for text avatars. */
    firstWord: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
  /** role.name (docs/product.md#fields): the custom role, else the built-in one (builtIn says which, for translation). */
  role: memberRoleSchema,
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;
export const organizationUsersSchema = z.object({ users: z.array(organizationUserSchema) });
