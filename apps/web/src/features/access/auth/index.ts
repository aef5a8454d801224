/** The auth feature's public surface. */
export { authRoutes } from './routes.tsx';
export { useLogout } from './auth.api.ts';
