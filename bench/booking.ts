/**
 * Booking scenario: monthTime of a business with 500 reservations in the month (next month, so every day is
 * bookable), for one service and for five services with add-ons — API ÷ the same statements called directly,
 * p95 under 50 concurrent clients, and the SQL statements per call (they must not grow with the services).
 */
import { randomUUID } from 'node:crypto';
import { daysInMonth, isoDate, localNow, monthTimes, weekRules, type ReservationServiceChoiceInput } from '@lodestar/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import * as bookingServicesService from '../apps/server/src/modules/booking/booking-services/booking-services.service.ts';
import * as businessesService from '../apps/server/src/modules/booking/businesses/businesses.service.ts';
import * as reservationsRepository from '../apps/server/src/modules/booking/reservations/reservations.repository.ts';
import { countStatements } from '../apps/server/src/test/factories.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow } from './crm.ts';

const reservationCount = 500;

export async function bookingScenarios(app: FastifyInstance, db: Db, ctx: BenchContext): Promise<CrmRow[]> {
  const { get, q } = apiCaller(app, ctx);
  const send = async (method: 'PUT' | 'POST', path: string, payload: object) => {
    const res = await app.inject({ method, url: q(path), headers: { authorization: `Bearer ${ctx.token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res.json().data;
  };
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, start: '09:00', end: '21:00', breaks: [{ start: '12:00', end: '13:00' }] }));
  const business = await send('PUT', '/business', { idName: `bench-${randomUUID().slice(0, 8)}`, concurrentBooking: 10, isPublic: true, hours });
  const services: Array<{ id: string }> = [];
  for (let i = 0; i < 5; i++) {
    services.push(await send('POST', '/booking/service', { title: `服務 ${i}`, time: { hour: 1, minute: 0 }, payType: 'charge', priceType: 'PriceFixed', price: 500 + i * 100 }));
  }
  const group = await send('POST', '/booking/group', { title: '加購', serviceIds: services.map((s) => s.id) });
  const item = await send('POST', `/booking/group/${group.id}/item`, { title: '護髮', time: { hour: 0, minute: 30 }, payType: 'free' });

  // Next month in the business's zone: 500 reservations over its days, 09:00–20:00, 1–2 people.
  const today = localNow(new Date(), business.timeZone).date;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const days = daysInMonth(year, month);
  const starts = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'];
  for (let i = 0; i < reservationCount; i++) {
    await send('POST', '/booking/reservation', {
      requestKey: randomUUID(),
      businessId: business.id,
      year,
      month,
      day: (i % days) + 1,
      selectedTime: starts[Math.floor(i / days) % starts.length],
      people: (i % 2) + 1,
      services: [{ serviceId: services[i % 5]!.id, additionalServices: [] }],
      name: `客戶 ${i}`,
      phone: `09${String(10_000_000 + i)}`,
      email: `guest${i}@bench.test`,
    });
  }

  const choose = (n: number): ReservationServiceChoiceInput[] =>
    services.slice(0, n).map((s) => ({ serviceId: s.id, additionalServices: [{ groupId: group.id, serviceIds: [item.id] }] }));
  const path = (n: number) => `/booking/monthTime?businessId=${business.id}&year=${year}&month=${month}&people=1&services=${encodeURIComponent(JSON.stringify(choose(n)))}`;
  const direct = (n: number) => async () => {
    const row = await businessesService.findBusinessOrFail(db, ctx.orgId, business.id);
    const [priced, booked] = await Promise.all([
      bookingServicesService.priceChoices(db, ctx.orgId, choose(n).map((c) => ({ serviceId: c.serviceId, additionalServices: c.additionalServices ?? [] })), { requireGroups: false }),
      reservationsRepository.bookedBetween(db, ctx.orgId, business.id, isoDate(year, month, 1), isoDate(year, month, days)),
    ]);
    const bookedByDate = new Map<string, Map<number, number>>();
    for (const b of booked) bookedByDate.set(b.date, (bookedByDate.get(b.date) ?? new Map()).set(b.minute, b.peopleBooked));
    monthTimes({ year, month, week: weekRules(row.hours), duration: priced.duration, people: 1, capacity: row.concurrentBooking, bookedByDate, now: localNow(new Date(), row.timeZone) });
  };
  const statements = async (n: number) => countStatements(db, () => get(q(path(n))));
  const [one, five] = [await statements(1), await statements(5)];

  return measureScenarios(ctx, [
    { name: `monthTime, ${reservationCount} reservations in the month, 1 service (${one} SQL statements)`, target: 50, targetAt: 1, api: () => get(q(path(1))), direct: direct(1) },
    { name: `monthTime, same month, 5 services + add-ons (${five} SQL statements)`, target: 50, targetAt: 1, api: () => get(q(path(5))), direct: direct(5) },
  ]);
}
