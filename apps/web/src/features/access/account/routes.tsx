import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProfilePage = lazy(() => import('./pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const PasswordPage = lazy(() => import('./pages/password-page.tsx').then((m) => ({ default: m.PasswordPage })));

/** Under the account layout (/account/...). */
export const accountRoutes: RouteObject[] = [
  { path: 'profile', element: <ProfilePage /> },
  { path: 'password', element: <PasswordPage /> },
];
