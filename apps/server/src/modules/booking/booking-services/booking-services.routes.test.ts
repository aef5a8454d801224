import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { createGroup, createItem, createService } from '../../../test/booking.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = owner.token, orgId = owner.orgId) =>
  call(t.app, method, url(path, orgId), { token, locale: 'en-US', ...(body === undefined ? {} : { body }) });

describe('categories and services', () => {
  it('creates, lists, edits and deletes services in categories with the price of the chosen type', async () => {
    const category = (await send('POST', '/booking/category', { title: 'Hair' })).body.data;
    const group = await createGroup(t.app, owner.token, owner.orgId, { title: 'Treatments' });
    const fixed = await createService(t.app, owner.token, owner.orgId, {
      title: 'Cut',
      category: category.id,
      time: { hour: 1, minute: 30 },
      payType: 'charge',
      priceType: 'PriceFixed',
      price: '1200',
      additional: [{ groupId: group.id, serviceIds: [] }],
    });
    expect(fixed).toMatchObject({
      title: 'Cut', categoryId: category.id, hour: 1, minute: 30, isOpen: true, isFree: false, payType: 'charge', priceType: 'PriceFixed',
      price: '1200.00', priceBase: null, priceMin: null, priceMax: null, priceStr: '$1,200', estimatedAmount: '1200.00', additionalGroups: [group.id],
    });
    const range = await createService(t.app, owner.token, owner.orgId, { title: 'Color', payType: 'charge', priceType: 'PriceRange', priceMin: 300, priceMax: 500 });
    expect(range).toMatchObject({ priceStr: '$300 - $500', estimatedAmount: '300.00', price: null, categoryId: null });
    const list = (await send('GET', '/booking/services', undefined, member.token)).body.data;
    expect(list.categories).toEqual([{ id: category.id, title: 'Hair' }]);
    expect(list.services.map((s: Json) => s.title)).toEqual(['Cut', 'Color']);

    const edited = (await send('PUT', `/booking/service/${range.id}`, { title: 'Colour', payType: 'free', time: { hour: 2, minute: 0 }, isOpen: false })).body.data;
    expect(edited).toMatchObject({ title: 'Colour', isFree: true, priceType: null, priceMin: null, priceStr: '', hour: 2, isOpen: false });

    // Deleting the category leaves its services uncategorized.
    expect((await send('DELETE', `/booking/category/${category.id}`)).status).toBe(200);
    expect((await send('GET', '/booking/services')).body.data.services[0].categoryId).toBeNull();
    expect((await send('DELETE', `/booking/service/${range.id}`)).status).toBe(200);
    expect((await send('DELETE', `/booking/service/${range.id}`)).body.errorCode).toBe('BOOKING_SERVICE_NOT_FOUND');
  });

  it('sends price fields only for the chosen type and names the wrong field', async () => {
    const extra = await send('POST', '/booking/service', { title: 'Cut', payType: 'free', price: 100 });
    expect(extra.status).toBe(400);
    expect(extra.body.details.map((d: Json) => d.field)).toEqual(['price']);
    const missing = await send('POST', '/booking/service', { title: 'Cut', payType: 'charge', priceType: 'PriceBase' });
    expect(missing.body.details).toEqual([{ field: 'priceBase', reason: 'required', message: 'This field is required' }]);
    expect(missing.body.errorMessage).toBe('Field "Price": This field is required');
    const noTitle = await send('POST', '/booking/service', { title: ' ', payType: 'free' });
    expect(noTitle.body.details[0].field).toBe('title');
    const badMinute = await send('POST', '/booking/service', { title: 'Cut', payType: 'free', time: { hour: 1, minute: 15 } });
    expect(badMinute.body.details[0].field).toBe('time.minute');
    const badItemId = await send('POST', '/booking/service', { title: 'Cut', payType: 'free', additional: [{ groupId: '00000000-0000-4000-8000-000000000000', serviceIds: ['nope'] }] });
    expect(badItemId.status).toBe(400);
    expect(badItemId.body.details[0].field).toBe('additional.0.serviceIds.0');
  });

  it('saves the whole ordered list, refusing a list that is not exactly the current ids', async () => {
    const services = (await send('GET', '/booking/services')).body.data.services.map((s: Json) => s.id);
    const extra = await createService(t.app, owner.token, owner.orgId, { title: 'Shave' });
    const reversed = [extra.id, ...services].reverse();
    expect((await send('POST', '/booking/services/sort', { ids: reversed })).status).toBe(200);
    expect((await send('GET', '/booking/services')).body.data.services.map((s: Json) => s.id)).toEqual(reversed);
    const cats = [(await send('POST', '/booking/category', { title: 'A' })).body.data.id, (await send('POST', '/booking/category', { title: 'B' })).body.data.id];
    expect((await send('POST', '/booking/categories/sort', { ids: [...cats].reverse() })).status).toBe(200);
    expect((await send('GET', '/booking/categories')).body.data.map((c: Json) => c.title)).toEqual(['B', 'A']);
    const partial = await send('POST', '/booking/services/sort', { ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.body.details[0].field).toBe('ids');
  });
});

describe('additional groups and items', () => {
  it('creates groups with their services and items, lists them by service, and keeps fixed items in place', async () => {
    const service = await createService(t.app, owner.token, owner.orgId, { title: 'Massage' });
    const group = await createGroup(t.app, owner.token, owner.orgId, { title: 'Oils', selectionType: 'multiple', isRequired: true, description: 'Pick any', serviceIds: [service.id] });
    expect(group).toMatchObject({ title: 'Oils', selectionType: 'multiple', isRequired: true, isOpen: true, description: 'Pick any', services: [{ id: service.id, title: 'Massage' }], items: [] });
    const a = await createItem(t.app, owner.token, owner.orgId, group.id, { title: 'Lavender', fixed: true });
    const b = await createItem(t.app, owner.token, owner.orgId, group.id, { title: 'Rose', payType: 'charge', priceType: 'PriceBase', priceBase: 200, time: { hour: 0, minute: 0 } });
    const c = await createItem(t.app, owner.token, owner.orgId, group.id, { title: 'Mint' });
    expect(b).toMatchObject({ priceStr: '$200 up', fixed: false, hour: 0, minute: 0 });
    expect(a).toMatchObject({ fixed: true, hour: 0, minute: 30 });

    const byService = (await send('GET', `/booking/groups?serviceId=${service.id}`, undefined, member.token)).body.data;
    expect(byService.map((g: Json) => g.id)).toEqual([group.id]);
    expect(byService[0].items.map((i: Json) => i.title)).toEqual(['Lavender', 'Rose', 'Mint']);
    // The service now lists the group too.
    const services = (await send('GET', '/booking/services')).body.data.services;
    expect(services.find((s: Json) => s.id === service.id).additionalGroups).toEqual([group.id]);

    // Moving the fixed item, or dropping onto its place: 409; moving the others around it: fine.
    const moved = await send('POST', `/booking/group/${group.id}/items/sort`, { ids: [b.id, a.id, c.id] });
    expect(moved.status).toBe(409);
    expect(moved.body.errorCode).toBe('BOOKING_ITEM_FIXED');
    expect((await send('POST', `/booking/group/${group.id}/items/sort`, { ids: [a.id, c.id, b.id] })).status).toBe(200);
    const after = (await send('GET', `/booking/groups?serviceId=${service.id}`)).body.data[0].items.map((i: Json) => i.title);
    expect(after).toEqual(['Lavender', 'Mint', 'Rose']);

    const editedItem = (await send('PUT', `/booking/item/${c.id}`, { title: 'Peppermint', payType: 'free', fixed: false })).body.data;
    expect(editedItem.title).toBe('Peppermint');
    const editedGroup = (await send('PUT', `/booking/group/${group.id}`, { title: 'Oil', serviceIds: [] })).body.data;
    expect(editedGroup).toMatchObject({ title: 'Oil', selectionType: 'single', isRequired: false, services: [] });
    expect((await send('GET', `/booking/groups?serviceId=${service.id}`)).body.data).toEqual([]);

    const groups = (await send('GET', '/booking/groups')).body.data.map((g: Json) => g.id);
    expect((await send('POST', '/booking/groups/sort', { ids: [...groups].reverse() })).status).toBe(200);
    expect((await send('DELETE', `/booking/item/${c.id}`)).status).toBe(200);
    expect((await send('DELETE', `/booking/group/${group.id}`)).status).toBe(200);
    expect((await send('GET', '/booking/groups')).body.data.some((g: Json) => g.id === group.id)).toBe(false);
  });

  it('answers the groups of one service in sort order with their items (group by service)', async () => {
    const service = await createService(t.app, owner.token, owner.orgId, { title: 'Facial' });
    const lone = await createService(t.app, owner.token, owner.orgId, { title: 'Nails' });
    const first = await createGroup(t.app, owner.token, owner.orgId, { title: 'Masks', serviceIds: [service.id] });
    const second = await createGroup(t.app, owner.token, owner.orgId, { title: 'Extras', selectionType: 'multiple', serviceIds: [service.id, lone.id] });
    await createGroup(t.app, owner.token, owner.orgId, { title: 'Unattached' });
    const x = await createItem(t.app, owner.token, owner.orgId, second.id, { title: 'Steam' });
    const y = await createItem(t.app, owner.token, owner.orgId, second.id, { title: 'Serum' });
    expect((await send('POST', `/booking/group/${second.id}/items/sort`, { ids: [y.id, x.id] })).status).toBe(200);
    const all = (await send('GET', '/booking/groups')).body.data.map((g: Json) => g.id);
    // Put `second` before `first` in the workspace order: the answer follows it.
    const order = [second.id, ...all.filter((id: string) => id !== second.id)];
    expect((await send('POST', '/booking/groups/sort', { ids: order })).status).toBe(200);

    const answer = await send('GET', `/booking/additional/groupByService?serviceId=${service.id}`, undefined, member.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((g: Json) => g.title)).toEqual(['Extras', 'Masks']);
    expect(answer.body.data[0]).toMatchObject({ id: second.id, selectionType: 'multiple', services: [{ id: service.id }, { id: lone.id }] });
    expect(answer.body.data[0].items.map((i: Json) => i.title)).toEqual(['Serum', 'Steam']);
    expect(answer.body.data[1]).toMatchObject({ id: first.id, items: [] });
    expect((await send('GET', `/booking/additional/groupByService?serviceId=${lone.id}`)).body.data.map((g: Json) => g.id)).toEqual([second.id]);

    const missing = await send('GET', '/booking/additional/groupByService');
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: Json) => d.field)).toEqual(['serviceId']);
    const malformed = await send('GET', '/booking/additional/groupByService?serviceId=nope');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].field).toBe('serviceId');
    const unknown = await send('GET', `/booking/additional/groupByService?serviceId=${first.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('BOOKING_SERVICE_NOT_FOUND');
  });

  it('lets members read but not write', async () => {
    expect((await send('POST', '/booking/group', { title: 'X' }, member.token)).status).toBe(403);
    expect((await send('POST', '/booking/service', { title: 'X', payType: 'free' }, member.token)).status).toBe(403);
    expect((await send('POST', '/booking/category', { title: 'X' }, member.token)).status).toBe(403);
  });
});

describe('another workspace', () => {
  it('gets 404 for every record of the first and changes nothing', async () => {
    const service = await createService(t.app, owner.token, owner.orgId, { title: 'Private' });
    const group = await createGroup(t.app, owner.token, owner.orgId, { title: 'Private group', serviceIds: [service.id] });
    const item = await createItem(t.app, owner.token, owner.orgId, group.id, { title: 'Private item' });
    const category = (await send('POST', '/booking/category', { title: 'Private cat' })).body.data;
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => send(method, path, body, other.token, other.orgId);
    const answers = await Promise.all([
      as('PUT', `/booking/service/${service.id}`, { title: 'Hijack', payType: 'free' }),
      as('DELETE', `/booking/service/${service.id}`),
      as('PUT', `/booking/group/${group.id}`, { title: 'Hijack' }),
      as('DELETE', `/booking/group/${group.id}`),
      as('POST', `/booking/group/${group.id}/item`, { title: 'Hijack', payType: 'free' }),
      as('POST', `/booking/group/${group.id}/items/sort`, { ids: [item.id] }),
      as('PUT', `/booking/item/${item.id}`, { title: 'Hijack', payType: 'free' }),
      as('DELETE', `/booking/item/${item.id}`),
      as('PUT', `/booking/category/${category.id}`, { title: 'Hijack' }),
      as('DELETE', `/booking/category/${category.id}`),
      as('GET', `/booking/groups?serviceId=${service.id}`),
      as('GET', `/booking/additional/groupByService?serviceId=${service.id}`),
      as('POST', '/booking/service', { title: 'Steal', payType: 'free', additional: [{ groupId: group.id }] }),
      as('POST', '/booking/group', { title: 'Steal', serviceIds: [service.id] }),
      as('POST', '/booking/services/sort', { ids: [service.id] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 400]);
    const groups = (await send('GET', `/booking/groups?serviceId=${service.id}`)).body.data;
    expect(groups[0]).toMatchObject({ title: 'Private group', items: [{ title: 'Private item' }] });
    const services = (await send('GET', '/booking/services')).body.data;
    expect(services.services.find((s: Json) => s.id === service.id).title).toBe('Private');
    expect(services.categories.find((c: Json) => c.id === category.id).title).toBe('Private cat');
    expect((await send('GET', '/booking/services', undefined, other.token, other.orgId)).body.data).toEqual({ categories: [], services: [] });
  });
});
