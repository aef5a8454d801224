import { formatTimeOfDay, type Locale } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';
import { escapeText, foldLine } from '../../calendar/calendar-sync/calendar-sync.ics.ts';

/** What both mails of a new reservation say. */
export interface ReservationMailFacts {
  id: string;
  number: number;
  businessName: string;
  date: string;
  startMinute: number;
  endMinute: number;
  startAt: Date;
  endAt: Date;
  people: number;
  services: string[];
  visitorName: string;
  visitorPhone: string | null;
  visitorEmail: string | null;
  note: string | null;
  createdAt: Date;
}

const utc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const numbered = (facts: ReservationMailFacts) => `#${String(facts.number).padStart(6, '0')}`;
const when = (facts: ReservationMailFacts) => `${facts.date} ${formatTimeOfDay(facts.startMinute)}–${formatTimeOfDay(facts.endMinute)}`;

/** The reservation as one iCalendar event (RFC 5545, UTC times), attached to the visitor's confirmation. */
export function reservationIcs(facts: ReservationMailFacts): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lodestar//Booking//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:reservation-${facts.id}@lodestar`,
    `DTSTAMP:${utc(facts.createdAt)}`,
    `DTSTART:${utc(facts.startAt)}`,
    `DTEND:${utc(facts.endAt)}`,
    `SUMMARY:${escapeText(`${facts.businessName} ${facts.services.join(', ')}`.trim())}`,
    `DESCRIPTION:${escapeText(`${numbered(facts)} · ${facts.people}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** To the visitor, in the language they booked in, with the .ics to add it to their calendar. */
