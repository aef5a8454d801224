/**
 * The member settings feature's public surface: Settings → Users (invite, edit, deactivate members). It is
 * apart from members because it composes members with departments and privileges, which themselves use
 * the members pickers (docs/ARCHITECTURE.md, "Contexts").
 */
export { memberSettingsRoutes } from './routes.tsx';
