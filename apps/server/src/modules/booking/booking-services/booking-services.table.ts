import type { PayType, PriceType, SelectionType } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const orgColumn = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** Duration (hour 0–23, minute 0 or 30) and the price of the chosen pay and price type (others null). */
const durationAndPrice = () => ({
  hour: smallint('hour').notNull(),
  minute: smallint('minute').notNull(),
  isOpen: boolean('is_open').notNull().default(true),
  payType: text('pay_type').$type<PayType>().notNull(),
  priceType: text('price_type').$type<PriceType>(),
  price: money('price'),
  priceBase: money('price_base'),
  priceMin: money('price_min'),
  priceMax: money('price_max'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

const durationAndPriceChecks = (name: string, t: { hour: unknown; minute: unknown; payType: unknown; priceType: unknown }) => [
  check(`${name}_duration_check`, sql`${t.hour} between 0 and 23 and ${t.minute} in (0, 30)`),
  check(
    `${name}_price_type_check`,
    sql`(${t.payType} = 'free' and ${t.priceType} is null) or (${t.payType} = 'charge' and ${t.priceType} in ('PriceFixed', 'PriceBase', 'PriceRange'))`,
  ),
];

export const bookingCategories = pgTable(
  'booking_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgColumn(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index('booking_categories_org_idx').on(t.orgId, t.sort)],
);

export const bookingServices = pgTable(
  'booking_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgColumn(),
    categoryId: uuid('category_id').references(() => bookingCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    ...durationAndPrice(),
  },
  (t) => [index('booking_services_org_idx').on(t.orgId, t.sort), ...durationAndPriceChecks('booking_services', t)],
);

/** Additional (add-on) service groups: single or multiple choice, required or not. */
export const bookingGroups = pgTable(
  'booking_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgColumn(),
    title: text('title').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    selectionType: text('selection_type').$type<SelectionType>().notNull().default('single'),
    isRequired: boolean('is_required').notNull().default(false),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('booking_groups_org_idx').on(t.orgId, t.sort),
    check('booking_groups_selection_type_check', sql`${t.selectionType} in ('single', 'multiple')`),
  ],
);

/** Which groups a main service offers (edited from either side). */
export const bookingServiceGroups = pgTable(
  'booking_service_groups',
  {
    orgId: orgColumn(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => bookingGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.groupId] }), index('booking_service_groups_group_idx').on(t.groupId)],
);

/** Items of an additional group; `fixed` items keep their place in sort saves. */
export const bookingItems = pgTable(
  'booking_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => bookingGroups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fixed: boolean('fixed').notNull().default(false),
    ...durationAndPrice(),
  },
  (t) => [index('booking_items_group_idx').on(t.groupId, t.sort), ...durationAndPriceChecks('booking_items', t)],
);
