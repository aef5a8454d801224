import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { createService, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { call, readMail, type Json, type TestUser } from '../../../test/factories.ts';
import { reservationIcs, type ReservationMailFacts } from './reservations.mail.ts';

/** Issue 21: a new reservation confirms to the visitor (with an .ics) and notifies the business's owner. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let business: Json;
let shave: Json;

beforeAll(async () => {
  ({ t, owner } = await twoWorkspaces());
  business = await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'mail-book', concurrentBooking: 3 });
  shave = await createService(t.app, owner.token, owner.orgId, { title: 'Shave', time: { hour: 0, minute: 30 } });
});
afterAll(async () => {
  await t?.close();
});

describe('reservation mails', () => {
  it('a public booking mails the visitor in their language and the owner with a link to the reservation; a repeat mails nothing', async () => {
    const body = reservationBody(business.id, shave.id, { email: 'visitor@example.com', name: 'Ada Visitor' });
    const res = await call(t.app, 'POST', '/api/public/booking/mail-book/reservation', { locale: 'en-US', body });
    expect(res.status).toBe(200);
    const [confirmation] = await readMail(t.app, t.db, 'visitor@example.com');
    expect(confirmation!.subject).toMatch(/^Booking confirmed: /);
    expect(confirmation!.text).toContain('Hello Ada Visitor');
    expect(confirmation!.text).toContain('Shave');
    const [notice] = await readMail(t.app, t.db, owner.email);
    expect(notice!.subject).toContain('Ada Visitor');
    expect(notice!.text).toMatch(new RegExp(`/${owner.orgId}/business/appointments\\?reservation=[0-9a-f-]{36}`));
    // The same request key again (a double submit): the same reservation, no second mail.
    await call(t.app, 'POST', '/api/public/booking/mail-book/reservation', { locale: 'en-US', body });
    expect(await readMail(t.app, t.db, 'visitor@example.com')).toHaveLength(1);
    expect(await readMail(t.app, t.db, owner.email)).toHaveLength(1);
  });

  it('a staff booking confirms to the client only', async () => {
    const body = reservationBody(business.id, shave.id, { email: 'client@example.com', selectedTime: '11:00' });
    const res = await call(t.app, 'POST', `/api/booking/reservation?orgId=${owner.orgId}`, { token: owner.token, locale: 'zh-TW', body });
    expect(res.status).toBe(200);
    const [confirmation] = await readMail(t.app, t.db, 'client@example.com');
    expect(confirmation!.subject).toMatch(/^預約確認：/);
    expect(await readMail(t.app, t.db, owner.email)).toHaveLength(1);
  });

  it('the .ics is one VEVENT in UTC with CRLF lines and escaped text', () => {
    const facts: ReservationMailFacts = {
      id: '7f1c1c1e-1111-4222-8333-944444444444',
      number: 12,
      businessName: 'Acme, Taipei',
      date: '2026-12-01',
      startMinute: 600,
      endMinute: 630,
      startAt: new Date('2026-12-01T02:00:00Z'),
      endAt: new Date('2026-12-01T02:30:00Z'),
      people: 2,
      services: ['Shave'],
      visitorName: 'Ada',
      visitorPhone: null,
      visitorEmail: 'ada@example.com',
      note: null,
      createdAt: new Date('2026-11-25T08:00:00Z'),
    };
    const ics = reservationIcs(facts);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining(['BEGIN:VEVENT', 'DTSTART:20261201T020000Z', 'DTEND:20261201T023000Z', 'SUMMARY:Acme\\, Taipei Shave', `UID:reservation-${facts.id}@lodestar`, 'END:VCALENDAR']),
    );
    expect(ics.endsWith('\r\n')).toBe(true);
  });
});
