import type { InvoiceBuyer, InvoiceStatus, SalesInvoiceMode } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';
import { deals } from '../deals/deals.table.ts';
import { quotes } from '../quotes/quotes.table.ts';

/**
 * A workspace's e-invoice connection (issue 36). `test` needs nothing and issues local test numbers; `ecpay` holds
 * the workspace's own merchant, its HashKey and HashIV encrypted at rest (platform/secrets.ts, never answered back).
 */
export const salesInvoiceSettings = pgTable('sales_invoice_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  mode: text('mode').$type<SalesInvoiceMode>().notNull().default('test'),
  merchantId: text('merchant_id'),
  hashKey: text('hash_key'),
  hashIv: text('hash_iv'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  updatedAt: updatedAtColumn(),
});

/**
 * A workspace's e-invoice to its customer, issued from a won deal or an accepted quote. At most one live invoice per
 * deal (the partial unique index: a second request, a double click or a second server finds the first), so issuing
 * happens once; relate_number is the number the provider knows it by (a retry after a crash asks for it before
 * issuing again). locked_until is the lease of the runner calling the provider; deadline_at the legal upload
 * deadline (48 h B2C, 7 days B2B after the sale).
 */
export const salesInvoices = pgTable(
  'sales_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    relateNumber: text('relate_number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    mode: text('mode').$type<SalesInvoiceMode>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    amount: integer('amount').notNull(),
    itemName: text('item_name').notNull(),
    invoiceNumber: text('invoice_number'),
    randomCode: text('random_code'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    deadlineAlertedAt: timestamp('deadline_alerted_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    allowanceNumber: text('allowance_number'),
    allowanceAmount: integer('allowance_amount'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    creatorUserId: uuid('creator_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('sales_invoices_live_deal_idx').on(t.dealId).where(sql`${t.status} <> 'voided'`),
    uniqueIndex('sales_invoices_relate_number_idx').on(t.relateNumber),
    index('sales_invoices_org_deal_idx').on(t.orgId, t.dealId, t.createdAt),
    index('sales_invoices_due_idx').on(t.status, t.nextAttemptAt),
    index('sales_invoices_quote_ref_idx').on(t.quoteId),
    index('sales_invoices_deal_ref_idx').on(t.dealId),
    check('sales_invoices_status_check', sql`${t.status} in ('pending', 'issued', 'failed', 'voided', 'allowed')`),
    check('sales_invoices_mode_check', sql`${t.mode} in ('test', 'ecpay')`),
  ],
);
