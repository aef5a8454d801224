import { resolveLocale, zonedInstant, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Mailer } from '../../../platform/mail.ts';
import type { BusinessRow } from '../businesses/businesses.service.ts';
import * as reservationsRepository from './reservations.repository.ts';
import { reservationNoticeText, visitorConfirmationMail, visitorNoticeMail, type ReservationMailFacts, type ReservationNoticeKind } from './reservations.mail.ts';

/**
 * The visitor's notices of a reservation (docs/product.md#booking-notices): its confirmation, its cancellation and
 * the day-before reminder. A channel that reaches the contact itself (LINE, plugged in by apps/server/src/wiring.ts)
 * takes a notice first; otherwise it goes by e-mail when the visitor left one.
 */

type Row = reservationsRepository.ReservationRowDb;

export interface ReservationNotice {
  kind: ReservationNoticeKind;
  orgId: string;
  reservationId: string;
  contactId: string;
  locale: Locale;
  text: string;
}

/** Queues the notice on the channel and answers true, or answers false (this contact is not reachable there). */
export type ReservationNotifier = (db: Db, notice: ReservationNotice) => Promise<boolean>;

const notifiers = new Map<string, ReservationNotifier>();

/** Keyed, so building the app again replaces rather than duplicates. */
export function registerReservationNotifier(key: string, notifier: ReservationNotifier): void {
  notifiers.set(key, notifier);
}

export function factsOf(business: Pick<BusinessRow, 'name'>, row: Row): ReservationMailFacts {
  return {
    id: row.id,
    number: row.number,
    businessName: business.name,
    date: row.date,
    startMinute: row.startMinute,
    endMinute: row.endMinute,
    startAt: row.startAt,
    endAt: row.endAt,
    people: row.people,
    services: row.services.map((line) => [line.title, ...line.items.map((item) => item.title)].join(' + ')),
    visitorName: row.name,
    visitorPhone: row.phone,
    visitorEmail: row.email,
    note: row.note,
    createdAt: row.createdAt,
  };
}

/**
 * Offers the notice to the channels (inside the caller's transaction when it has one); answers whether one took it.
 * The visitor's language is the one they booked in.
 */
export async function offerToChannels(db: Db, kind: ReservationNoticeKind, business: Pick<BusinessRow, 'name'>, row: Row): Promise<boolean> {
  if (!row.contactId) return false;
  const locale = resolveLocale(row.locale);
  const notice: ReservationNotice = { kind, orgId: row.orgId, reservationId: row.id, contactId: row.contactId, locale, text: reservationNoticeText(kind, locale, factsOf(business, row)) };
  for (const notifier of notifiers.values()) if (await notifier(db, notice)) return true;
  return false;
}

/** The notice by mail, for a visitor no channel took (queued on the mailer: never fails the caller). */
export function mailNotice(mailer: Mailer, kind: ReservationNoticeKind, business: Pick<BusinessRow, 'name'>, row: Row): void {
  if (!row.email) return;
  const locale = resolveLocale(row.locale);
  const facts = factsOf(business, row);
  mailer.send(kind === 'confirmed' ? visitorConfirmationMail(locale, row.email, facts) : visitorNoticeMail(kind, locale, row.email, facts));
}

/** A notice to the visitor: a channel, else mail. */
export async function notifyVisitor(db: Db, mailer: Mailer, kind: ReservationNoticeKind, business: Pick<BusinessRow, 'name'>, row: Row): Promise<void> {
  if (!(await offerToChannels(db, kind, business, row))) mailNotice(mailer, kind, business, row);
}

const dayMs = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const dayBefore = (date: string) => isoDay(new Date(Date.parse(`${date}T00:00:00Z`) - dayMs));

/**
 * The day-before reminders that are due: each reservation once (a conditional update marks it in the same
 * transaction that queues its LINE push; the mail is queued after the commit). A reservation booked after its
 * reminder time is marked without a reminder: its confirmation has just gone out.
 */
export async function sendReminders(db: Db, mailer: Mailer, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const candidates = await reservationsRepository.listReminderCandidates(db, isoDay(new Date(now.getTime() - dayMs)), isoDay(new Date(now.getTime() + 2 * dayMs)), 200);
    const due = candidates.filter(({ reservation: r, business: b }) => zonedInstant(dayBefore(r.date), b.reminderMinute!, b.timeZone) <= now);
    if (due.length === 0) return sent;
    for (const { reservation: row, business } of due) {
      const remindAt = zonedInstant(dayBefore(row.date), business.reminderMinute!, business.timeZone);
      const late = row.createdAt >= remindAt;
      const mail = await db.transaction(async (tx) => {
        if (!(await reservationsRepository.markReminded(tx, row.orgId, row.id))) return false;
        return !late && !(await offerToChannels(tx, 'reminder', business, row));
      });
      if (mail) mailNotice(mailer, 'reminder', business, row);
      if (!late) sent += 1;
    }
  }
}

export function reservationsJobs(mailer: Mailer): JobDefinition[] {
  return [{ name: 'booking.reservations.reminders', intervalMs: 5 * 60_000, run: (db) => sendReminders(db, mailer) }];
}
