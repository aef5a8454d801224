import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const pages = () => import('./pages/result-pages.tsx');
const SubscriptionPage = lazy(() => import('./pages/subscription-page.tsx').then((m) => ({ default: m.SubscriptionPage })));
const SuccessPage = lazy(() => pages().then((m) => ({ default: m.SubscriptionSuccessPage })));
const FailPage = lazy(() => pages().then((m) => ({ default: m.SubscriptionFailPage })));
const SandboxVerifyPage = lazy(() => import('./pages/sandbox-verify-page.tsx').then((m) => ({ default: m.SandboxVerifyPage })));
const PlanInfoPage = lazy(() => import('./pages/plan-info-page.tsx').then((m) => ({ default: m.PlanInfoPage })));
const PurchaseHistoryPage = lazy(() => import('./pages/purchase-history-page.tsx').then((m) => ({ default: m.PurchaseHistoryPage })));

/** docs/product.md#screens: /subscription, /subscription/success, /subscription/fail (under the account layout). */
export const subscriptionRoutes: RouteObject[] = [
  { path: '/subscription', element: <SubscriptionPage /> },
  { path: '/subscription/success', element: <SuccessPage /> },
  { path: '/subscription/fail', element: <FailPage /> },
  // The sandbox provider's 3-D Secure page (test mode only).
  { path: '/subscription/verify', element: <SandboxVerifyPage /> },
];

/** Under /account: planInfo and purchase/history. */
export const subscriptionAccountRoutes: RouteObject[] = [
  { path: 'planInfo', element: <PlanInfoPage /> },
  { path: 'purchase/history', element: <PurchaseHistoryPage /> },
];
