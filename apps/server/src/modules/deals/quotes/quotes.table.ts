import type { QuoteStatus, QuoteTaxMode } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { files } from '../../access/files/files.table.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { deals } from '../deals/deals.table.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A quote line as stored (a snapshot: later changes to the deal or the product leave the quote as it was sent). */
export interface StoredQuoteLine {
  productId: string | null;
  name: string;
  description: string | null;
  unitPrice: string;
  quantity: number;
  discountPercent: number;
  optional: boolean;
}

export interface StoredParty {
  companyName: string | null;
  taxId: string | null;
  address: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

export interface StoredSeller {
  name: string;
  taxId: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** The workspace's logo when the version was made (a workspace file; absent on versions made before logos). */
  logoFileId?: string | null;
}

/**
 * One version of a quote (docs/decisions/0020-quotes.md). Versions of one quote share `number`; editing a sent quote
 * inserts version + 1 and marks the previous one superseded, so what a customer saw stays as it was. Totals are
 * stored as computed by the contract's quoteTotals at write time. `public_token` is the public page's key.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    version: integer('version').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('draft'),
    title: text('title'),
    lines: jsonb('lines').$type<StoredQuoteLine[]>().notNull(),
    taxMode: text('tax_mode').$type<QuoteTaxMode>().notNull(),
    subtotal: money('subtotal').notNull(),
    untaxed: money('untaxed').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    terms: text('terms'),
    seller: jsonb('seller').$type<StoredSeller>().notNull(),
    buyer: jsonb('buyer').$type<StoredParty>().notNull(),
    publicToken: text('public_token').notNull(),
    creatorUserId: uuid('creator_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedName: text('accepted_name'),
    acceptedTitle: text('accepted_title'),
    signature: text('signature'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('quotes_org_number_version_idx').on(t.orgId, t.number, t.version),
    uniqueIndex('quotes_public_token_idx').on(t.publicToken),
    index('quotes_org_deal_idx').on(t.orgId, t.dealId, t.createdAt),
    index('quotes_deal_ref_idx').on(t.dealId),
    check('quotes_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'superseded')`),
    check('quotes_tax_mode_check', sql`${t.taxMode} in ('exclusive', 'inclusive', 'none')`),
    check('quotes_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * A workspace's quote settings and its numbering counter. The counter is taken with one
 * `insert … on conflict do update set last_number = last_number + 1 returning`: the row lock serializes concurrent
 * creations on any number of app servers, and a rolled-back creation leaves a gap, never a repeat.
 */
export const quoteSettings = pgTable('quote_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
  prefix: text('prefix').notNull().default('Q'),
  sellerName: text('seller_name'),
  sellerTaxId: text('seller_tax_id'),
  sellerAddress: text('seller_address'),
  sellerPhone: text('seller_phone'),
  sellerEmail: text('seller_email'),
  defaultTerms: text('default_terms'),
  validDays: integer('valid_days').notNull().default(30),
  markDealWon: boolean('mark_deal_won').notNull().default(true),
  /** The letterhead's logo; a replaced one stays stored, since versions already made still show it. */
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  updatedAt: updatedAtColumn(),
});
