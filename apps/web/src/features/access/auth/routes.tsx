import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./pages/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const AppleLoginingPage = lazy(() => import('./pages/apple-logining-page.tsx').then((m) => ({ default: m.AppleLoginingPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));

/** Public pages (docs/product.md#screens). */
export const authRoutes: RouteObject[] = [
  { path: '/member/login', element: <LoginPage /> },
  { path: '/member/signup', element: <SignupPage /> },
  { path: '/user/forgot/password', element: <ForgotPasswordPage /> },
  { path: '/user/resetPassword', element: <ResetPasswordPage /> },
  { path: '/user/apple-logining', element: <AppleLoginingPage /> },
];
