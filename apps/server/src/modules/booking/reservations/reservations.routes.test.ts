import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { createGroup, createItem, createService, futureDay, instantOf, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { call, countStatements, type Json, type TestUser } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { loadActor } from '../../access/privileges/access-core.ts';
import * as reservationsService from './reservations.service.ts';
import { reservations, reservationSlots } from './reservations.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let business: Json;
let otherBusiness: Json;
let cut: Json;
let shave: Json;
let hidden: Json;
let length: Json;
let short: Json;
let long: Json;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces({ member: { firstName: 'Mia', lastName: 'Chen' } }));
  business = await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-book', concurrentBooking: 3 });
  otherBusiness = await saveBusiness(t.app, other.token, other.orgId, { idName: 'other-book', concurrentBooking: 3 });
  cut = await createService(t.app, owner.token, owner.orgId, { title: 'Cut', time: { hour: 1, minute: 0 } });
  shave = await createService(t.app, owner.token, owner.orgId, { title: 'Shave', time: { hour: 0, minute: 30 } });
  hidden = await createService(t.app, owner.token, owner.orgId, { title: 'Hidden', isOpen: false });
  length = await createGroup(t.app, owner.token, owner.orgId, { title: 'Length', isRequired: true, serviceIds: [cut.id] });
  short = await createItem(t.app, owner.token, owner.orgId, length.id, { title: 'Short', time: { hour: 0, minute: 30 }, payType: 'charge', priceType: 'PriceFixed', price: 100 });
  long = await createItem(t.app, owner.token, owner.orgId, length.id, { title: 'Long', time: { hour: 1, minute: 0 } });
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const staff = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = owner.token, orgId = owner.orgId, locale = 'en-US') =>
  call(t.app, method, url(path, orgId), { token, locale, ...(body === undefined ? {} : { body }) });
const cutWith = (itemId: string) => [{ serviceId: cut.id, additionalServices: [{ mainServiceId: cut.id, groupId: length.id, serviceIds: [itemId] }] }];
const shaveOnly = () => [{ serviceId: shave.id, additionalServices: [] }];
const book = (overrides: Record<string, unknown> = {}, token = owner.token) =>
  staff('POST', '/booking/reservation', reservationBody(business.id, shave.id, overrides), token);
const publicBook = (overrides: Record<string, unknown> = {}, locale = 'en-US') =>
  call(t.app, 'POST', '/api/public/booking/acme-book/reservation', { locale, body: reservationBody(business.id, shave.id, overrides) });
const monthTimeUrl = (services: unknown, people = 1, base = url('/booking/monthTime') + `&businessId=${business.id}`) => {
  const { year, month } = futureDay();
  return `${base}&services=${encodeURIComponent(JSON.stringify(services))}&year=${year}&month=${month}&people=${people}`;
};
const timesOn = (days: Json, day = futureDay().day) => days.find((d: Json) => d.day === day).times as string[];
const slotRows = (date: string) =>
  t.db.select().from(reservationSlots).where(and(eq(reservationSlots.businessId, business.id), eq(reservationSlots.date, date)));

describe('the offer', () => {
  it('lists open services with their open groups and items, for staff and on the public page', async () => {
    const offer = (await staff('GET', '/booking/services/booking', undefined, member.token)).body.data;
    expect(offer.business).toEqual({ id: business.id, idName: 'acme-book', name: 'Acme', concurrentBooking: 3, timeZone: 'Asia/Taipei' });
    expect(offer.services.map((s: Json) => s.title)).toEqual(['Cut', 'Shave']);
    expect(offer.services[0].groups).toMatchObject([{ id: length.id, title: 'Length', isRequired: true, selectionType: 'single', items: [{ title: 'Short', priceStr: '$100' }, { title: 'Long' }] }]);
    const pub = await call(t.app, 'GET', '/api/public/booking/ACME-BOOK');
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual(offer);
    expect(JSON.stringify(pub.body.data)).not.toContain('Hidden');
  });

  it('answers 404 for an unknown or non-public page', async () => {
    expect((await call(t.app, 'GET', '/api/public/booking/nobody')).status).toBe(404);
    await saveBusiness(t.app, other.token, other.orgId, { idName: 'other-book', isPublic: false });
    const closed = await call(t.app, 'GET', '/api/public/booking/other-book', { locale: 'zh-TW' });
    expect(closed.status).toBe(404);
    expect(closed.body).toMatchObject({ errorCode: 'BUSINESS_NOT_FOUND', errorMessage: '找不到此預約商家' });
    expect((await call(t.app, 'GET', monthTimeUrl(shaveOnly(), 1, '/api/public/booking/other-book/monthTime?x=1'))).status).toBe(404);
    await saveBusiness(t.app, other.token, other.orgId, { idName: 'other-book', isPublic: true });
  });
});

