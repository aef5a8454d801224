import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json } from '../../../test/factories.ts';
import { crmFixture, type CrmFixture } from '../../../test/records.ts';

let f: CrmFixture;

beforeAll(async () => {
  f = await crmFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const asOwner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(f.t.app, method, url(path), { token: f.owner.token, ...(body === undefined ? {} : { body }) });

describe('activity items (settings/activityList)', () => {
  let phone: Json;
  it('creates, lists, reads, edits and deletes items', async () => {
    phone = (await asOwner('POST', '/settings/activityItem', { name: '電話', point: 2, targetNum: 10 })).body.data;
    expect(phone).toMatchObject({ name: '電話', point: 2, targetNum: 10 });
    const visit = (await asOwner('POST', '/settings/activityItem', { name: 'Visit', point: 5 })).body.data;
    expect(visit.targetNum).toBe(0);
    expect((await asOwner('GET', '/settings/activityItem')).body.data.items.map((i: Json) => i.name)).toEqual(['電話', 'Visit']);
    expect((await asOwner('PUT', `/settings/activityItem/${visit.id}`, { point: 8 })).body.data).toMatchObject({ name: 'Visit', point: 8 });
    expect((await asOwner('GET', `/settings/activityItem/${visit.id}`)).body.data.point).toBe(8);
    expect((await asOwner('DELETE', `/settings/activityItem/${visit.id}`)).status).toBe(200);
    expect((await asOwner('GET', `/settings/activityItem/${visit.id}`)).status).toBe(404);
  });

  it('names the field in validation messages', async () => {
    const { status, body } = await call(f.t.app, 'POST', url('/settings/activityItem'), { token: f.owner.token, body: { name: '', point: 1 }, locale: 'en-US' });
    expect(status).toBe(400);
    expect(body.errorMessage).toMatch(/name/i);
    const negative = await asOwner('POST', '/settings/activityItem', { name: 'x', point: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.details[0].field).toBe('point');
  });

  it('only system administrators change settings; members read', async () => {
    const write = await call(f.t.app, 'POST', url('/settings/activityItem'), { token: f.member.token, body: { name: 'x', point: 1 } });
    expect(write.status).toBe(403);
    expect((await call(f.t.app, 'GET', url('/settings/activityItem'), { token: f.member.token })).status).toBe(200);
  });

  it('another workspace gets 404 and changes nothing', async () => {
    const other = (path: string, method: 'GET' | 'PUT' | 'DELETE', body?: unknown) =>
      call(f.t.app, method, url(path, f.other.orgId), { token: f.other.token, ...(body ? { body } : {}) });
    expect((await other(`/settings/activityItem/${phone.id}`, 'GET')).status).toBe(404);
    expect((await other(`/settings/activityItem/${phone.id}`, 'PUT', { point: 99 })).status).toBe(404);
    expect((await other(`/settings/activityItem/${phone.id}`, 'DELETE')).status).toBe(404);
    expect((await asOwner('GET', `/settings/activityItem/${phone.id}`)).body.data.point).toBe(2);
  });
});

describe('activity profiles (settings/activity)', () => {
  it('groups items, assigns users (one profile each) and derives the targets', async () => {
    const call1 = (await asOwner('POST', '/settings/activityItem', { name: 'Call', point: 3 })).body.data;
    const mail = (await asOwner('POST', '/settings/activityItem', { name: 'Mail', point: 1 })).body.data;
    const sales = await asOwner('POST', '/settings/activity', {
      name: 'Sales',
      itemIds: [call1.id, mail.id],
      weightScore: 10,
      dailyTargetCount: 4,
      userIds: [f.member.user.id],
    });
    expect(sales.status).toBe(200);
    expect(sales.body.data).toMatchObject({
      name: 'Sales',
      weightScore: 10,
      dailyTargetCount: 4,
      dailyTarget: 40,
      weeklyTarget: 200,
      users: [{ userId: f.member.user.id, name: 'Mia Member' }],
    });
    expect(sales.body.data.items.map((i: Json) => i.name)).toEqual(['Call', 'Mail']);

    // The member picks from their profile's items.
    const mine = await call(f.t.app, 'GET', url('/userActivity'), { token: f.member.token });
    expect(mine.body.data).toMatchObject({ profileId: sales.body.data.id });
    expect(mine.body.data.items.map((i: Json) => i.name)).toEqual(['Call', 'Mail']);

    // Moving the member to another profile takes them out of the first.
    const support = (await asOwner('POST', '/settings/activity', { name: 'Support', itemIds: [mail.id], userIds: [f.member.user.id] })).body.data;
    expect((await asOwner('GET', `/settings/activity/${sales.body.data.id}`)).body.data.users).toEqual([]);
    const edited = await asOwner('PUT', `/settings/activity/${support.id}`, { name: 'Support 2', itemIds: [call1.id] });
    expect(edited.body.data).toMatchObject({ name: 'Support 2', items: [{ name: 'Call' }], users: [{ userId: f.member.user.id }] });
    expect((await asOwner('GET', '/settings/activity')).body.data.items).toHaveLength(2);
    expect((await asOwner('DELETE', `/settings/activity/${support.id}`)).status).toBe(200);
    // Without a profile, every item of the workspace is offered.
    const all = await call(f.t.app, 'GET', url('/userActivity'), { token: f.member.token });
    expect(all.body.data.profileId).toBeNull();
    expect(all.body.data.items.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses items and users of another workspace, naming the field', async () => {
    const foreignItem = (await call(f.t.app, 'POST', url('/settings/activityItem', f.other.orgId), { token: f.other.token, body: { name: 'F', point: 1 } })).body.data;
    const items = await asOwner('POST', '/settings/activity', { name: 'Bad', itemIds: [foreignItem.id] });
    expect(items.status).toBe(400);
    expect(items.body.details[0].field).toBe('itemIds');
    const users = await asOwner('POST', '/settings/activity', { name: 'Bad', userIds: [f.other.user.id] });
    expect(users.status).toBe(400);
    expect(users.body.details[0].field).toBe('userIds');
    const profile = (await asOwner('POST', '/settings/activity', { name: 'Mine' })).body.data;
    const foreign = await call(f.t.app, 'PUT', url(`/settings/activity/${profile.id}`, f.other.orgId), { token: f.other.token, body: { name: 'X' } });
    expect(foreign.status).toBe(404);
    expect((await asOwner('GET', `/settings/activity/${profile.id}`)).body.data.name).toBe('Mine');
  });
});
