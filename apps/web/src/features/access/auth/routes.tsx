import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./pages/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const AppleLoginingPage = lazy(() => import('./pages/apple-logining-page.tsx').then((m) => ({ default: m.AppleLoginingPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));

/** The plain sign-in pages (docs/product.md#screens): no antd, outside the router's antd shell (app/router.tsx). */
export const signInRoutes: RouteObject[] = [
  { path: '/member/login', element: <LoginPage /> },
  { path: '/member/signup', element: <SignupPage /> },
  { path: '/user/forgot/password', element: <ForgotPasswordPage /> },
];

/** The other public auth pages, built with antd (inside the shell). */
export const authRoutes: RouteObject[] = [
  { path: '/user/resetPassword', element: <ResetPasswordPage /> },
  { path: '/user/apple-logining', element: <AppleLoginingPage /> },
];