describe('monthTime', () => {
  it('needs a service first (reserviceTip1), in the caller’s language', async () => {
    const none = await call(t.app, 'GET', monthTimeUrl([]), { token: owner.token, locale: 'zh-TW' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errorCode: 'RESERVATION_SERVICE_REQUIRED', errorMessage: '請先選擇服務' });
  });

  it('lists every day with its free times; more people than the capacity get none', async () => {
    const days = (await call(t.app, 'GET', monthTimeUrl(cutWith(long.id)), { token: owner.token })).body.data;
    const { year, month, day } = futureDay();
    expect(days).toHaveLength(new Date(Date.UTC(year, month, 0)).getUTCDate());
    const times = timesOn(days, day);
    // Cut 1 h + Long 1 h: the last start is 22:00 in a day open until 24:00.
    expect(times[0]).toBe('00:00');
    expect(times.at(-1)).toBe('22:00');
    expect(times).toHaveLength(45);
    const crowd = (await call(t.app, 'GET', monthTimeUrl(cutWith(long.id), 4), { token: owner.token })).body.data;
    expect(crowd.every((d: Json) => d.times.length === 0)).toBe(true);
    const pub = await call(t.app, 'GET', monthTimeUrl(shaveOnly(), 1, '/api/public/booking/acme-book/monthTime?x=1'));
    expect(timesOn(pub.body.data, day).at(-1)).toBe('23:30');
  });

  it('sends the same number of SQL statements whatever the number of services', async () => {
    const base = '/api/public/booking/acme-book/monthTime?x=1';
    const one = await countStatements(t.db, () => call(t.app, 'GET', monthTimeUrl(shaveOnly(), 1, base)));
    const two = await countStatements(t.db, () => call(t.app, 'GET', monthTimeUrl([...cutWith(short.id), ...shaveOnly()], 1, base)));
    expect(two).toBe(one);
    expect(one).toBeLessThanOrEqual(5);
  });
});

