import { z } from 'zod';
import { plans } from '../platform/constants.ts';
import { couponCodeSchema, couponKinds, couponRefusals } from './coupons.ts';
import { invoiceBuyerSchema, invoiceSummarySchema } from './invoices.ts';
import { planFeatureKeys, planLimitKeys, planOptions } from './plans.ts';

/**
 * docs/product.md#states (subscription: paid, payment failed, subscribed, cancelled). A subscription is
 * `subscribed` while paid up, `payment_failed` while a renewal is being retried (and after the grace
 * period, when the workspace is frozen), `cancelled` when it ends at the period end, `ended` once it has.
 */
export const subscriptionStatuses = ['subscribed', 'payment_failed', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A charge (one per paid period): `pending` while 3-D Secure waits for the cardholder, then `paid` or `failed`. */
export const chargeStatuses = ['pending', 'processing', 'paid', 'failed'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];
export const chargeKinds = ['first', 'renewal'] as const;

export const paymentProviders = ['sandbox', 'tappay'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const purchasablePlanSchema = z.enum(['basic', 'pro', 'subscribe_team']);

export type PurchasablePlan = z.infer<typeof purchasablePlanSchema>;

export const planChoiceSchema = z.object({
  plan: purchasablePlanSchema,
  extraSeats: z.number().int().min(0).max(planOptions.extraSeat.max).default(0),
  extraStorageBlocks: z.number().int().min(0).max(planOptions.extraStorage.max).default(0),
});

export type PurchaseChoice = z.infer<typeof planChoiceSchema>;

const limitSchema = z.number().nullable();
export const planSchema = z.object({
  id: z.enum(plans),
  rank: z.number(),
  monthlyPrice: z.number().nullable(),
  purchasable: z.boolean(),
  limits: z.object(Object.fromEntries(planLimitKeys.map((key) => [key, limitSchema])) as Record<(typeof planLimitKeys)[number], typeof limitSchema>),
  features: z.object(Object.fromEntries(planFeatureKeys.map((key) => [key, z.boolean()])) as Record<(typeof planFeatureKeys)[number], z.ZodBoolean>),
  extraSeats: z.boolean(),
});

/** GET /api/billing/plans: the comparison table and how the browser takes a card. */
export const billingCatalogSchema = z.object({
  currency: z.string(),
  plans: z.array(planSchema),
  options: z.object({
    extraSeat: z.object({ monthlyPrice: z.number(), max: z.number() }),
    extraStorage: z.object({ blockBytes: z.number(), monthlyPrice: z.number(), max: z.number() }),
  }),
  defaultPlan: z.enum(plans),
  provider: z.enum(paymentProviders),
  /** Sandbox: nothing is charged; the UI says so. */
  testMode: z.boolean(),
  /** TapPay Fields setup for the browser (app id and key are public by design), else null. */
  tappay: z.object({ appId: z.number(), appKey: z.string(), serverType: z.enum(['sandbox', 'production']), sdkUrl: z.string() }).nullable(),
  /** Sandbox: card numbers it accepts (published test numbers). */
  testCards: z.array(z.object({ number: z.string(), brand: z.string(), outcome: z.enum(['approved', 'threeDomainSecure', 'renewalsDeclined', 'declined']) })),
});
export type BillingCatalog = z.infer<typeof billingCatalogSchema>;

export const cardholderSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email(),
  phone: z.string().trim().max(30).default(''),
});

const primeSourceSchema = z.object({ kind: z.literal('prime'), prime: z.string().min(10).max(200) });
const sandboxCardSourceSchema = z.object({
  kind: z.literal('sandboxCard'),
  number: z.string().regex(/^[0-9 ]{12,23}$/),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/?[0-9]{2}$/),
  cvc: z.string().regex(/^[0-9]{3,4}$/),
});

/** How the card comes: a TapPay prime (TapPay Fields), a sandbox test card, or the card saved by an earlier payment. */
export const paymentSourceSchema = z.discriminatedUnion('kind', [primeSourceSchema, sandboxCardSourceSchema, z.object({ kind: z.literal('savedCard') })]);
export type PaymentSource = z.infer<typeof paymentSourceSchema>;

/** POST /api/billing/checkout: subscribe (or pay what is owed) with a card. */
export const checkoutBodySchema = planChoiceSchema.extend({
  couponCode: couponCodeSchema.optional(),
  /** The amount the pay button showed (TWD): refused with 409 BILLING_AMOUNT_CHANGED when the charge would differ. */
  expectedAmount: z.number().int().min(0).max(100_000_000),
  payment: paymentSourceSchema,
  cardholder: cardholderSchema,
  /** Who the e-invoice is made out to (docs/decisions/0021); default: a member invoice to the cardholder's e-mail. */
  invoiceBuyer: invoiceBuyerSchema.optional(),
});

