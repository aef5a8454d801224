/** The members feature's public surface: settings routes, the invitation page, the organization user picker and the owner tools built on it. */
export { invitationRoutes, memberSettingsRoutes } from './routes.tsx';
export { OrganizationUserOption, OrganizationUserSelect } from './components/organization-user-select.tsx';
export { OwnerFilterSelect, ownerFilterIds, type OwnerFilter } from './components/owner-filter-select.tsx';
export { TransferOwnerButton } from './components/transfer-owner-button.tsx';
export { useEditMember, useMembers, useOrganizationUsers } from './members.api.ts';
