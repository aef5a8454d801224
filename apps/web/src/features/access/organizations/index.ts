/**
 * The organizations feature's public surface: the app shell (header, avatar menu) and other features
 * use these; everything else in this folder is internal.
 */
export { organizationRoutes, organizationAccountRoutes } from './routes.tsx';
export { organizationQuery, organizationsQuery, useOrganization, useOrganizations, useSwitchOrganization } from './organizations.api.ts';
export { CreateWorkspaceDialog } from './components/create-workspace-dialog.tsx';
export { goToWorkspaceHome } from './workspace-home.ts';
export { RenameWorkspaceDialog } from './components/rename-workspace-dialog.tsx';
export { WorkspaceDetailsCard } from './components/workspace-details-card.tsx';
