import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { users } from '../../access/users/users.table.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One subscription per workspace (docs/product.md#states, docs/decisions/0010). Periods are counted in whole
 * months from anchor_at; a downgrade waits in pending_* until the period end.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    extraSeats: integer('extra_seats').notNull().default(0),
    extraStorageBlocks: integer('extra_storage_blocks').notNull().default(0),
    status: text('status', { enum: ['subscribed', 'payment_failed', 'cancelled', 'ended'] }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'tappay'] }).notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pendingPlan: text('pending_plan'),
    pendingExtraSeats: integer('pending_extra_seats'),
    pendingExtraStorageBlocks: integer('pending_extra_storage_blocks'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_subscriptions_org_idx').on(t.orgId),
    index('billing_subscriptions_period_end_idx').on(t.currentPeriodEnd),
    check('billing_subscriptions_status_check', sql`${t.status} in ('subscribed', 'payment_failed', 'cancelled', 'ended')`),
  ],
);

/** The workspace's saved card: TapPay card_key and card_token encrypted at rest (platform/secrets.ts); never a card number. */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'tappay'] }).notNull(),
    cardKey: text('card_key').notNull(),
    cardToken: text('card_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('billing_payment_methods_org_idx').on(t.orgId)],
);

/**
 * Charges (payment records and receipts): one per paid period. idempotency_key is unique — a renewal's is
 * `renewal:<subscription>:<period start>` — so two job runners or a restart never create a second charge for a
 * period; locked_until is the lease of the runner that is calling the gateway.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => billingSubscriptions.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['first', 'renewal'] }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'paid', 'failed'] }).notNull(),
    plan: text('plan').notNull(),
    extraSeats: integer('extra_seats').notNull().default(0),
    extraStorageBlocks: integer('extra_storage_blocks').notNull().default(0),
    listAmount: integer('list_amount').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    couponCode: text('coupon_code'),
    couponRedemptionId: uuid('coupon_redemption_id'),
    /** Free months from a coupon redeemed with this charge: the period is that much longer. */
    freeMonths: integer('free_months').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'tappay'] }).notNull(),
    providerTradeId: text('provider_trade_id'),
    /** Sent to the gateway as order_number; also the receipt number. */
    orderNumber: text('order_number').notNull(),
    /** 3-D Secure: the card TapPay remembered, encrypted, kept here until the payment is confirmed. */
    pendingCardKey: text('pending_card_key'),
    pendingCardToken: text('pending_card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_charges_idempotency_key_idx').on(t.idempotencyKey),
    uniqueIndex('billing_charges_order_number_idx').on(t.orderNumber),
    index('billing_charges_org_idx').on(t.orgId, t.createdAt),
    index('billing_charges_due_idx').on(t.status, t.nextAttemptAt),
    check('billing_charges_status_check', sql`${t.status} in ('pending', 'processing', 'paid', 'failed')`),
  ],
);

/** In-app notices for the administrator (a declined renewal, a frozen workspace, a payment that unfroze it). */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['paymentFailed', 'frozen', 'paid'] }).notNull(),
    chargeId: uuid('charge_id').references(() => billingCharges.id, { onDelete: 'set null' }),
    amount: integer('amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [index('billing_notices_org_idx').on(t.orgId, t.createdAt)],
);