/** POST /api/billing/checkout/quote: what the first payment of this choice costs, with the typed (or a waiting) coupon; nothing is redeemed. */
export const checkoutQuoteBodySchema = planChoiceSchema.extend({ couponCode: couponCodeSchema.optional() });
export type CheckoutQuoteBody = z.input<typeof checkoutQuoteBodySchema>;

export const checkoutQuoteSchema = z.object({
  /** Before the coupon. */
  listAmount: z.number(),
  /** Charged now: what the pay button says and the checkout must carry as expectedAmount. */
  amount: z.number(),
  discount: z.number(),
  /** The monthly price from the first renewal on (a percentage or amount coupon is spent by one charge). */
  renewalAmount: z.number(),
  currency: z.string(),
  /** The coupon this payment uses: the typed one, or one redeemed earlier and waiting (`waiting`). */
  coupon: z.object({ code: z.string(), kind: z.enum(couponKinds), value: z.number(), waiting: z.boolean() }).nullable(),
  /** Why the typed code gives nothing, or null. */
  couponRefusal: z.enum(couponRefusals).nullable(),
  /** When the first paid period ends (free months lengthen it). */
  periodEnd: z.string(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const chargeSchema = z.object({
  id: z.string(),
  kind: z.enum(chargeKinds),
  status: z.enum(chargeStatuses),
  plan: z.enum(plans),
  extraSeats: z.number(),
  extraStorageBlocks: z.number(),
  /** Before the coupon; `amount` is what was (or will be) charged. */
  listAmount: z.number(),
  amount: z.number(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  provider: z.enum(paymentProviders),
  /** The gateway's transaction id (TapPay rec_trade_id). */
  providerTradeId: z.string().nullable(),
  orderNumber: z.string(),
  receiptNumber: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  attempts: z.number(),
  failureMessage: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  workspaceName: z.string(),
  /** The charge's e-invoice (docs/decisions/0021), null before the payment. */
  invoice: invoiceSummarySchema.nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const checkoutResultSchema = z.object({
  charge: chargeSchema,
  /** 3-D Secure: send the browser here; TapPay brings it back to /subscription/success or /fail. */
  paymentUrl: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const billingNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(['paymentFailed', 'frozen', 'paid']),
  amount: z.number().nullable(),
  createdAt: z.string(),
});

/** GET /api/billing/subscription (/account/planInfo). */
export const planInfoSchema = z.object({
  orgId: z.string(),
  workspaceName: z.string(),
  plan: z.enum(plans),
  status: z.enum(subscriptionStatuses).nullable(),
  extraSeats: z.number(),
  extraStorageBlocks: z.number(),
  seatsUsed: z.number(),
  seatLimit: z.number().nullable(),
  storageUsedBytes: z.number(),
  storageLimitBytes: z.number().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** When the next renewal is charged (24 hours before the period end), and how much. */
  nextRenewalAt: z.string().nullable(),
  nextAmount: z.number().nullable(),
  currency: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the period end. */
  pendingChange: planChoiceSchema.nullable(),
  pendingCoupon: z.object({ code: z.string(), kind: z.enum(couponKinds), value: z.number() }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  provider: z.enum(paymentProviders).nullable(),
  frozen: z.boolean(),
  /** Owed after declined renewals (payment_failed), else null. */
  amountDue: z.number().nullable(),
  isAdministrator: z.boolean(),
  notices: z.array(billingNoticeSchema),
});
export type PlanInfo = z.infer<typeof planInfoSchema>;

export const couponRedeemBodySchema = z.object({ code: couponCodeSchema });
export const chargeParamsSchema = z.object({ id: z.uuid() });
export const noticeDismissBodySchema = z.object({ ids: z.array(z.uuid()).max(100) });
export const tappayNotifyQuerySchema = z.object({ token: z.string().min(10).max(300) });

/** POST /api/billing/test-clock/renewals (BILLING_TEST_CLOCK, never in production): run the renewals as of `at`. */
export const testClockBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });
export const renewalReportSchema = z.object({ ended: z.number(), created: z.number(), paid: z.number(), declined: z.number(), frozen: z.number() });
export type RenewalReport = z.infer<typeof renewalReportSchema>;

/** POST /api/billing/card: a new card on file for the renewals, without a payment (TapPay bind card, or a sandbox card). */
export const cardBindBodySchema = z.object({
  payment: z.discriminatedUnion('kind', [primeSourceSchema, sandboxCardSourceSchema]),
  cardholder: cardholderSchema,
});
export type CardBindBody = z.input<typeof cardBindBodySchema>;

/** The sandbox's stand-in for the bank's 3-D Secure page (test mode only). */
export const sandboxVerificationParamsSchema = z.object({ tradeId: z.string().regex(/^SBX[0-9a-f]{32}$/) });
export const sandboxVerificationSchema = z.object({
  tradeId: z.string(),
  orderNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
});
export const sandboxVerifyBodySchema = z.object({ approve: z.boolean() });
export const sandboxVerifyResultSchema = z.object({ redirectUrl: z.string() });
