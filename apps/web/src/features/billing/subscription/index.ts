export { subscriptionAccountRoutes, subscriptionRoutes } from './routes.tsx';
export { useBillingOrgId, usePlanInfo } from './subscription.api.ts';
