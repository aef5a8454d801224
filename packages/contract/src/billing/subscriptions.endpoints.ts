import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  billingCatalogSchema,
  cardBindBodySchema,
  chargeParamsSchema,
  chargeSchema,
  checkoutBodySchema,
  checkoutQuoteBodySchema,
  checkoutQuoteSchema,
  checkoutResultSchema,
  couponRedeemBodySchema,
  noticeDismissBodySchema,
  planChoiceSchema,
  planInfoSchema,
  renewalReportSchema,
  sandboxVerificationParamsSchema,
  sandboxVerificationSchema,
  sandboxVerifyBodySchema,
  sandboxVerifyResultSchema,
  tappayNotifyQuerySchema,
  testClockBodySchema,
} from './subscriptions.ts';

/**
 * /api/billing/… (docs/product.md#api). Workspace calls take `?orgId=` but are `user` endpoints: a frozen
 * workspace's administrator must still reach them to pay (the member guard answers 423). The service
 * checks membership (404 for another workspace) and, for purchases, the top administrator (403).
 */
const orgQuery = z.object({ orgId: z.uuid() });

export const subscriptionsEndpoints = endpoints('billing', {
  catalog: { method: 'GET', path: '/billing/plans', access: 'user', response: billingCatalogSchema },
  planInfo: { method: 'GET', path: '/billing/subscription', access: 'user', query: orgQuery, response: planInfoSchema },
  checkout: { method: 'POST', path: '/billing/checkout', access: 'user', query: orgQuery, body: checkoutBodySchema, response: checkoutResultSchema },
  quote: {
    method: 'POST',
    path: '/billing/checkout/quote',
    access: 'user',
    query: orgQuery,
    body: checkoutQuoteBodySchema,
    response: checkoutQuoteSchema,
    description: 'The administrator: the first payment of a plan choice with a coupon code checked (not redeemed), the discount and the renewal price.',
  },
  change: { method: 'POST', path: '/billing/subscription/change', access: 'user', query: orgQuery, body: planChoiceSchema, response: planInfoSchema },
  cancel: { method: 'POST', path: '/billing/subscription/cancel', access: 'user', query: orgQuery, response: planInfoSchema },
  resume: { method: 'POST', path: '/billing/subscription/resume', access: 'user', query: orgQuery, response: planInfoSchema },
  charges: { method: 'GET', path: '/billing/charges', access: 'user', query: orgQuery, response: z.array(chargeSchema) },
  charge: { method: 'GET', path: '/billing/charges/:id', access: 'user', params: chargeParamsSchema, query: orgQuery, response: chargeSchema },
  redeemCoupon: { method: 'POST', path: '/billing/coupons/redeem', access: 'user', query: orgQuery, body: couponRedeemBodySchema, response: planInfoSchema },
  dismissNotices: { method: 'POST', path: '/billing/notices/dismiss', access: 'user', query: orgQuery, body: noticeDismissBodySchema, response: z.null() },
  bindCard: {
    method: 'POST',
    path: '/billing/card',
    access: 'user',
    query: orgQuery,
    body: cardBindBodySchema,
    response: planInfoSchema,
    description: 'The administrator replaces the card on file for the renewals without a payment (TapPay bind card, or a sandbox test card).',
  },
  sandboxVerification: {
    method: 'GET',
    path: '/billing/sandbox/verification/:tradeId',
    access: 'public',
    params: sandboxVerificationParamsSchema,
    response: sandboxVerificationSchema,
    description: 'Sandbox provider only (404 otherwise): the test-mode stand-in for the bank 3-D Secure page reads the transaction.',
  },
  sandboxVerify: {
    method: 'POST',
    path: '/billing/sandbox/verification/:tradeId',
    access: 'public',
    params: sandboxVerificationParamsSchema,
    body: sandboxVerifyBodySchema,
    response: sandboxVerifyResultSchema,
    description: 'Sandbox provider only (404 otherwise): the cardholder approves or fails 3-D Secure; the payment is settled through the same notify and record query as TapPay, and the browser goes to redirectUrl.',
  },
  runRenewals: {
    method: 'POST',
    path: '/billing/test-clock/renewals',
    access: 'user',
    query: orgQuery,
    body: testClockBodySchema,
    response: renewalReportSchema,
    description: 'Development and e2e only (BILLING_TEST_CLOCK=true, refused in production; 404 otherwise): the administrator runs the workspace renewals as of a given time.',
  },
  /** TapPay's backend notify (3-D Secure result): public, verified by a signed token and a record query. */
  tappayNotify: { method: 'POST', path: '/billing/tappay/notify', access: 'public', query: tappayNotifyQuerySchema, response: 'raw', rawAnswer: { status: 200, description: 'Acknowledged (TapPay expects `{ status: 0 }`).', json: true } },
});
