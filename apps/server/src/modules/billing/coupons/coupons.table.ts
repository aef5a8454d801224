import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../access/organizations/organizations.table.ts';

/** Coupon codes (docs/decisions/0010): created in the operator console (or `npm run billing:coupon`), redeemed once per workspace. */
export const billingCoupons = pgTable(
  'billing_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; codes compare case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount', 'freeMonths'] }).notNull(),
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    /** Counted under a row lock with the redemption insert, so the limit holds under concurrency. */
    redemptions: integer('redemptions').notNull().default(0),
    /** Purchasable plans it applies to; null or empty = every plan. */
    plans: text('plans').array(),
    /** Disabled by an operator: no new redemptions (a redeemed one waiting for its charge still applies). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_coupons_code_idx').on(t.code),
    check('billing_coupons_kind_check', sql`${t.kind} in ('percent', 'amount', 'freeMonths')`),
    check('billing_coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/** One row per workspace and coupon; applied_charge_id is set when a charge used it (null = waiting for the next charge). */
export const billingCouponRedemptions = pgTable(
  'billing_coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => billingCoupons.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    appliedChargeId: uuid('applied_charge_id'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('billing_coupon_redemptions_coupon_org_idx').on(t.couponId, t.orgId), index('billing_coupon_redemptions_org_idx').on(t.orgId)],
);
