import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceBuyer } from '@lodestar/contract';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { billingCharges } from '../subscriptions/subscriptions.table.ts';

/**
 * The e-invoice of each of Lodestar's charges (docs/decisions/0021). charge_id is unique: one invoice per charge,
 * however many runners or restarts; relate_number is the number the provider knows it by (a retry after a crash
 * finds the invoice it already issued). locked_until is the lease of the runner calling the provider.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => billingCharges.id, { onDelete: 'cascade' }),
    relateNumber: text('relate_number').notNull(),
    status: text('status', { enum: ['draft', 'pending', 'issued', 'failed', 'voided', 'allowed'] }).notNull(),
    provider: text('provider', { enum: ['test', 'ecpay'] }),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    amount: integer('amount').notNull().default(0),
    itemName: text('item_name').notNull().default(''),
    invoiceNumber: text('invoice_number'),
    randomCode: text('random_code'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    testMode: boolean('test_mode').notNull().default(false),
    /** When the sale happened (the charge was paid) and the legal upload deadline from it (48 h B2C, 7 days B2B). */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    deadlineAlertedAt: timestamp('deadline_alerted_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    allowanceNumber: text('allowance_number'),
    allowanceAmount: integer('allowance_amount'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoices_charge_idx').on(t.chargeId),
    uniqueIndex('billing_invoices_relate_number_idx').on(t.relateNumber),
    index('billing_invoices_org_idx').on(t.orgId, t.createdAt),
    index('billing_invoices_due_idx').on(t.status, t.nextAttemptAt),
    check('billing_invoices_status_check', sql`${t.status} in ('draft', 'pending', 'issued', 'failed', 'voided', 'allowed')`),
  ],
);
