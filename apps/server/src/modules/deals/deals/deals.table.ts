import type { DealFieldSetting, DealPermission, DynamicFieldValues } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { joinedText } from '../../../db/search-columns.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { salesItems } from '../sales-items/sales-items.table.ts';
import { salesStageTypes } from '../sales-stages/sales-stages.table.ts';
import { dealLostReasons } from '../lost-reasons/lost-reasons.table.ts';
import { users } from '../../access/users/users.table.ts';
import { departments } from '../../access/departments/departments.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

const live = sql`deleted_at is null`;
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * Deals (docs/product.md#fields). stage is a sales_stages id or the fixed 1000 (won) / -9999 (lost), so it has
 * no foreign key; the service checks it and stage deletion is refused while deals sit in it.
 * stage_changed_at drives the stalled days and the board order.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    permission: text('permission').$type<DealPermission>().notNull().default('private'),
    amount: money('amount').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    estimatedEndDate: date('estimated_end_date', { mode: 'string' }).notNull(),
    completedDate: date('completed_date', { mode: 'string' }),
    stage: integer('stage').notNull(),
    stageTypeId: uuid('stage_type_id')
      .notNull()
      .references(() => salesStageTypes.id),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    closingRate: smallint('closing_rate').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => contacts.id, { onDelete: 'set null' }),
    dynamicFields: jsonb('dynamic_fields').$type<DynamicFieldValues>().notNull().default({}),
    collaboratorUserIds: uuid('collaborator_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    creatorUserId: uuid('creator_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    transferUserId: uuid('transfer_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Why a lost deal was lost: a workspace reason and free text, kept only while stage = -9999 (deals.repository.ts
    // updateDeal clears them whenever a write moves the deal elsewhere, whichever path: board, form or import).
    lostReasonId: uuid('lost_reason_id').references(() => dealLostReasons.id, { onDelete: 'set null' }),
    lostReasonNote: text('lost_reason_note'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(${joinedText('name')})`),
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`lodestar_bigrams(${joinedText('name')})`),
  },
  (t) => [
    index('deals_org_created_idx').on(t.orgId, t.createdAt, t.id).where(live),
    index('deals_org_updated_idx').on(t.orgId, t.updatedAt, t.id).where(live),
    // The board: one index range per column, newest stage change first.
    index('deals_org_board_idx').on(t.orgId, t.stageTypeId, t.stage, t.stageChangedAt, t.id).where(live),
    index('deals_org_owner_idx').on(t.orgId, t.ownerUserId, t.createdAt).where(live),
    index('deals_org_company_idx').on(t.orgId, t.companyId).where(live),
    index('deals_org_client_idx').on(t.orgId, t.clientId).where(live),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where client_id = $1` or `company_id = $1`, no org_id): without them every purged
    // contact or company scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('deals_client_ref_idx').on(t.clientId).where(sql`client_id is not null`),
    index('deals_company_ref_idx').on(t.companyId).where(sql`company_id is not null`),
    index('deals_org_won_idx').on(t.orgId, t.ownerUserId, t.completedDate).where(sql`deleted_at is null and stage = 1000`),
    // Hand-written in migration 0023 (drizzle has no INCLUDE), for the statistics: deals_org_won_on_idx, deals_org_lost_on_idx,
    // deals_org_open_expected_idx, deals_org_open_key_idx, deals_org_open_stage_idx, deals_org_started_idx.
    index('deals_org_deleted_idx').on(t.orgId, t.deletedAt, t.id).where(sql`deleted_at is not null`),
    index('deals_collaborators_idx').using('gin', t.collaboratorUserIds),
    index('deals_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('deals_search_bigrams_idx').using('gin', t.searchBigrams),
    check('deals_amount_check', sql`${t.amount} >= 0`),
    check('deals_closing_rate_check', sql`${t.closingRate} between 0 and 100`),
    check('deals_completed_date_check', sql`${t.completedDate} is null or ${t.stage} = 1000`),
    check('deals_permission_check', sql`${t.permission} in ('private', 'public')`),
  ],
);

/** What product and cost lines share: their deal, a copied name and price, a count, their order. */
const lineColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: orgIdColumn(),
  dealId: uuid('deal_id')
    .notNull()
    .references(() => deals.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  singlePrice: money('single_price').notNull(),
  num: integer('num').notNull(),
  sort: integer('sort').notNull(),
});

/** Product lines: name and prices copied from the product when picked. */
export const dealProductLines = pgTable(
  'deal_product_lines',
  {
    ...lineColumns(),
    productId: uuid('product_id').references(() => salesItems.id, { onDelete: 'set null' }),
    quotedPrice: money('quoted_price').notNull(),
  },
  (t) => [
    index('deal_product_lines_deal_idx').on(t.orgId, t.dealId, t.sort),
    check('deal_product_lines_check', sql`${t.singlePrice} >= 0 and ${t.quotedPrice} >= 0 and ${t.num} > 0`),
  ],
);

export const dealCostLines = pgTable(
  'deal_cost_lines',
  {
    ...lineColumns(),
    costId: uuid('cost_id').references(() => salesItems.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('deal_cost_lines_deal_idx').on(t.orgId, t.dealId, t.sort),
    check('deal_cost_lines_check', sql`${t.singlePrice} >= 0 and ${t.num} > 0`),
  ],
);

/** Monthly targets per user (docs/product.md#fields: year, month, target, uid). */
export const dealTargets = pgTable(
  'deal_targets',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    target: money('target').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId, t.year, t.month] }),
    check('deal_targets_check', sql`${t.month} between 1 and 12 and ${t.target} >= 0`),
  ],
);

/**
 * Monthly targets per department (covering its sub-departments, as the statistics' department filter does).
 * No row for a month: the statistics fall back to the sum of the members' targets.
 */
export const departmentTargets = pgTable(
  'department_targets',
  {
    orgId: orgIdColumn(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    target: money('target').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.departmentId, t.year, t.month] }),
    check('department_targets_check', sql`${t.month} between 1 and 12 and ${t.target} >= 0`),
  ],
);

/** The deal list's built-in columns per workspace (settings/columnDeal); absent → defaultDealFieldSetting. */
export const dealFieldSettings = pgTable('deal_field_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  columns: jsonb('columns').$type<DealFieldSetting['columns']>().notNull(),
  updatedAt: updatedAtColumn(),
});