describe('create', () => {
  it('books an existing client from staff: durations of services + add-ons, price, instants', async () => {
    const clientId = await createContact(t.app, owner.token, owner.orgId, { firstName: '玲', lastName: '美', phones: [{ value: '0922000111', type: 'mobile' }] });
    const { date } = futureDay();
    const answer = await book({ services: cutWith(short.id), selectedTime: '09:00', associateCustomer: clientId, name: undefined, phone: undefined, email: undefined, note: 'window seat' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'pending',
      source: 'staff',
      date,
      startTime: '09:00',
      endTime: '10:30',
      durationMinutes: 90,
      startAt: instantOf(date, '09:00'),
      endAt: instantOf(date, '10:30'),
      people: 1,
      estimatedAmount: '100.00',
      contact: { id: clientId, name: '美玲' },
      name: '美玲',
      phone: '0922000111',
      note: 'window seat',
      title: 'Cut - 美玲',
      createdBy: { userId: owner.user.id },
    });
    expect(answer.body.data.services).toMatchObject([{ serviceId: cut.id, title: 'Cut', items: [{ itemId: short.id, title: 'Short', estimatedAmount: '100.00' }] }]);
    expect(answer.body.data.number).toMatch(/^\d{6,}$/);
  });

  it('validates: a service first, required add-ons, one pick in a single group, name/phone/email without a client, the grid', async () => {
    const noService = await book({ services: [] });
    expect(noService.body).toMatchObject({ errorCode: 'RESERVATION_SERVICE_REQUIRED', errorMessage: 'Please select a service first' });
    const noAddon = await book({ services: [{ serviceId: cut.id, additionalServices: [] }] });
    expect(noAddon.status).toBe(400);
    expect(noAddon.body).toMatchObject({ errorCode: 'RESERVATION_ADDON_REQUIRED', errorMessage: 'Please choose from "Length"' });
    const two = await book({ services: [{ serviceId: cut.id, additionalServices: [{ groupId: length.id, serviceIds: [short.id, long.id] }] }] });
    expect(two.body.details[0].field).toBe('services.0.additionalServices');
    const closed = await book({ services: [{ serviceId: hidden.id, additionalServices: [] }] });
    expect(closed.status).toBe(404);
    const anonymous = await book({ name: '', phone: undefined });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.details.map((d: Json) => d.field)).toEqual(['name', 'phone']);
    expect(anonymous.body.errorMessage).toBe('Field "Name": This field is required');
    expect((await book({ email: 'not-an-email' })).body.details[0]).toMatchObject({ field: 'email', reason: 'invalidEmail' });
    expect((await book({ selectedTime: '10:15' })).body.details[0].field).toBe('selectedTime');
    const past = futureDay(-2);
    const yesterday = await book({ year: past.year, month: past.month, day: past.day });
    expect(yesterday.status).toBe(409);
    expect(yesterday.body.errorCode).toBe('RESERVATION_TIME_UNAVAILABLE');
    const tooLate = await book({ services: cutWith(long.id), selectedTime: '23:00' });
    expect(tooLate.body.errorCode).toBe('RESERVATION_TIME_UNAVAILABLE');
    const crowd = await book({ people: 4 });
    expect(crowd.status).toBe(409);
    expect(crowd.body).toMatchObject({ errorCode: 'RESERVATION_FULL', errorMessage: 'Unfortunately, reservations are full' });
    const feb30 = await book({ month: 2, day: 30, year: futureDay().year + 1 });
    expect(feb30.body.details[0].field).toBe('day');
  });

  it('is full when any overlapping step is full, shows it in monthTime, and a cancel frees the seats', async () => {
    const { date, day } = futureDay();
    const first = await book({ selectedTime: '11:00', people: 3 });
    expect(first.status).toBe(200);
    // 10:30 + 60 minutes covers 11:00.
    const overlapping = await book({ services: cutWith(short.id), selectedTime: '10:00' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.errorCode).toBe('RESERVATION_FULL');
    expect((await book({ selectedTime: '11:30' })).status).toBe(200);
    const times = timesOn((await call(t.app, 'GET', monthTimeUrl(shaveOnly()), { token: owner.token })).body.data, day);
    expect(times).not.toContain('11:00');
    expect(times).toContain('11:30');
    // Never more than the capacity in any step.
    expect((await slotRows(date)).every((r) => r.peopleBooked <= r.capacity)).toBe(true);

    const cancelled = await staff('PUT', `/booking/order/${first.body.data.id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await slotRows(date)).find((r) => r.minute === 660)?.peopleBooked).toBe(0);
    expect((await book({ selectedTime: '11:00', people: 3 })).status).toBe(200);
  });

  it('books once for a repeated request key, even when both submits arrive together', async () => {
    const body = reservationBody(business.id, shave.id, { selectedTime: '15:00' });
    const [a, b] = await Promise.all([
      staff('POST', '/booking/reservation', body),
      staff('POST', '/booking/reservation', body),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    const again = await staff('POST', '/booking/reservation', body);
    expect(again.body.data.id).toBe(a.body.data.id);
    const stored = await t.db.select().from(reservations).where(eq(reservations.requestKey, body.requestKey as string));
    expect(stored).toHaveLength(1);
    const slot = (await slotRows(futureDay().date)).find((r) => r.minute === 900);
    expect(slot?.peopleBooked).toBe(1);
    // Someone else with the same key learns nothing.
    expect((await staff('POST', '/booking/reservation', body, member.token)).status).toBe(400);
  });
});

describe('the public page', () => {
  it('links the visitor to a contact by phone or email (or creates one) and writes its timeline', async () => {
    const first = await publicBook({ selectedTime: '16:00', name: '林 小華', phone: '0933-111-222', email: 'hua@example.com', note: 'first visit' });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(['date', 'endTime', 'estimatedAmount', 'name', 'number', 'people', 'services', 'startTime', 'status']);
    const stored = (await t.db.select().from(reservations).where(eq(reservations.name, '林 小華')))[0]!;
    expect(stored).toMatchObject({ source: 'public', ownerUserId: owner.user.id, createdByUserId: null, phone: '0933-111-222' });
    expect(stored.contactId).not.toBeNull();
    // Same phone written differently, another email: the same contact.
    const second = await publicBook({ selectedTime: '17:00', name: 'Hua Lin', phone: '0933111222', email: 'other@example.com' });
    expect(second.status).toBe(200);
    const again = (await t.db.select().from(reservations).where(eq(reservations.name, 'Hua Lin')))[0]!;
    expect(again.contactId).toBe(stored.contactId);

    const contact = (await call(t.app, 'GET', url(`/customer/${stored.contactId}`), { token: owner.token })).body.data;
    expect(contact).toMatchObject({ firstName: '小華', lastName: '林', phones: [{ value: '0933-111-222' }], emails: [{ value: 'hua@example.com' }], owner: { userId: owner.user.id } });
    const timeline = (await call(t.app, 'GET', url(`/timeline?entityType=contact&entityId=${stored.contactId}`), { token: owner.token })).body.data;
    const booked = timeline.filter((e: Json) => e.action === 'reservation');
    expect(booked).toHaveLength(2);
    expect(booked[0].actor).toBeNull();
    expect(String(booked.at(-1).changes.reservation[1])).toContain('16:00 Shave');
    // Staff see it in my appointments.
    const list = (await staff('GET', '/booking/reservations?status=incomplete')).body.data.items;
    expect(list.some((r: Json) => r.name === '林 小華' && r.source === 'public' && r.contact?.id === stored.contactId)).toBe(true);
  });

  it('cannot link a contact by id, nor read another visitor’s reservation with their key, and answers in the visitor’s language', async () => {
    const clientId = await createContact(t.app, owner.token, owner.orgId);
    const linked = await publicBook({ associateCustomer: clientId });
    expect(linked.status).toBe(400);
    expect(linked.body.details[0].field).toBe('associateCustomer');
    const body = reservationBody(business.id, shave.id, { selectedTime: '18:00' });
    expect((await call(t.app, 'POST', '/api/public/booking/acme-book/reservation', { body })).status).toBe(200);
    const snoop = await call(t.app, 'POST', '/api/public/booking/acme-book/reservation', { body: { ...body, phone: '0900000000', email: 'snoop@example.com', name: 'Snoop' } });
    expect(snoop.status).toBe(400);
    expect(JSON.stringify(snoop.body)).not.toContain('王小明');
    // The other workspace's business id through this page: 404.
    expect((await publicBook({ businessId: otherBusiness.id })).status).toBe(404);
    const full = await publicBook({ people: 4 }, 'zh-CN');
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ errorCode: 'RESERVATION_FULL', errorMessage: '很抱歉，预约已满' });
    // Free times only: the page never sees names, phones or counts of other bookings.
    const page = await call(t.app, 'GET', monthTimeUrl(shaveOnly(), 1, '/api/public/booking/acme-book/monthTime?x=1'));
    const text = JSON.stringify(page.body);
    for (const secret of ['王小明', '0912', 'ming@', '林', 'people']) expect(text).not.toContain(secret);
  });
});

describe('complete, cancel, move, list', () => {
  it('completes or cancels a pending reservation once, and never moves it', async () => {
    const r = (await book({ selectedTime: '19:00' })).body.data;
    const done = await staff('PUT', `/booking/order/${r.id}/complete`);
    expect(done.body.data.status).toBe('completed');
    const twice = await staff('PUT', `/booking/order/${r.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('RESERVATION_STATUS_CONFLICT');
    const move = await staff('PUT', `/booking/order/${r.id}/move`);
    expect(move.status).toBe(409);
    expect(move.body).toMatchObject({ errorCode: 'RESERVATION_NOT_MOVABLE', errorMessage: 'Unable to move the scheduled appointment' });
    const completed = (await staff('GET', '/booking/reservations?status=completed')).body.data.items;
    expect(completed.map((x: Json) => x.id)).toContain(r.id);
    const incomplete = (await staff('GET', '/booking/reservations')).body.data.items;
    expect(incomplete.map((x: Json) => x.id)).not.toContain(r.id);
    // Incomplete ones come upcoming first.
    const starts = incomplete.map((x: Json) => x.startAt);
    expect([...starts].sort()).toEqual(starts);
    const all = (await staff('GET', `/booking/reservations?status=all&serviceId=${shave.id}&limit=2`)).body.data;
    expect(all.items).toHaveLength(2);
    expect(all.nextCursor).not.toBeNull();
    const next = (await staff('GET', `/booking/reservations?status=all&serviceId=${shave.id}&limit=2&cursor=${all.nextCursor}`)).body.data;
    expect(next.items[0].id).not.toBe(all.items[1].id);
  });

  it('shows a member only their own reservations (calendar scope mine)', async () => {
    const mine = await book({ selectedTime: '20:00' }, member.token);
    expect(mine.status).toBe(200);
    const seen = (await staff('GET', '/booking/reservations?status=all&limit=200', undefined, member.token)).body.data.items;
    expect(seen.map((x: Json) => x.id)).toEqual([mine.body.data.id]);
    const ownerOnes = (await staff('GET', '/booking/reservations?status=all&limit=200')).body.data.items;
    const foreign = ownerOnes.find((x: Json) => x.createdBy?.userId === owner.user.id);
    expect((await staff('GET', `/booking/reservation/${foreign.id}`, undefined, member.token)).status).toBe(404);
    expect((await staff('PUT', `/booking/order/${foreign.id}/cancel`, undefined, member.token)).status).toBe(404);
  });

  it('feeds the calendar: reservations between two instants within the actor’s visibility', async () => {
    const { date } = futureDay();
    const actor = await loadActor(t.db, owner.user.id, owner.orgId);
    const entries = await reservationsService.listBetween(t.db, actor, { from: new Date(instantOf(date, '09:00')), to: new Date(instantOf(date, '12:00')), ownerIds: [owner.user.id, member.user.id] });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.status !== 'cancelled' && e.startAt < instantOf(date, '12:00') && e.endAt > instantOf(date, '09:00'))).toBe(true);
    expect(entries[0]).toMatchObject({ businessId: business.id, title: expect.stringContaining(' - ') });
    const memberActor = await loadActor(t.db, member.user.id, owner.orgId);
    const memberEntries = await reservationsService.listBetween(t.db, memberActor, { from: new Date(instantOf(date, '00:00')), to: new Date(instantOf(date, '24:00')), ownerIds: [owner.user.id, member.user.id] });
    expect(memberEntries.map((e) => e.title)).toEqual(['Shave - 王小明']);
    // Only the calendars shown: the owner's own view leaves the member's reservation out.
    const ownersOnly = await reservationsService.listBetween(t.db, actor, { from: new Date(instantOf(date, '00:00')), to: new Date(instantOf(date, '24:00')), ownerIds: [owner.user.id] });
    expect(ownersOnly.some((e) => e.ownerUserId === member.user.id)).toBe(false);
  });

  it('shows in the calendar feed under the Reservation filter, read-only, and not under Schedule', async () => {
    const { date } = futureDay();
    const feed = async (filter: string) =>
      (await staff('GET', `/schedule/getBetween?start=${date}&end=${date}&filter=${filter}`)).body.data.items as Json[];
    const reservationsShown = await feed('reservation');
    expect(reservationsShown.length).toBeGreaterThan(0);
    expect(reservationsShown.every((e) => e.type === 'reservation' && e.editable === false && e.startDate === date && e.scheduleId === null)).toBe(true);
    expect(reservationsShown[0]).toMatchObject({ startTime: expect.stringMatching(/^\d\d:\d\d$/), timezone: 'Asia/Taipei' });
    expect((await feed('schedule')).some((e) => e.type === 'reservation')).toBe(false);
    expect((await feed('all')).filter((e) => e.type === 'reservation')).toHaveLength(reservationsShown.length);
  });
});

