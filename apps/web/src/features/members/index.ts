/** The members feature's public surface: settings routes, the invitation page and the organization user picker. */
export { invitationRoutes, memberSettingsRoutes } from './routes.tsx';
export { OrganizationUserOption, OrganizationUserSelect } from './components/organization-user-select.tsx';
export { memberKeys, useEditMember, useMembers, useOrganizationUsers } from './members.api.ts';
