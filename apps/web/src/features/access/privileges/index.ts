/** The privileges feature's public surface. */
export { privilegeSettingsRoutes } from './routes.tsx';
export { PrivilegeSelect, privilegeLabel, usePrivilegeLabels } from './components/privilege-select.tsx';
export { usePrivileges } from './privileges.api.ts';
