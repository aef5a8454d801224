/** The settings area: its routes (assembling the members, departments and privileges pages). */
export { settingsRoutes } from './routes.tsx';
