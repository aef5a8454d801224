export { subscriptionAccountRoutes, subscriptionRoutes } from './routes.tsx';
export { useBillingOrgId, usePlanInfo } from './subscription.api.ts';
export { BillingNoticeBanner } from './components/billing-notice-banner.tsx';
export { PlanLimitHint } from './components/plan-limit-hint.tsx';
export { formatTwd } from './format.ts';
