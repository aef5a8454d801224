import { z } from 'zod';
import { couponCreateSchema, couponKinds, couponPlans } from '../billing/coupons.ts';
import { chargeStatuses, subscriptionStatuses } from '../billing/subscriptions.ts';
import { plans } from '../platform/constants.ts';

/**
 * The operator console (issue 30 #15): the people running a Lodestar server (OPERATOR_EMAILS) see every
 * workspace, coupon and charge. Separate from any workspace's administrators; every write goes to the
 * append-only operator audit trail.
 */
const keyword = z.string().trim().max(100).default('');
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const operatorCouponListQuerySchema = z.object({ keyword, ...paging });
export const operatorWorkspaceListQuerySchema = z.object({ keyword, ...paging });
export const operatorChargeListQuerySchema = z
  .object({
    /** Workspace name (part of it) or id. */
    keyword,
    status: z.enum(chargeStatuses).optional(),
    /** Created on or after / before this calendar date (Taiwan time). */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    ...paging,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export const operatorAuditListQuerySchema = z.object({ ...paging });

export const operatorIdParamsSchema = z.object({ id: z.uuid() });
export const operatorCouponCreateBodySchema = couponCreateSchema;
export const operatorFreezeBodySchema = z.object({ frozen: z.boolean() });
export const operatorPlanBodySchema = z.object({ plan: z.enum(plans) });

export const operatorCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number(),
  plans: z.array(z.enum(couponPlans)),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().nullable(),
  redemptions: z.number(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorCoupon = z.infer<typeof operatorCouponSchema>;

export const operatorWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerEmail: z.string().nullable(),
  plan: z.enum(plans),
  subscriptionStatus: z.enum(subscriptionStatuses).nullable(),
  frozen: z.boolean(),
  /** Activated members, and the seats the plan allows (null = unlimited). */
  seatsUsed: z.number(),
  seatLimit: z.number().nullable(),
  /** The latest sign-in use of any member's session, else the workspace's creation. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorWorkspace = z.infer<typeof operatorWorkspaceSchema>;

export const operatorChargeSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  workspaceName: z.string(),
  kind: z.enum(['first', 'renewal']),
  status: z.enum(chargeStatuses),
  plan: z.enum(plans),
  listAmount: z.number(),
  amount: z.number(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  receiptNumber: z.string(),
  failureMessage: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorCharge = z.infer<typeof operatorChargeSchema>;

export const operatorActions = ['couponCreated', 'couponDisabled', 'workspaceFrozen', 'workspaceUnfrozen', 'planChanged', 'invoiceRetried'] as const;
export type OperatorAction = (typeof operatorActions)[number];

export const operatorAuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorEmail: z.string(),
  action: z.enum(operatorActions),
  /** What it was done to: a coupon code or a workspace name, as it was then. */
  targetLabel: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type OperatorAuditEvent = z.infer<typeof operatorAuditEventSchema>;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
export const operatorCouponPageSchema = pageOf(operatorCouponSchema);
export const operatorWorkspacePageSchema = pageOf(operatorWorkspaceSchema);
export const operatorChargePageSchema = pageOf(operatorChargeSchema);
export const operatorAuditPageSchema = pageOf(operatorAuditEventSchema);

/**
 * An e-invoice that needs an operator (issue 36): refused by the provider (`failed`) or still retrying (`pending`),
 * of Lodestar's own charges (`charge`) or of a workspace's own sales (`sale`); nearest upload deadline first.
 */
export const operatorInvoiceSources = ['charge', 'sale'] as const;
export const operatorInvoiceSchema = z.object({
  id: z.string(),
  source: z.enum(operatorInvoiceSources),
  orgId: z.string(),
  workspaceName: z.string(),
  status: z.enum(['pending', 'failed']),
  amount: z.number().int(),
  itemName: z.string(),
  buyerKind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  /** The deadline passed or is within the alert lead (12 hours). */
  deadlineNear: z.boolean(),
  testMode: z.boolean(),
});
export type OperatorInvoice = z.infer<typeof operatorInvoiceSchema>;
export const operatorInvoiceListSchema = z.object({ items: z.array(operatorInvoiceSchema) });
export const operatorInvoiceParamsSchema = z.object({ source: z.enum(operatorInvoiceSources), id: z.uuid() });
