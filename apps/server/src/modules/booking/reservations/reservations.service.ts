import {
  daysInMonth,
  formatTimeOfDay,
  isoDate,
  localNow,
  monthTimes,
  parseTimeOfDay,
  slotProblem,
  slotStepMinutes,
  stepsCovered,
  weekdayOf,
  weekRules,
  zonedInstant,
  type BookingOffer,
  type MonthTime,
  type PublicMonthTimeQuery,
  type PublicReservation,
  type Reservation,
  type ReservationCalendarEntry,
  type ReservationCreateBody,
  type ReservationList,
  type ReservationListQuery,
  type Locale,
  resolveLocale,
} from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import * as bookingServicesService from '../booking-services/booking-services.service.ts';
import * as businessesService from '../businesses/businesses.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { assertCan, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as reservationsRepository from './reservations.repository.ts';
import { reservations } from './reservations.table.ts';
import * as usersService from '../../access/users/users.service.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { ownerNotificationMail } from './reservations.mail.ts';
import { factsOf, notifyVisitor } from './reservations.notices.ts';

type BusinessRow = businessesService.BusinessRow;
type Row = reservationsRepository.ReservationRowDb;

/** Reservations follow the calendar privilege: view with its scope on the owner, create, edit. */
export function visibility(db: Db, actor: Actor): Promise<SQL> {
  return ownerPredicate(db, actor, 'calendar', reservations.ownerUserId);
}

function titleOf(row: Pick<Row, 'services' | 'name'>): string {
  return `${row.services.map((s) => s.title).join('、')} - ${row.name}`;
}