describe('another workspace', () => {
  it('gets 404 for the first one’s reservations and business, and nothing changes', async () => {
    const r = (await book({ selectedTime: '21:00' })).body.data;
    const as = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => staff(method, path, body, other.token, other.orgId);
    const answers = await Promise.all([
      as('GET', `/booking/reservation/${r.id}`),
      as('PUT', `/booking/order/${r.id}/complete`),
      as('PUT', `/booking/order/${r.id}/cancel`),
      as('PUT', `/booking/order/${r.id}/move`),
      as('POST', '/booking/reservation', reservationBody(business.id, shave.id)),
      call(t.app, 'GET', monthTimeUrl(shaveOnly(), 1, url('/booking/monthTime', other.orgId) + `&businessId=${business.id}`), { token: other.token }),
      as('POST', '/booking/reservation', reservationBody(otherBusiness.id, shave.id)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await staff('GET', `/booking/reservation/${r.id}`)).body.data.status).toBe('pending');
    expect((await as('GET', '/booking/reservations?status=all')).body.data.items).toEqual([]);
  });
});

describe('race: 50 concurrent bookings for the last seats', () => {
  const times = ['01:00', '02:00', '03:00'];
  for (const [run, time] of times.entries()) {
    it(`run ${run + 1}: exactly the free seats succeed, the rest are told it is full, never a 5xx`, async () => {
      const { date } = futureDay();
      // One of the 3 seats is taken: 2 remain.
      expect((await book({ selectedTime: time })).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: url('/booking/reservation'),
            headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
            payload: reservationBody(business.id, shave.id, { selectedTime: time, requestKey: randomUUID(), name: `Racer ${i}` }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      const refused = answers.filter((a) => a.statusCode !== 200).map((a) => a.json());
      expect(refused).toHaveLength(48);
      expect(refused.every((b) => b.errorCode === 'RESERVATION_FULL')).toBe(true);
      const minute = Number(time.slice(0, 2)) * 60;
      const [booked] = await t.db
        .select({ people: sql<number>`coalesce(sum(${reservations.people}), 0)::int` })
        .from(reservations)
        .where(and(eq(reservations.businessId, business.id), eq(reservations.date, date), eq(reservations.startMinute, minute), eq(reservations.status, 'pending')));
      expect(booked?.people).toBe(3);
      expect((await slotRows(date)).find((r) => r.minute === minute)?.peopleBooked).toBe(3);
    });
  }

  it('mixed sizes and overlapping durations never exceed the capacity in any step', async () => {
    const { date } = futureDay(11);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: url('/booking/reservation'),
          headers: { authorization: `Bearer ${owner.token}` },
          payload: reservationBody(business.id, shave.id, {
            ...futureDay(11),
            selectedTime: ['05:00', '05:30', '06:00'][i % 3],
            people: (i % 2) + 1,
            services: i % 4 === 0 ? cutWith(long.id) : shaveOnly(),
            requestKey: randomUUID(),
          }),
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.every((a) => a.statusCode === 200 || a.json().errorCode === 'RESERVATION_FULL')).toBe(true);
    const rows = await slotRows(date);
    expect(rows.every((r) => r.peopleBooked <= 3)).toBe(true);
    // The seat rows agree with the reservations that were kept.
    const kept = await t.db.select().from(reservations).where(and(eq(reservations.businessId, business.id), eq(reservations.date, date)));
    for (const row of rows) {
      const people = kept.filter((k) => k.startMinute <= row.minute && row.minute < k.endMinute).reduce((sum, k) => sum + k.people, 0);
      expect(row.peopleBooked).toBe(people);
    }
  });
});

describe('changing concurrentBooking', () => {
  it('applies the new maximum to seats already in use; reservations made stay', async () => {
    const { date } = futureDay();
    expect((await book({ selectedTime: '07:00' })).status).toBe(200);
    await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-book', concurrentBooking: 1 });
    expect((await slotRows(date)).find((r) => r.minute === 420)?.capacity).toBe(1);
    const full = await book({ selectedTime: '07:00' });
    expect(full.body.errorCode).toBe('RESERVATION_FULL');
    expect((await book({ selectedTime: '07:30' })).status).toBe(200);
    expect((await book({ selectedTime: '07:30' })).status).toBe(409);
    await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-book', concurrentBooking: 3 });
    expect((await book({ selectedTime: '07:00' })).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED after too many public bookings from one address', async () => {
    const answers = [];
    for (let i = 0; i < 25; i += 1) answers.push(await publicBook({ people: 4 }));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body).toMatchObject({ result: 'fail', errorCode: 'RATE_LIMITED', errorMessage: 'Please try again later' });
  });
});
