/** The auth feature's public surface. */
export { authRoutes, signInRoutes } from './routes.tsx';
export { useLogout } from './auth.api.ts';
