/** The privileges feature's public surface. */
export { privilegeSettingsRoutes } from './routes.tsx';
export { PrivilegeSelect, privilegeLabel, usePrivilegeLabels } from './components/privilege-select.tsx';
export { privilegeKeys, usePrivileges } from './privileges.api.ts';