export function visitorConfirmationMail(locale: Locale, to: string, facts: ReservationMailFacts): MailMessage {
  const services = facts.services.join(locale === 'en-US' ? ', ' : '、');
  const texts: Record<Locale, Pick<MailMessage, 'subject' | 'text'>> = {
    'zh-TW': {
      subject: `預約確認：${facts.businessName} ${when(facts)}`,
      text: `${facts.visitorName} 您好，\n\n您已預約 ${facts.businessName}。\n時間：${when(facts)}\n服務：${services}\n人數：${facts.people}\n預約編號：${numbered(facts)}\n\n附件的行事曆檔（.ics）可加入您的行事曆。`,
    },
    'zh-CN': {
      subject: `预约确认：${facts.businessName} ${when(facts)}`,
      text: `${facts.visitorName} 您好，\n\n您已预约 ${facts.businessName}。\n时间：${when(facts)}\n服务：${services}\n人数：${facts.people}\n预约编号：${numbered(facts)}\n\n附件的日历文件（.ics）可加入您的日历。`,
    },
    'en-US': {
      subject: `Booking confirmed: ${facts.businessName}, ${when(facts)}`,
      text: `Hello ${facts.visitorName},\n\nYour booking with ${facts.businessName} is confirmed.\nTime: ${when(facts)}\nServices: ${services}\nPeople: ${facts.people}\nBooking number: ${numbered(facts)}\n\nAdd it to your calendar with the attached .ics file.`,
    },
  };
  return { to, ...texts[locale], attachments: [{ filename: 'reservation.ics', content: reservationIcs(facts), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] };
}

/** To the business's owner, in their language, with a link to the reservation in the app. */
export function ownerNotificationMail(locale: Locale, to: string, facts: ReservationMailFacts, link: string): MailMessage {
  const services = facts.services.join(locale === 'en-US' ? ', ' : '、');
  const contact = [facts.visitorPhone, facts.visitorEmail].filter(Boolean).join(' / ');
  const note = facts.note ? `\n${facts.note}` : '';
  const texts: Record<Locale, Pick<MailMessage, 'subject' | 'text'>> = {
    'zh-TW': {
      subject: `新預約：${facts.visitorName} ${when(facts)}`,
      text: `${facts.businessName} 有一筆新預約。\n${numbered(facts)} ${when(facts)}\n${facts.visitorName}（${contact}）\n服務：${services}\n人數：${facts.people}${note}\n\n查看預約：\n${link}`,
    },
    'zh-CN': {
      subject: `新预约：${facts.visitorName} ${when(facts)}`,
      text: `${facts.businessName} 有一笔新预约。\n${numbered(facts)} ${when(facts)}\n${facts.visitorName}（${contact}）\n服务：${services}\n人数：${facts.people}${note}\n\n查看预约：\n${link}`,
    },
    'en-US': {
      subject: `New booking: ${facts.visitorName}, ${when(facts)}`,
      text: `${facts.businessName} has a new booking.\n${numbered(facts)} ${when(facts)}\n${facts.visitorName} (${contact})\nServices: ${services}\nPeople: ${facts.people}${note}\n\nOpen the reservation:\n${link}`,
    },
  };
  return { to, ...texts[locale] };
}

/** A notice to the visitor after the confirmation: the reservation was cancelled, or tomorrow's reminder. */
export type ReservationNoticeKind = 'confirmed' | 'cancelled' | 'reminder';

/** The notice as one short text (a LINE message, or the body of the mail), in the visitor's language. */
export function reservationNoticeText(kind: ReservationNoticeKind, locale: Locale, facts: ReservationMailFacts): string {
  const services = facts.services.join(locale === 'en-US' ? ', ' : '、');
  const texts: Record<Locale, Record<ReservationNoticeKind, string>> = {
    'zh-TW': {
      confirmed: `${facts.visitorName} 您好，您已預約 ${facts.businessName}。\n時間：${when(facts)}\n服務：${services}\n人數：${facts.people}\n預約編號：${numbered(facts)}`,
      cancelled: `${facts.visitorName} 您好，您在 ${facts.businessName} 的預約已取消。\n時間：${when(facts)}\n預約編號：${numbered(facts)}`,
      reminder: `${facts.visitorName} 您好，提醒您明天在 ${facts.businessName} 的預約。\n時間：${when(facts)}\n服務：${services}\n預約編號：${numbered(facts)}`,
    },
    'zh-CN': {
      confirmed: `${facts.visitorName} 您好，您已预约 ${facts.businessName}。\n时间：${when(facts)}\n服务：${services}\n人数：${facts.people}\n预约编号：${numbered(facts)}`,
      cancelled: `${facts.visitorName} 您好，您在 ${facts.businessName} 的预约已取消。\n时间：${when(facts)}\n预约编号：${numbered(facts)}`,
      reminder: `${facts.visitorName} 您好，提醒您明天在 ${facts.businessName} 的预约。\n时间：${when(facts)}\n服务：${services}\n预约编号：${numbered(facts)}`,
    },
    'en-US': {
      confirmed: `Hello ${facts.visitorName}, your booking with ${facts.businessName} is confirmed.\nTime: ${when(facts)}\nServices: ${services}\nPeople: ${facts.people}\nBooking number: ${numbered(facts)}`,
      cancelled: `Hello ${facts.visitorName}, your booking with ${facts.businessName} has been cancelled.\nTime: ${when(facts)}\nBooking number: ${numbered(facts)}`,
      reminder: `Hello ${facts.visitorName}, a reminder of your booking with ${facts.businessName} tomorrow.\nTime: ${when(facts)}\nServices: ${services}\nBooking number: ${numbered(facts)}`,
    },
  };
  return texts[locale][kind];
}

/** The cancellation or reminder by mail (a visitor with no linked LINE friend). */
export function visitorNoticeMail(kind: Exclude<ReservationNoticeKind, 'confirmed'>, locale: Locale, to: string, facts: ReservationMailFacts): MailMessage {
  const subjects: Record<Locale, Record<typeof kind, string>> = {
    'zh-TW': { cancelled: `預約已取消：${facts.businessName} ${when(facts)}`, reminder: `明天的預約：${facts.businessName} ${when(facts)}` },
    'zh-CN': { cancelled: `预约已取消：${facts.businessName} ${when(facts)}`, reminder: `明天的预约：${facts.businessName} ${when(facts)}` },
    'en-US': { cancelled: `Booking cancelled: ${facts.businessName}, ${when(facts)}`, reminder: `Your booking tomorrow: ${facts.businessName}, ${when(facts)}` },
  };
  return { to, subject: subjects[locale][kind], text: reservationNoticeText(kind, locale, facts) };
}
