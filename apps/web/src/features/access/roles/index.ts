/** Settings → roles: the page, the picker field, and how a role reads. */
export { roleSettingsRoutes } from './routes.tsx';
export { RoleSelect } from './components/role-select.tsx';
export { useRoleLabel } from './components/role-label.ts';
