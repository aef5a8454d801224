import { endpoints } from '../platform/endpoint.ts';
import {
  operatorAuditListQuerySchema,
  operatorAuditPageSchema,
  operatorChargeListQuerySchema,
  operatorChargePageSchema,
  operatorCouponCreateBodySchema,
  operatorCouponListQuerySchema,
  operatorCouponPageSchema,
  operatorCouponSchema,
  operatorFreezeBodySchema,
  operatorIdParamsSchema,
  operatorPlanBodySchema,
  operatorWorkspaceListQuerySchema,
  operatorWorkspacePageSchema,
  operatorWorkspaceSchema,
} from './operator.ts';

const operatorsOnly = 'Operators only (OPERATOR_EMAILS): every other user, workspace administrators included, gets 404.';

/** /api/operator/… : the operator console (signed-in operators; no workspace in the query). */
export const operatorEndpoints = endpoints('operator', {
  coupons: { method: 'GET', path: '/operator/coupons', access: 'user', query: operatorCouponListQuerySchema, response: operatorCouponPageSchema, description: operatorsOnly },
  createCoupon: {
    method: 'POST',
    path: '/operator/coupons',
    access: 'user',
    body: operatorCouponCreateBodySchema,
    response: operatorCouponSchema,
    description: `${operatorsOnly} 409 BILLING_COUPON_EXISTS when the code is taken. Audited.`,
  },
  disableCoupon: {
    method: 'POST',
    path: '/operator/coupons/:id/disable',
    access: 'user',
    params: operatorIdParamsSchema,
    response: operatorCouponSchema,
    description: `${operatorsOnly} No new redemptions; one already redeemed and waiting for its charge still applies. Audited.`,
  },
  workspaces: { method: 'GET', path: '/operator/workspaces', access: 'user', query: operatorWorkspaceListQuerySchema, response: operatorWorkspacePageSchema, description: operatorsOnly },
  freezeWorkspace: {
    method: 'POST',
    path: '/operator/workspaces/:id/freeze',
    access: 'user',
    params: operatorIdParamsSchema,
    body: operatorFreezeBodySchema,
    response: operatorWorkspaceSchema,
    description: `${operatorsOnly} Freezes (every member gets 423) or unfreezes a workspace. Audited.`,
  },
  setWorkspacePlan: {
    method: 'POST',
    path: '/operator/workspaces/:id/plan',
    access: 'user',
    params: operatorIdParamsSchema,
    body: operatorPlanBodySchema,
    response: operatorWorkspaceSchema,
    description: `${operatorsOnly} Sets the plan of a workspace without a card subscription (409 OPERATOR_WORKSPACE_SUBSCRIBED otherwise). Audited.`,
  },
  charges: { method: 'GET', path: '/operator/charges', access: 'user', query: operatorChargeListQuerySchema, response: operatorChargePageSchema, description: operatorsOnly },
  audit: { method: 'GET', path: '/operator/audit', access: 'user', query: operatorAuditListQuerySchema, response: operatorAuditPageSchema, description: operatorsOnly },
});
