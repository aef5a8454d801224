import type { ReservationServiceLine, ReservationSource, ReservationStatus } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** The workspace and business a row belongs to. */
const ownership = () => ({
  orgId: orgIdColumn(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
});

/**
 * Reservations. The chosen services are copied (titles, durations, prices) so history survives edits;
 * service_ids keeps them filterable. (business_id, request_key) is unique: a repeated submit books once.
 * The local date and minutes drive capacity; start_at/end_at are the instants for the calendar.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownership(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestKey: text('request_key').notNull(),
    status: text('status').$type<ReservationStatus>().notNull().default('pending'),
    source: text('source').$type<ReservationSource>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    people: integer('people').notNull(),
    services: jsonb('services').$type<ReservationServiceLine[]>().notNull(),
    serviceIds: uuid('service_ids').array().notNull(),
    estimatedAmount: numeric('estimated_amount', { precision: 14, scale: 2 }).notNull(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    note: text('note'),
    /** The language the visitor booked in: their notices (confirmation, cancellation, reminder) speak it. */
    locale: text('locale'),
    /** When the day-before reminder went out (or was queued): at most once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('reservations_request_key_idx').on(t.businessId, t.requestKey),
    index('reservations_org_start_idx').on(t.orgId, t.startAt, t.id),
    index('reservations_org_status_start_idx').on(t.orgId, t.status, t.startAt, t.id),
    index('reservations_org_contact_idx').on(t.orgId, t.contactId),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where contact_id = $1`, no org_id): without it every purged
    // contact scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('reservations_contact_ref_idx').on(t.contactId).where(sql`contact_id is not null`),
    // The reminder job's scan (all workspaces): pending reservations not yet reminded, by date.
    index('reservations_remind_idx').on(t.date).where(sql`status = 'pending' and reminded_at is null`),
    index('reservations_service_ids_idx').using('gin', t.serviceIds),
    check('reservations_status_check', sql`${t.status} in ('pending', 'completed', 'cancelled')`),
    check('reservations_source_check', sql`${t.source} in ('staff', 'public')`),
    check('reservations_people_check', sql`${t.people} >= 1`),
    check('reservations_minutes_check', sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

/**
 * Seats per 30-minute step of a business: the capacity invariant lives here. A booking adds its people to
 * every step it covers with a conditional update (people_booked + n <= capacity) under row locks taken in
 * step order, inside the create transaction; a cancel takes them back. capacity follows concurrentBooking.
 */
export const reservationSlots = pgTable(
  'reservation_slots',
  {
    ...ownership(),
    date: date('date', { mode: 'string' }).notNull(),
    minute: smallint('minute').notNull(),
    capacity: integer('capacity').notNull(),
    peopleBooked: integer('people_booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.date, t.minute] }),
    check('reservation_slots_minute_check', sql`${t.minute} between 0 and 1410 and ${t.minute} % 30 = 0`),
    check('reservation_slots_people_check', sql`${t.peopleBooked} >= 0`),
  ],
);
