import { and, arrayContains, asc, between, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { afterCursor, allOf, keysetOrder, pageOf, sortKey, type Keyset } from '../../../db/paging.ts';
import { businesses } from '../businesses/businesses.table.ts';
import { users } from '../../access/users/users.table.ts';
import { reservations, reservationSlots } from './reservations.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

export type ReservationRowDb = typeof reservations.$inferSelect;
export type ReservationInsert = Omit<typeof reservations.$inferInsert, 'id' | 'orgId' | 'number' | 'createdAt' | 'updatedAt'>;

const creatorName = sql<string | null>`nullif(${personNameSql(users.firstName, users.lastName)}, '')`;
export type ReservationWithCreator = { reservation: ReservationRowDb; creatorName: string | null };

/** Claims the request key: undefined when a reservation with this key exists (then answer that one). */
export async function insertReservation(db: Db, orgId: string, values: ReservationInsert): Promise<ReservationRowDb | undefined> {
  const [row] = await db
    .insert(reservations)
    .values({ ...values, orgId })
    .onConflictDoNothing({ target: [reservations.businessId, reservations.requestKey] })
    .returning();
  return row;
}

function selectWithCreator(db: Db, where: SQL | undefined) {
  return db
    .select({ reservation: reservations, creatorName })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.createdByUserId))
    .where(where);
}

export async function findByRequestKey(db: Db, orgId: string, businessId: string, requestKey: string): Promise<ReservationWithCreator | undefined> {
  const [row] = await selectWithCreator(db, and(eq(reservations.orgId, orgId), eq(reservations.businessId, businessId), eq(reservations.requestKey, requestKey)));
  return row;
}

export async function findReservation(db: Db, orgId: string, id: string, visibility: SQL): Promise<ReservationWithCreator | undefined> {
  const [row] = await selectWithCreator(db, and(eq(reservations.orgId, orgId), eq(reservations.id, id), visibility));
  return row;
}

export async function setContact(db: Db, orgId: string, id: string, contactId: string): Promise<void> {
  await db.update(reservations).set({ contactId }).where(and(eq(reservations.orgId, orgId), eq(reservations.id, id)));
}

/** pending → completed or cancelled; undefined when it was not pending any more (a concurrent change). */
export async function finishReservation(
  db: Db,
  orgId: string,
  id: string,
  status: 'completed' | 'cancelled',
): Promise<ReservationRowDb | undefined> {
  const [row] = await db
    .update(reservations)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(reservations.orgId, orgId), eq(reservations.id, id), eq(reservations.status, 'pending')))
    .returning();
  return row;
}

export interface ReservationFilters {
  statuses: string[] | null;
  businessId?: string | undefined;
  serviceId?: string | undefined;
  contactId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export async function listReservations(
  db: Db,
  orgId: string,
  visibility: SQL,
  filters: ReservationFilters,
  page: { cursor: string | undefined; limit: number; descending: boolean },
): Promise<{ rows: ReservationWithCreator[]; nextCursor: string | null }> {
  const keyset: Keyset = { sortColumn: reservations.startAt, sortType: 'timestamptz', idColumn: reservations.id, descending: page.descending };
  const where = allOf(
    eq(reservations.orgId, orgId),
    visibility,
    filters.statuses ? inArray(reservations.status, filters.statuses as ReservationRowDb['status'][]) : undefined,
    filters.businessId ? eq(reservations.businessId, filters.businessId) : undefined,
    filters.serviceId ? arrayContains(reservations.serviceIds, [filters.serviceId]) : undefined,
    filters.contactId ? eq(reservations.contactId, filters.contactId) : undefined,
    filters.fromDate ? gte(reservations.date, filters.fromDate) : undefined,
    filters.toDate ? lte(reservations.date, filters.toDate) : undefined,
    afterCursor(keyset, page.cursor),
  );
  const rows = await db
    .select({ reservation: reservations, creatorName, id: reservations.id, sortKey: sortKey(keyset) })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.createdByUserId))
    .where(where)
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  const paged = pageOf(rows, page.limit);
  return { rows: paged.rows, nextCursor: paged.nextCursor };
}

