/** The members feature's public surface: the invitation page, the member calls, the organization user picker and the owner tools built on it. */
export { invitationRoutes } from './routes.tsx';
export { OrganizationUserOption, OrganizationUserSelect } from './components/organization-user-select.tsx';
export { OwnerFilterSelect } from './components/owner-filter-select.tsx';
export { ownerFilterIds, type OwnerFilter } from './owner-filter.ts';
export { TransferOwnerButton } from './components/transfer-owner-button.tsx';
export { useEditMember, useInviteMembers, useMemberAction, useMembers, useOrganizationUsers, organizationUsersQuery, type MemberAction } from './members.api.ts';