function toReservation(row: Row, creatorName: string | null): Reservation {
  return {
    id: row.id,
    number: String(row.number).padStart(6, '0'),
    businessId: row.businessId,
    status: row.status,
    source: row.source,
    title: titleOf(row),
    date: row.date,
    startTime: formatTimeOfDay(row.startMinute),
    endTime: formatTimeOfDay(row.endMinute),
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    durationMinutes: row.endMinute - row.startMinute,
    people: row.people,
    services: row.services,
    estimatedAmount: row.estimatedAmount,
    contact: row.contactId ? { id: row.contactId, name: row.name } : null,
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    createdBy: row.createdByUserId ? { userId: row.createdByUserId, name: creatorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toPublicReservation(row: Row): PublicReservation {
  const r = toReservation(row, null);
  return {
    number: r.number,
    status: r.status,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    people: r.people,
    services: r.services,
    estimatedAmount: r.estimatedAmount,
    name: r.name,
  };
}

// ---- the offer and free times ----

async function offerOf(db: Db, business: BusinessRow): Promise<BookingOffer> {
  const { categories, services } = await bookingServicesService.bookableServices(db, business.orgId);
  const { id, idName, name, concurrentBooking, timeZone } = business;
  return { business: { id, idName, name, concurrentBooking, timeZone }, categories, services };
}

/** GET /api/booking/services/booking: what the create-reservation dialog offers. */
export async function bookingOffer(db: Db, actor: Actor): Promise<BookingOffer> {
  return offerOf(db, await businessesService.findBusinessOrFail(db, actor.orgId));
}

/** GET /api/public/booking/{idName}: the same, for a public business only (404 otherwise). */
export async function publicOffer(db: Db, idName: string): Promise<BookingOffer> {
  return offerOf(db, await businessesService.findPublicBusinessOrFail(db, idName));
}

/**
 * The free start times of every day of a month: the business (1 statement), the chosen services (3, in
 * parallel, whatever their number) and the seats booked in the month (1).
 */
async function monthTimeOf(db: Db, business: BusinessRow, query: PublicMonthTimeQuery): Promise<MonthTime> {
  const [priced, booked] = await Promise.all([
    bookingServicesService.priceChoices(db, business.orgId, query.services, { requireGroups: false }),
    reservationsRepository.bookedBetween(
      db,
      business.orgId,
      business.id,
      isoDate(query.year, query.month, 1),
      isoDate(query.year, query.month, daysInMonth(query.year, query.month)),
    ),
  ]);
  const bookedByDate = new Map<string, Map<number, number>>();
  for (const row of booked) {
    let day = bookedByDate.get(row.date);
    if (!day) bookedByDate.set(row.date, (day = new Map()));
    day.set(row.minute, row.peopleBooked);
  }
  return monthTimes({
    year: query.year,
    month: query.month,
    week: weekRules(business.hours),
    duration: priced.duration,
    people: query.people,
    capacity: business.concurrentBooking,
    bookedByDate,
    now: localNow(new Date(), business.timeZone),
  });
}

export async function monthTime(db: Db, actor: Actor, query: PublicMonthTimeQuery & { businessId: string }): Promise<MonthTime> {
  return monthTimeOf(db, await businessesService.findBusinessOrFail(db, actor.orgId, query.businessId), query);
}

export async function publicMonthTime(db: Db, idName: string, query: PublicMonthTimeQuery): Promise<MonthTime> {
  return monthTimeOf(db, await businessesService.findPublicBusinessOrFail(db, idName), query);
}

// ---- create ----

interface Booker {
  source: 'staff' | 'public';
  actorUserId: string | null;
  ownerUserId: string | null;
  /** Staff linked an existing contact: its id, name, phone and email. */
  contact: { id: string; name: string; phone: string | null; email: string | null } | null;
  /** The language the booking was made in: the visitor's notices speak it. */
  locale: Locale | null;
}

/**
 * One booking. The capacity check is the database's: inside one transaction the request key is claimed
 * (a repeated submit waits for the first and then answers its reservation), the step rows are created
 * and locked in step order, and people are added only where people_booked + people <= capacity; any
 * step short → 409 RESERVATION_FULL and nothing is kept. The public visitor is linked to (or becomes) a
 * contact, whose timeline records the booking.
 */
async function book(db: Db, business: BusinessRow, booker: Booker, body: ReservationCreateBody): Promise<Row> {
  const orgId = business.orgId;
  if (body.businessId !== business.id) throw new AppError('BUSINESS_NOT_FOUND');
  const earlier = await reservationsRepository.findByRequestKey(db, orgId, business.id, body.requestKey);
  if (earlier) return sameBooker(earlier.reservation, booker, body);

  const priced = await bookingServicesService.priceChoices(db, orgId, body.services, { requireGroups: true });
  if (body.day > daysInMonth(body.year, body.month)) throw fieldError('day', 'invalidDate');
  const date = isoDate(body.year, body.month, body.day);
  const start = parseTimeOfDay(body.selectedTime);
  const now = localNow(new Date(), business.timeZone);
  const problem = slotProblem(
    {
      rules: weekRules(business.hours)[weekdayOf(body.year, body.month, body.day)]!,
      duration: priced.duration,
      people: body.people,
      capacity: business.concurrentBooking,
      booked: new Map(),
      notBefore: date < now.date ? Number.POSITIVE_INFINITY : date === now.date ? now.minute + 1 : null,
    },
    start,
  );
  if (problem === 'full') throw new AppError('RESERVATION_FULL');
  if (problem === 'unavailable') throw new AppError('RESERVATION_TIME_UNAVAILABLE');
  const end = start + Math.max(priced.duration, slotStepMinutes);
  const steps = stepsCovered(start, priced.duration);
  const customer = booker.contact ?? { id: null, name: body.name!, phone: body.phone!, email: body.email! };

  const created = await db.transaction(async (tx) => {
    const row = await reservationsRepository.insertReservation(tx, orgId, {
      businessId: business.id,
      requestKey: body.requestKey,
      source: booker.source,
      locale: booker.locale,
      date,
      startMinute: start,
      endMinute: end,
      startAt: zonedInstant(date, start, business.timeZone),
      endAt: zonedInstant(date, end, business.timeZone),
      people: body.people,
      services: priced.lines,
      serviceIds: priced.serviceIds,
      estimatedAmount: priced.estimatedAmount,
      contactId: customer.id,
      name: customer.name,
      phone: customer.phone || null,
      email: customer.email || null,
      note: body.note || null,
      ownerUserId: booker.ownerUserId,
      createdByUserId: booker.actorUserId,
    });
    // The key was already used (a double submit that raced the check above): answer that reservation.
    if (!row) return null;

    const capacity = await businessesService.lockCapacity(tx, orgId, business.id);
    await reservationsRepository.ensureSlots(tx, orgId, business.id, date, steps, capacity);
    const seats = await reservationsRepository.lockSlots(tx, orgId, business.id, date, steps);
    if (seats.length !== steps.length || seats.some((s) => s.peopleBooked + body.people > s.capacity)) throw new AppError('RESERVATION_FULL');
    if ((await reservationsRepository.addPeople(tx, orgId, business.id, date, steps, body.people)) !== steps.length) {
      throw new AppError('RESERVATION_FULL');
    }

    let contactId = customer.id;
    if (!contactId) {
      const linked = await contactsService.findOrCreateForBooking(tx, orgId, {
        name: customer.name,
        phone: customer.phone ?? '',
        email: customer.email ?? '',
        ownerUserId: booker.ownerUserId,
        actorUserId: booker.actorUserId,
        source: 'bookingPage',
      });
      contactId = linked?.id ?? null;
      if (contactId) await reservationsRepository.setContact(tx, orgId, row.id, contactId);
    }
    if (contactId) {
      const what = `#${String(row.number).padStart(6, '0')} ${date} ${formatTimeOfDay(start)} ${priced.lines.map((l) => l.title).join('、')}`;
      await timelineService.record(tx, orgId, booker.actorUserId, 'contact', [contactId], 'reservation', { reservation: [null, what] });
    }
    return { ...row, contactId };
  });
  if (created) return Object.assign(created, { [freshMark]: true });
  const existing = await reservationsRepository.findByRequestKey(db, orgId, business.id, body.requestKey);
  if (!existing) throw new AppError('RESERVATION_FULL');
  return sameBooker(existing.reservation, booker, body);
}

/**
 * A repeated request key answers the first reservation — to the same booker only: a public visitor who
 * sends someone else's key (with other contact details) learns nothing about that booking.
 */
function sameBooker(row: Row, booker: Booker, body: ReservationCreateBody): Row {
  const same =
    booker.source === 'staff'
      ? row.createdByUserId === booker.actorUserId
      : row.source === 'public' && row.phone === (body.phone ?? null) && row.email === (body.email ?? null);
  if (!same) throw fieldError('requestKey', 'invalidValue');
  return row;
}

/** POST /api/booking/reservation: staff book for an existing client (associateCustomer) or a new customer. */
export async function createReservation(db: Db, actor: Actor, body: ReservationCreateBody, mail?: ReservationMailContext): Promise<Reservation> {
  assertCan(actor, 'calendar', 'create');
  const business = await businessesService.findBusinessOrFail(db, actor.orgId, body.businessId);
  let contact: Booker['contact'] = null;
  if (body.associateCustomer) {
    const found = await contactsService.getContact(db, actor, body.associateCustomer);
    contact = { id: found.id, name: found.name, phone: found.phones[0]?.value ?? body.phone ?? null, email: found.emails[0]?.value ?? body.email ?? null };
  }
  const row = await book(db, business, { source: 'staff', actorUserId: actor.userId, ownerUserId: actor.userId, contact, locale: mail?.locale ?? null }, body);
  // Staff booking for a client: the client is confirmed; the owner made it and needs no notice.
  if (mail && isFresh(row)) await sendReservationMails(db, mail, business, row, { notifyOwner: false });
  return getReservation(db, actor, row.id);
}

/** POST /api/public/booking/{idName}/reservation: a visitor, never linked to a contact by id. */
export async function createPublicReservation(db: Db, idName: string, body: ReservationCreateBody, mail?: ReservationMailContext): Promise<PublicReservation> {
  if (body.associateCustomer) throw fieldError('associateCustomer', 'invalidValue');
  const business = await businessesService.findPublicBusinessOrFail(db, idName);
  const row = await book(db, business, { source: 'public', actorUserId: null, ownerUserId: business.ownerUserId, contact: null, locale: mail?.locale ?? null }, body);
  if (mail && isFresh(row)) await sendReservationMails(db, mail, business, row, { notifyOwner: true });
  return toPublicReservation(row);
}

// ---- mails of a new reservation (issue 21) ----

/** Where the mails go out (platform/mail.ts) and the language the visitor booked in. */
export interface ReservationMailContext {
  mailer: Mailer;
  publicUrl: string;
  locale: Locale;
}

// book() marks a reservation it has just written, so a repeated request key (a double submit) mails nothing.
const freshMark = Symbol('fresh reservation');
const isFresh = (row: Row) => (row as Row & { [freshMark]?: boolean })[freshMark] === true;

/**
 * The visitor's confirmation (on LINE to a linked friend, else by mail with an .ics attachment); the owner's notification for a
 * reservation someone else made (the public page). Queued on the mailer: never fails or delays the booking.
 */
async function sendReservationMails(db: Db, mail: ReservationMailContext, business: BusinessRow, row: Row, options: { notifyOwner: boolean }): Promise<void> {
  await notifyVisitor(db, mail.mailer, 'confirmed', business, row);
  if (!options.notifyOwner || !row.ownerUserId) return;
  const owner = await usersService.findUserById(db, row.ownerUserId);
  if (!owner) return;
  const link = `${mail.publicUrl}/${row.orgId}/business/appointments?reservation=${row.id}`;
  mail.mailer.send(ownerNotificationMail(resolveLocale(owner.language), owner.email, factsOf(business, row), link));
}

// ---- read, complete, cancel, move ----

async function findVisible(db: Db, actor: Actor, id: string): Promise<reservationsRepository.ReservationWithCreator> {
  assertCan(actor, 'calendar', 'view');
  const found = await reservationsRepository.findReservation(db, actor.orgId, id, await visibility(db, actor));
  if (!found) throw new AppError('RESERVATION_NOT_FOUND');
  return found;
}

export async function getReservation(db: Db, actor: Actor, id: string): Promise<Reservation> {
  const found = await findVisible(db, actor, id);
  return toReservation(found.reservation, found.creatorName);
}

/** GET /api/booking/reservations: my appointments; incomplete ones upcoming first, the others newest first. */
export async function listReservations(db: Db, actor: Actor, query: ReservationListQuery): Promise<ReservationList> {
  assertCan(actor, 'calendar', 'view');
  const statuses = { incomplete: ['pending'], completed: ['completed'], cancelled: ['cancelled'], all: null }[query.status];
  const page = await reservationsRepository.listReservations(
    db,
    actor.orgId,
    await visibility(db, actor),
    { statuses, businessId: query.businessId, serviceId: query.serviceId, contactId: query.contactId, fromDate: query.from, toDate: query.to },
    { cursor: query.cursor, limit: query.limit, descending: query.status !== 'incomplete' },
  );
  return { items: page.rows.map((r) => toReservation(r.reservation, r.creatorName)), nextCursor: page.nextCursor };
}

/** Complete or cancel a pending reservation (409 RESERVATION_STATUS_CONFLICT otherwise); cancel frees its seats. */
async function finish(db: Db, actor: Actor, id: string, status: 'completed' | 'cancelled', mailer?: Mailer): Promise<Reservation> {
  const found = await findVisible(db, actor, id);
  assertCan(actor, 'calendar', 'edit');
  const r = found.reservation;
  await db.transaction(async (tx) => {
    const changed = await reservationsRepository.finishReservation(tx, actor.orgId, id, status);
    if (!changed) throw new AppError('RESERVATION_STATUS_CONFLICT');
    if (status === 'cancelled') {
      const steps = stepsCovered(r.startMinute, r.endMinute - r.startMinute);
      await reservationsRepository.lockSlots(tx, actor.orgId, r.businessId, r.date, steps);
      await reservationsRepository.releasePeople(tx, actor.orgId, r.businessId, r.date, steps, r.people);
    }
  });
  // The visitor hears of a cancellation (a future one: a past reservation's cancel is bookkeeping).
  if (status === 'cancelled' && mailer && r.startAt > new Date()) {
    const business = await businessesService.findBusinessOrFail(db, actor.orgId, r.businessId);
    await notifyVisitor(db, mailer, 'cancelled', business, r);
  }
  return getReservation(db, actor, id);
}

export const completeReservation = (db: Db, actor: Actor, id: string) => finish(db, actor, id, 'completed');
export const cancelReservation = (db: Db, actor: Actor, id: string, mailer?: Mailer) => finish(db, actor, id, 'cancelled', mailer);

/** docs/product.md#states: a scheduled reservation cannot be moved (calendar drags land here too). */
export async function moveReservation(db: Db, actor: Actor, id: string): Promise<never> {
  await findVisible(db, actor, id);
  throw new AppError('RESERVATION_NOT_MOVABLE');
}

/**
 * For the calendar's getBetween (type 'reservation'): reservations overlapping [from, to) within the
 * actor's calendar visibility, cancelled ones left out; one statement.
 */
export async function listBetween(db: Db, actor: Actor, range: { from: Date; to: Date; ownerIds: string[] }): Promise<ReservationCalendarEntry[]> {
  if (!can(actor, 'calendar', 'view')) return [];
  const rows = await reservationsRepository.listBetween(db, actor.orgId, await visibility(db, actor), range);
  return rows.map(({ row, timeZone }) => ({
    id: row.id,
    title: titleOf(row),
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    date: row.date,
    startMinute: row.startMinute,
    endMinute: row.endMinute,
    timeZone,
    status: row.status,
    businessId: row.businessId,
    contactId: row.contactId,
    ownerUserId: row.ownerUserId,
  }));
}

/**
 * A business's concurrentBooking changed: the seats of `fromDate` and later take the new capacity, in the
 * caller's transaction (reservations stay the only writer of their tables; wired in apps/server/src/wiring.ts).
 */
export function setFutureCapacity(db: Db, change: { orgId: string; businessId: string; fromDate: string; capacity: number }): Promise<void> {
  return reservationsRepository.setFutureCapacity(db, change.orgId, change.businessId, change.fromDate, change.capacity);
}

/** A contact's next pending reservation as the business's local date and time ("2026-12-06 14:00"), or null (channels' {nextBooking}). */
export async function nextBookingOf(db: Db, orgId: string, contactId: string): Promise<string | null> {
  const row = await reservationsRepository.nextPendingOfContact(db, orgId, contactId, new Date());
  if (!row) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${row.date} ${pad(Math.floor(row.startMinute / 60))}:${pad(row.startMinute % 60)}`;
}
