import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createService, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createContact, crmFixture, injectMultipart, multipart } from '../../../test/records.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from '../contacts/contacts.table.ts';

/**
 * The record pages' sections that other contexts plug in (wiring.ts): a contact's bookings, business-card
 * exchanges, the imports that created or changed a record, and the photos of its schedules — each only what the
 * viewer may see, none of it to another workspace.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let serviceId: string;
let businessId: string;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture());
  businessId = (await saveBusiness(t.app, owner.token, owner.orgId)).id;
  serviceId = (await createService(t.app, owner.token, owner.orgId, { title: 'Tasting' })).id;
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const summary = async (entityType: string, entityId: string, token = owner.token, orgId = owner.orgId) => {
  const answer = await call(t.app, 'GET', url(`/record/summary?entityType=${entityType}&entityId=${entityId}`, orgId), { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Json;
};
const timeline = async (contactId: string, kinds: string) =>
  (await call(t.app, 'GET', url(`/timeline/page?entityType=contact&entityId=${contactId}&kinds=${kinds}`), { token: owner.token })).body.data.items as Json[];

async function book(token: string, overrides: Record<string, unknown>) {
  const answer = await call(t.app, 'POST', url('/booking/reservation'), { token, body: reservationBody(businessId, serviceId, overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function scheduleWithPhoto(token: string, contactId: string, title: string) {
  const form = multipart(
    { title, startDate: '2026-12-07', startDateTime: '09:00', endDate: '2026-12-07', endDateTime: '10:00', fullDate: 'false', client: JSON.stringify({ id: contactId }), 'imagesName[]': ['shelf.png'] },
    { field: 'images[]', filename: 'a.png', contentType: 'image/png', data: png },
  );
  const answer = await injectMultipart(t.app, url('/task'), token, form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('record page sections from higher contexts', () => {
  it('a contact: its bookings, card exchanges, imports and photos, with the bookings and imports timeline filters', async () => {
    const kit = importKit(t, 'customer');
    const { id: importId } = await kit.run(owner, 'Name,Email,Mobile\nLin Section,lin@sections.example,0922-000-111\n', { name: 'spring-fair.csv' });
    const contactId = (await t.db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.orgId, owner.orgId), eq(contacts.lastName, 'Section'))))[0]!.id;
    await kit.run(owner, 'Name,Email,Note\nLin Section,lin@sections.example,met again\n', { duplicates: 'update', name: 'autumn-fair.csv' });
    await book(owner.token, { name: 'Lin Section', phone: '0922-000-111', email: 'lin@sections.example', selectedTime: '11:00' });
    const card = (await call(t.app, 'PUT', url('/businesscard'), { token: owner.token, body: { firstName: 'Own', lastName: 'Er', isPublic: true } })).body.data;
    const exchanged = await call(t.app, 'POST', `/api/public/card/${card.slug}/exchange`, { body: { name: 'Lin Section', email: 'lin@sections.example', note: 'from the fair' } });
    expect(exchanged.status).toBe(200);
    await scheduleWithPhoto(owner.token, contactId, 'Shop visit');

    const data = await summary('contact', contactId);
    expect(data.bookings).toMatchObject({ total: 1, items: [{ businessName: expect.any(String), status: 'pending', people: 1, services: ['Tasting'] }] });
    expect(data.cardExchanges).toMatchObject({ total: 1, items: [{ name: 'Lin Section', note: 'from the fair', cardOwner: expect.any(String) }] });
    expect(data.imports.total).toBe(2);
    expect(data.imports.items.map((i: Json) => [i.fileName, i.action])).toEqual([
      ['autumn-fair.csv', 'updated'],
      ['spring-fair.csv', 'created'],
    ]);
    expect(data.imports.items[1]).toMatchObject({ id: importId, by: expect.any(String) });
    expect(data.files).toMatchObject({ total: 1, items: [{ name: 'shelf.png', mimeType: 'image/png', source: { entityType: 'schedule', name: 'Shop visit' } }] });

    // The timeline's filters for what these sections show.
    expect((await timeline(contactId, 'bookings')).map((e) => e.action)).toEqual(['reservation']);
    expect((await timeline(contactId, 'imports')).map((e) => e.action)).toEqual(['update', 'create']);
    expect((await timeline(contactId, 'cards')).map((e) => e.action)).toEqual(['businessCard']);

    // Another workspace sees none of it.
    expect((await call(t.app, 'GET', url(`/record/summary?entityType=contact&entityId=${contactId}`, other.orgId), { token: other.token })).status).toBe(404);
  });

  it('a member sees the sections of their own contact, not the bookings, exchanges or photos of colleagues they may not see', async () => {
    const contactId = await createContact(t.app, member.token, owner.orgId, { firstName: 'Mei', lastName: 'Member', phones: [{ value: '0955-123-456', type: 'mobile' }] });
    await book(owner.token, { name: 'Mei Member', phone: '0955-123-456', email: 'mei1@sections.example', selectedTime: '13:00' });
    await book(member.token, { name: 'Mei Member', phone: '0955-123-456', email: 'mei2@sections.example', selectedTime: '15:00' });
    await scheduleWithPhoto(owner.token, contactId, 'Owner visit');
    await scheduleWithPhoto(member.token, contactId, 'Member visit');

    const seen = await summary('contact', contactId, member.token);
    expect(seen.bookings.total).toBe(1);
    expect(seen.files.items.map((f: Json) => f.source.name)).toEqual(['Member visit']);
    expect(seen.cardExchanges.total).toBe(0);
    const all = await summary('contact', contactId);
    expect(all.bookings.total).toBe(2);
    expect(all.files.total).toBe(2);
  });

  it('a company or deal page has no bookings or card exchanges; its own imports show', async () => {
    const kit = importKit(t, 'company');
    await kit.run(owner, 'Name\nSection Co\n', { name: 'companies.csv' });
    const companyId = (await t.db.select({ id: companies.id }).from(companies).where(and(eq(companies.orgId, owner.orgId), eq(companies.name, 'Section Co'))))[0]!.id;
    const data = await summary('company', companyId);
    expect(data.bookings).toBeNull();
    expect(data.cardExchanges).toBeNull();
    expect(data.imports.items.map((i: Json) => i.fileName)).toEqual(['companies.csv']);
  });
});
