import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { saveBusiness } from '../../../test/booking.ts';
import { call, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces({ ownerOrgName: 'Acme Salon' }));
});
afterAll(async () => {
  await t?.close();
});

const url = (orgId: string, path = '/business') => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('business settings', () => {
  it('is null before setup, then saves idName, concurrentBooking, hours with breaks and the public toggle', async () => {
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data).toBeNull();
    const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, isOpen: true, start: '09:00', end: '18:00', breaks: [{ start: '12:00', end: '13:00' }] }));
    const saved = await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'Acme-Salon', concurrentBooking: 4, hours });
    expect(saved).toMatchObject({ idName: 'acme-salon', name: 'Acme Salon', concurrentBooking: 4, timeZone: 'Asia/Taipei', isPublic: true });
    // Always seven weekdays, Sunday first; missing ones closed.
    expect(saved.hours.map((h: { weekday: number; isOpen: boolean }) => [h.weekday, h.isOpen])).toEqual([
      [0, false], [1, true], [2, true], [3, true], [4, true], [5, true], [6, false],
    ]);
    expect(saved.hours[1].breaks).toEqual([{ start: '12:00', end: '13:00' }]);
    // A member reads it (the reservation dialog needs it).
    expect((await call(t.app, 'GET', url(owner.orgId), { token: member.token })).body.data.id).toBe(saved.id);
    // Edit keeps the same business.
    const edited = await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-salon', concurrentBooking: 2, isPublic: false });
    expect(edited).toMatchObject({ id: saved.id, concurrentBooking: 2, isPublic: false });
  });

  it('refuses an idName another workspace uses (409) and says so in the check', async () => {
    await saveBusiness(t.app, other.token, other.orgId, { idName: 'other-shop' });
    const taken = await call(t.app, 'PUT', url(owner.orgId), { token: owner.token, locale: 'en-US', body: { idName: 'other-shop', concurrentBooking: 2 } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'BUSINESS_ID_NAME_TAKEN', errorMessage: 'This booking page name is already taken' });
    const check = await call(t.app, 'GET', url(owner.orgId, '/business/idName-check?idName=other-shop'), { token: owner.token });
    expect(check.body.data).toEqual({ available: false });
    const free = await call(t.app, 'GET', url(owner.orgId, '/business/idName-check?idName=acme-salon'), { token: owner.token });
    expect(free.body.data).toEqual({ available: true });
  });

  it('validates and names the field', async () => {
    const bad = await call(t.app, 'PUT', url(owner.orgId), {
      token: owner.token,
      locale: 'en-US',
      body: { idName: 'acme-salon', concurrentBooking: 2, hours: [{ weekday: 1, isOpen: true, start: '18:00', end: '09:00' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('hours.0.end');
    const slot = await call(t.app, 'PUT', url(owner.orgId), { token: owner.token, body: { idName: 'acme-salon', concurrentBooking: 2, hours: [{ weekday: 1, isOpen: true, start: '09:15', end: '18:00' }] } });
    expect(slot.body.details[0].field).toBe('hours.0.start');
    const zero = await call(t.app, 'PUT', url(owner.orgId), { token: owner.token, body: { idName: 'acme-salon', concurrentBooking: 0 } });
    expect(zero.body.details[0].field).toBe('concurrentBooking');
    const zone = await call(t.app, 'PUT', url(owner.orgId), { token: owner.token, body: { idName: 'acme-salon', concurrentBooking: 2, timeZone: 'Mars/Base' } });
    expect(zone.body.details[0].field).toBe('timeZone');
  });

  it('lets only system administrators change it; another workspace never sees it', async () => {
    const denied = await call(t.app, 'PUT', url(owner.orgId), { token: member.token, body: { idName: 'mine', concurrentBooking: 1 } });
    expect(denied.status).toBe(403);
    const foreign = await call(t.app, 'GET', url(owner.orgId), { token: other.token });
    expect(foreign.status).toBe(403);
    const own = (await call(t.app, 'GET', url(other.orgId), { token: other.token })).body.data;
    expect(own.idName).toBe('other-shop');
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data.idName).toBe('acme-salon');
  });
});