/** Reservations overlapping [from, to) for the calendar, cancelled ones left out. */
/** Reservations overlapping [from, to) of the given owners (the calendar's shown users), with the business's time zone. */
export function listBetween(db: Db, orgId: string, visibility: SQL, range: { from: Date; to: Date; ownerIds: string[] }) {
  if (range.ownerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ row: reservations, timeZone: businesses.timeZone })
    .from(reservations)
    .innerJoin(businesses, and(eq(businesses.orgId, reservations.orgId), eq(businesses.id, reservations.businessId)))
    .where(
      and(
        eq(reservations.orgId, orgId),
        visibility,
        inArray(reservations.ownerUserId, range.ownerIds),
        lt(reservations.startAt, range.to),
        gt(reservations.endAt, range.from),
        sql`${reservations.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(reservations.startAt), asc(reservations.id));
}

// ---- seats ----

/** Creates the missing step rows (capacity = concurrentBooking), in step order. */
export async function ensureSlots(db: Db, orgId: string, businessId: string, date: string, minutes: number[], capacity: number): Promise<void> {
  await db
    .insert(reservationSlots)
    .values(minutes.map((minute) => ({ orgId, businessId, date, minute, capacity })))
    .onConflictDoNothing();
}

/** The step rows of one business day: what lock, add and release all address. */
function stepsOf(orgId: string, businessId: string, date: string, minutes: number[]) {
  return and(
    eq(reservationSlots.orgId, orgId),
    eq(reservationSlots.businessId, businessId),
    eq(reservationSlots.date, date),
    inArray(reservationSlots.minute, minutes),
  );
}

/** Locks the step rows in step order (every writer locks in this order, so none deadlocks). */
export function lockSlots(db: Db, orgId: string, businessId: string, date: string, minutes: number[]) {
  return db
    .select({ minute: reservationSlots.minute, capacity: reservationSlots.capacity, peopleBooked: reservationSlots.peopleBooked })
    .from(reservationSlots)
    .where(stepsOf(orgId, businessId, date, minutes))
    .orderBy(asc(reservationSlots.minute))
    .for('update');
}

/**
 * Adds `people` to each step only where it still fits (people_booked + people <= capacity): the invariant
 * holds even if a caller skipped the lock. Answers how many steps took them.
 */
export async function addPeople(db: Db, orgId: string, businessId: string, date: string, minutes: number[], people: number): Promise<number> {
  const rows = await db
    .update(reservationSlots)
    .set({ peopleBooked: sql`${reservationSlots.peopleBooked} + ${people}` })
    .where(
      and(
        stepsOf(orgId, businessId, date, minutes),
        sql`${reservationSlots.peopleBooked} + ${people} <= ${reservationSlots.capacity}`,
      ),
    )
    .returning({ minute: reservationSlots.minute });
  return rows.length;
}

export async function releasePeople(db: Db, orgId: string, businessId: string, date: string, minutes: number[], people: number): Promise<void> {
  await db
    .update(reservationSlots)
    .set({ peopleBooked: sql`greatest(${reservationSlots.peopleBooked} - ${people}, 0)` })
    .where(stepsOf(orgId, businessId, date, minutes));
}

/** People booked per step of a date range: what monthTime subtracts (one statement). */
export function bookedBetween(db: Db, orgId: string, businessId: string, fromDate: string, toDate: string) {
  return db
    .select({ date: reservationSlots.date, minute: reservationSlots.minute, peopleBooked: reservationSlots.peopleBooked })
    .from(reservationSlots)
    .where(
      and(
        eq(reservationSlots.orgId, orgId),
        eq(reservationSlots.businessId, businessId),
        between(reservationSlots.date, fromDate, toDate),
        gt(reservationSlots.peopleBooked, 0),
      ),
    );
}

/**
 * New bookings must fit the new concurrentBooking from today on. Rows are locked in key order (as creates
 * lock them) so this never deadlocks with a booking in flight.
 */
export async function setFutureCapacity(db: Db, orgId: string, businessId: string, fromDate: string, capacity: number): Promise<void> {
  await db.execute(sql`
    update ${reservationSlots} set capacity = ${capacity}
    where (business_id, date, minute) in (
      select business_id, date, minute from ${reservationSlots}
      where org_id = ${orgId} and business_id = ${businessId} and date >= ${fromDate} and capacity <> ${capacity}
      order by date, minute
      for update
    )`);
}

/** A contact's next pending reservation (the LINE saved replies' {nextBooking}). */
export async function nextPendingOfContact(db: Db, orgId: string, contactId: string, now: Date): Promise<ReservationRowDb | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.orgId, orgId), eq(reservations.contactId, contactId), eq(reservations.status, 'pending'), gte(reservations.startAt, now)))
    .orderBy(asc(reservations.startAt))
    .limit(1);
  return row;
}

/**
 * The reminder job's candidates (all workspaces): pending, not yet reminded, of a business with a reminder time,
 * dated within [fromDate, toDate] (a window wide enough for any time zone) and not started yet.
 */
export function listReminderCandidates(db: Db, fromDate: string, toDate: string, limit: number) {
  return db
    .select({ reservation: reservations, business: businesses })
    .from(reservations)
    .innerJoin(businesses, and(eq(businesses.id, reservations.businessId), eq(businesses.orgId, reservations.orgId)))
    .where(
      and(
        eq(reservations.status, 'pending'),
        isNull(reservations.remindedAt),
        isNotNull(businesses.reminderMinute),
        gte(reservations.date, fromDate),
        lte(reservations.date, toDate),
        gt(reservations.startAt, sql`now()`),
      ),
    )
    .orderBy(asc(reservations.date), asc(reservations.startMinute))
    .limit(limit);
}

/** Marks the reminder done, once (a second worker's update finds it done): true when this call did it. */
export async function markReminded(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(reservations)
    .set({ remindedAt: sql`now()` })
    .where(and(eq(reservations.orgId, orgId), eq(reservations.id, id), isNull(reservations.remindedAt), eq(reservations.status, 'pending')))
    .returning({ id: reservations.id });
  return rows.length === 1;
}
