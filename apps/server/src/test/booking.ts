import { localNow, zonedInstant } from '@lodestar/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { call, type Json } from './factories.ts';

/** Helpers for booking tests and the bench: a business, services, add-ons, a bookable future day. */

const url = (orgId: string, path: string) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function expectOk(label: string, answer: Promise<{ status: number; body: Json }>): Promise<Json> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${label} failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Open every day 00:00–24:00 without breaks unless `hours` says otherwise. */
export const allDayHours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, start: '00:00', end: '24:00', breaks: [] }));

export function saveBusiness(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<Json> {
  return expectOk(
    'save business',
    call(app, 'PUT', url(orgId, '/business'), {
      token,
      body: { idName: `shop-${randomUUID().slice(0, 8)}`, concurrentBooking: 3, isPublic: true, hours: allDayHours, ...body },
    }),
  );
}

export function createService(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<Json> {
  return expectOk('create service', call(app, 'POST', url(orgId, '/booking/service'), { token, body: { title: 'Haircut', payType: 'free', time: { hour: 1, minute: 0 }, ...body } }));
}

export function createGroup(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<Json> {
  return expectOk('create group', call(app, 'POST', url(orgId, '/booking/group'), { token, body: { title: 'Add-ons', ...body } }));
}

export function createItem(app: FastifyInstance, token: string, orgId: string, groupId: string, body: Record<string, unknown> = {}): Promise<Json> {
  return expectOk(
    'create item',
    call(app, 'POST', url(orgId, `/booking/group/${groupId}/item`), { token, body: { title: 'Wash', payType: 'free', time: { hour: 0, minute: 30 }, ...body } }),
  );
}

/** A local date `days` ahead in the business's time zone, as the payload's year, month, day. */
export function futureDay(days = 10, timeZone = 'Asia/Taipei'): { year: number; month: number; day: number; date: string } {
  const { date } = localNow(new Date(Date.now() + days * 86_400_000), timeZone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, date };
}

export function instantOf(date: string, time: string, timeZone = 'Asia/Taipei'): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, timeZone).toISOString();
}

export function reservationBody(businessId: string, serviceId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { year, month, day } = futureDay();
  return {
    requestKey: randomUUID(),
    businessId,
    year,
    month,
    day,
    selectedTime: '10:00',
    people: 1,
    services: [{ serviceId, additionalServices: [] }],
    name: '王小明',
    phone: '0912-345-678',
    email: 'ming@example.com',
    ...overrides,
  };
}
