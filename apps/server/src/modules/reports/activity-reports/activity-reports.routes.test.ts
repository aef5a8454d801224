import { memberPrivilegeFeatures, type PrivilegeFeatures, type VisibilityScope } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, countStatements, registerUser, type Json, type TestUser } from '../../../test/factories.ts';
import { createContact, crmFixture, type CrmFixture } from '../../../test/records.ts';
import * as departmentsService from '../../access/departments/departments.service.ts';
import { createPrivilege } from '../../access/privileges/privilege-catalog.ts';

/*
 * Sales (supervisor A) > North; Marketing apart. A, B in Sales, C in North, D in Marketing. Profile "Field"
 * (weight 2 × 3 a day = daily target 6, weekly 30) for A, B and C; D has none. Points in 2024W5
 * (29 January – 4 February 2024): A call+visit Mon (7), B call Tue (2), C visit Wed and Thu (10), D call Fri (2).
 */

let f: CrmFixture;
const people = {} as Record<'a' | 'b' | 'c' | 'd', TestUser>;
let call2: string;
let visit: string;
let clientId: string;
const schedulesOf: Record<string, string[]> = {};

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (user: { token: string }, locale?: string) => (method: Method, path: string, body?: unknown, orgId?: string) =>
  call(f.t.app, method, url(path, orgId), { token: user.token, ...(body === undefined ? {} : { body }), ...(locale ? { locale } : {}) });
const owner = (method: Method, path: string, body?: unknown) => as(f.owner)(method, path, body);
const filter = (value: object) => `advanceFilter=${encodeURIComponent(JSON.stringify(value))}`;

function privilegeWith(scope: VisibilityScope, methods: ('view' | 'create')[] = ['view']): PrivilegeFeatures {
  const features = memberPrivilegeFeatures();
  features.activityReport = { methods, scope };
  return features;
}

async function completed(user: TestUser, date: string, items: string[], extra: Record<string, unknown> = {}) {
  const { status, body } = await as(user)('POST', '/task', { title: `Work ${date}`, startDate: date, startDateTime: '09:00', endDate: date, endDateTime: '10:00', activity: items, complete: true, ...extra });
  if (status !== 200) throw new Error(`schedule: ${status} ${JSON.stringify(body)}`);
  (schedulesOf[user.user.id] ??= []).push(body.data.id);
  return body.data.id as string;
}

beforeAll(async () => {
  f = await crmFixture();
  for (const key of ['a', 'b', 'c', 'd'] as const) people[key] = await registerUser(f.t.app, { firstName: key.toUpperCase(), lastName: 'Sales' });
  const sales = await departmentsService.createDepartment(f.t.db, f.owner.orgId, { name: 'Sales', supervisorUserId: people.a.user.id });
  const north = await departmentsService.createDepartment(f.t.db, f.owner.orgId, { name: 'North', parentId: sales.id });
  const marketing = await departmentsService.createDepartment(f.t.db, f.owner.orgId, { name: 'Marketing' });
  const subordinates = await createPrivilege(f.t.db, f.owner.orgId, { name: 'lead', features: privilegeWith('subordinates') });
  await addMember(f.t.db, f.owner.orgId, people.a.user.id, { departmentId: sales.id, privilegeId: subordinates.id });
  await addMember(f.t.db, f.owner.orgId, people.b.user.id, { departmentId: sales.id });
  await addMember(f.t.db, f.owner.orgId, people.c.user.id, { departmentId: north.id });
  await addMember(f.t.db, f.owner.orgId, people.d.user.id, { departmentId: marketing.id });

  call2 = (await owner('POST', '/settings/activityItem', { name: 'Call', point: 2 })).body.data.id;
  visit = (await owner('POST', '/settings/activityItem', { name: 'Visit', point: 5 })).body.data.id;
  await owner('POST', '/settings/activity', { name: 'Field', itemIds: [call2, visit], weightScore: 2, dailyTargetCount: 3, userIds: [people.a.user.id, people.b.user.id, people.c.user.id] });
  clientId = await createContact(f.t.app, people.a.token, f.owner.orgId, { firstName: '明', lastName: '孔' });

  await completed(people.a, '2024-01-29', [call2, visit], { client: { id: clientId } });
  await completed(people.b, '2024-01-30', [call2]);
  await completed(people.c, '2024-01-31', [visit]);
  await completed(people.c, '2024-02-01', [visit]);
  await completed(people.d, '2024-02-02', [call2]);
});
afterAll(async () => {
  await f?.t.close();
});

const byName = (rows: Json[]) => Object.fromEntries(rows.map((r) => [r.name, r]));

describe('GET activity/report', () => {
  it('sums a week per person and item, with targets, zero rows and team totals', async () => {
    const { status, body } = await owner('GET', '/activity/report?type=week&reportDate=2024W5');
    expect(status).toBe(200);
    const report = body.data;
    expect(report.period).toEqual({ type: 'week', symbol: '2024W5', from: '2024-01-29', to: '2024-02-04', previous: '2024W4', next: '2024W6', workingDays: 5 });
    expect(report.items.map((i: Json) => i.name)).toEqual(['Call', 'Visit']);
    const rows = byName(report.rows);
    expect(Object.keys(rows).sort()).toEqual(['A Sales', 'Ada Lin', 'B Sales', 'C Sales', 'D Sales', 'Mia Member']);
    expect(rows['A Sales']).toMatchObject({ total: 7, count: 2, target: 30, reached: 23, departmentName: 'Sales' });
    expect(rows['A Sales'].items[call2]).toEqual({ points: 2, count: 1 });
    expect(rows['A Sales'].items[visit]).toEqual({ points: 5, count: 1 });
    expect(rows['C Sales']).toMatchObject({ total: 10, target: 30, reached: 33, departmentName: 'North' });
    expect(rows['D Sales']).toMatchObject({ total: 2, target: null, reached: null });
    // Idle people show with zeros, not missing.
    expect(rows['Ada Lin']).toMatchObject({ userId: f.owner.user.id, total: 0, count: 0, target: null, reached: null });
    expect(rows['Mia Member']).toMatchObject({ total: 0 });
    expect(report.totals).toEqual({ count: 6, total: 21, target: 90, reached: 23 });
    const sales = report.teams.find((t: Json) => t.name === 'Sales');
    expect(sales).toMatchObject({ members: 2, total: 9, target: 60, reached: 15 });
    expect(report.setup).toEqual({ items: 2, profiles: 1 });
  });

  it('takes a day for the period holding it, and months, quarters and custom ranges', async () => {
    const byDate = await owner('GET', '/activity/report?type=week&reportDate=2024-02-04');
    expect(byDate.body.data.period.symbol).toBe('2024W5');
    const month = (await owner('GET', '/activity/report?type=month&reportDate=2024M1')).body.data;
    expect(month.period).toMatchObject({ from: '2024-01-01', to: '2024-01-31', previous: '2023M12', next: '2024M2', workingDays: 23 });
    expect(byName(month.rows)['C Sales']).toMatchObject({ total: 5, target: 138 });
    expect(byName(month.rows)['D Sales'].total).toBe(0);
    const quarter = (await owner('GET', '/activity/report?type=quarter&reportDate=2024Q1')).body.data;
    expect(quarter.period).toMatchObject({ previous: '2023Q4', next: '2024Q2' });
    expect(quarter.totals.total).toBe(21);
    const custom = (await owner('GET', `/activity/report?type=custom&${filter({ from: '2024-01-30', to: '2024-01-31' })}`)).body.data;
    expect(custom.period).toMatchObject({ symbol: null, workingDays: 2, previous: null });
    expect(custom.totals).toMatchObject({ total: 7, target: 36 });
  });

  it('names the field of a bad period (400), in three languages', async () => {
    const wrongKind = await as(f.owner, 'en-US')('GET', '/activity/report?type=week&reportDate=2024M1');
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.details[0].field).toBe('reportDate');
    expect(wrongKind.body.errorMessage).toContain('reportDate');
    const bad = await owner('GET', '/activity/report?type=week&reportDate=2024W60');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('reportDate');
    for (const locale of ['zh-TW', 'zh-CN', 'en-US']) {
      const missing = await as(f.owner, locale)('GET', '/activity/report?type=custom');
      expect(missing.status).toBe(400);
      expect(missing.body.details[0].field).toBe('advanceFilter.from');
      expect(missing.body.errorMessage.length).toBeGreaterThan(0);
    }
    const tooLong = await owner('GET', `/activity/report?type=custom&${filter({ from: '2023-01-01', to: '2024-06-01' })}`);
    expect(tooLong.status).toBe(400);
  });

  it('follows the privilege scope: subordinates see their subtree, mine only themselves', async () => {
    const lead = (await as(people.a)('GET', '/activity/report?type=week&reportDate=2024W5')).body.data;
    expect(lead.rows.map((r: Json) => r.name).sort()).toEqual(['A Sales', 'B Sales', 'C Sales']);
    const mine = (await as(people.b)('GET', '/activity/report?type=week&reportDate=2024W5')).body.data;
    expect(mine.rows.map((r: Json) => r.name)).toEqual(['B Sales']);
    expect(mine.totals.total).toBe(2);
  });

  it('narrows to the scope picked (mine, same department, subordinates) within what the privilege allows', async () => {
    const pick = async (user: { token: string }, value: object) =>
      (await as(user)('GET', `/activity/report?type=week&reportDate=2024W5&${filter(value)}`)).body.data.rows.map((r: Json) => r.name).sort();
    expect(await pick(people.a, { scope: 'mine' })).toEqual(['A Sales']);
    expect(await pick(people.a, { scope: 'sameDepartment' })).toEqual(['A Sales', 'B Sales']);
    expect(await pick(people.a, { scope: 'subordinates' })).toEqual(['A Sales', 'B Sales', 'C Sales']);
    // B (mine) asking for all still sees only B.
    expect(await pick(people.b, { scope: 'all' })).toEqual(['B Sales']);
    expect(await pick(f.owner, { userIds: [people.c.user.id, people.d.user.id] })).toEqual(['C Sales', 'D Sales']);
  });

  it('answers 403 without the activity report privilege', async () => {
    const none = await createPrivilege(f.t.db, f.owner.orgId, { name: 'no-report', features: { ...memberPrivilegeFeatures(), activityReport: { methods: [], scope: 'all' } } });
    const outsider = await registerUser(f.t.app);
    await addMember(f.t.db, f.owner.orgId, outsider.user.id, { privilegeId: none.id });
    for (const path of ['/activity/report', `/report/personal?uid=${people.a.user.id}`, `/report/detail?uid=${people.a.user.id}&date=2024-01-29`, '/activity/report/list?from=2024-01-01&to=2024-01-31']) {
      expect((await as(outsider)('GET', path)).status, path).toBe(403);
    }
    // Their own header still works.
    expect((await as(outsider)('GET', '/activity/targetHeader')).status).toBe(200);
  });

  it('another workspace sees none of these points and gets 404 for these people', async () => {
    const other = await as(f.other)('GET', '/activity/report?type=week&reportDate=2024W5', undefined, f.other.orgId);
    expect(other.status).toBe(200);
    expect(other.body.data.rows.map((r: Json) => r.userId)).toEqual([f.other.user.id]);
    expect(other.body.data.totals.total).toBe(0);
    expect((await as(f.other)('GET', `/report/personal?uid=${people.a.user.id}&type=week&reportDate=2024W5`, undefined, f.other.orgId)).status).toBe(404);
    expect((await as(f.other)('GET', `/report/detail?uid=${people.a.user.id}&date=2024-01-29`, undefined, f.other.orgId)).status).toBe(404);
    const list = await as(f.other)('GET', '/activity/report/list?from=2024-01-01&to=2024-03-31', undefined, f.other.orgId);
    expect(list.body.data).toEqual({ items: [], total: 0, points: 0 });
  });

  it('costs a fixed number of statements, however many people', async () => {
    const before = await countStatements(f.t.db, () => owner('GET', '/activity/report?type=quarter&reportDate=2024Q1'));
    for (let i = 0; i < 5; i++) {
      const extra = await registerUser(f.t.app);
      await addMember(f.t.db, f.owner.orgId, extra.user.id);
      await completed(extra, '2024-02-01', [call2, visit]);
    }
    const after = await countStatements(f.t.db, () => owner('GET', '/activity/report?type=quarter&reportDate=2024Q1'));
    expect(after).toBe(before);
  });
});

describe('personal report and detail', () => {
  it('lists every day of the period with the daily target on working days', async () => {
    const { status, body } = await owner('GET', `/report/personal?uid=${people.c.user.id}&type=week&reportDate=2024W5`);
    expect(status).toBe(200);
    const report = body.data;
    expect(report.user).toMatchObject({ name: 'C Sales', profileName: 'Field', dailyTarget: 6 });
    expect(report.days).toHaveLength(7);
    expect(report.days[2]).toMatchObject({ date: '2024-01-31', total: 5, count: 1, target: 6 });
    expect(report.days[2].items[visit]).toEqual({ points: 5, count: 1 });
    expect(report.days[6]).toMatchObject({ date: '2024-02-04', total: 0, target: null });
    expect(report.totals).toEqual({ count: 2, total: 10, target: 30, reached: 33 });
    // Without uid: the caller's own.
    expect((await as(people.b)('GET', '/report/personal?type=week&reportDate=2024W5')).body.data.totals.total).toBe(2);
  });

  it('a member outside the department cannot see another’s points (404)', async () => {
    expect((await as(people.d)('GET', `/report/personal?uid=${people.a.user.id}&type=week&reportDate=2024W5`)).status).toBe(404);
    expect((await as(people.d)('GET', `/report/detail?uid=${people.a.user.id}&date=2024-01-29`)).status).toBe(404);
    expect((await as(people.b)('GET', `/report/personal?uid=${people.c.user.id}`)).status).toBe(404);
    // The supervisor sees the subtree.
    expect((await as(people.a)('GET', `/report/personal?uid=${people.c.user.id}&type=week&reportDate=2024W5`)).body.data.totals.total).toBe(10);
  });

  it('shows the completed schedules behind a day’s points with their links', async () => {
    const { body } = await owner('GET', `/report/detail?uid=${people.a.user.id}&date=2024-01-29`);
    expect(body.data.items).toHaveLength(1);
    expect(body.data.items[0]).toMatchObject({
      title: 'Work 2024-01-29',
      earnedOn: '2024-01-29',
      total: 7,
      userName: 'A Sales',
      client: { id: clientId, name: '孔明' },
      company: null,
      deal: null,
    });
    expect(body.data.items[0].items.map((i: Json) => [i.name, i.point])).toEqual([['Call', 2], ['Visit', 5]]);
  });
});

describe('GET activity/report/list', () => {
  it('lists completed activities with filters and totals, newest first', async () => {
    const all = (await owner('GET', '/activity/report/list?from=2024-01-29&to=2024-02-04')).body.data;
    expect(all.total).toBe(10);
    expect(all.items[0].earnedOn >= all.items[all.items.length - 1].earnedOn).toBe(true);
    const visits = (await owner('GET', `/activity/report/list?from=2024-01-29&to=2024-02-04&itemId=${visit}`)).body.data;
    expect(visits.items.every((e: Json) => e.items.some((i: Json) => i.itemId === visit))).toBe(true);
    const ofC = (await owner('GET', `/activity/report/list?from=2024-01-29&to=2024-02-04&uid=${people.c.user.id}`)).body.data;
    expect(ofC).toMatchObject({ total: 2, points: 10 });
    const ofClient = (await owner('GET', `/activity/report/list?from=2024-01-29&to=2024-02-04&clientId=${clientId}`)).body.data;
    expect(ofClient.items.map((e: Json) => e.userName)).toEqual(['A Sales']);
    const page = (await owner('GET', '/activity/report/list?from=2024-01-29&to=2024-02-04&pageSize=3&page=2')).body.data;
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(10);
    // B (mine) lists only their own.
    expect((await as(people.b)('GET', '/activity/report/list?from=2024-01-29&to=2024-02-04')).body.data.total).toBe(1);
  });
});

describe('points follow the schedules', () => {
  it('un-completing removes the points; completing again brings them back once', async () => {
    const id = schedulesOf[people.b.user.id]![0]!;
    await as(people.b)('PUT', `/task/${id}/complete`, { complete: false });
    const total = async () => (await owner('GET', `/report/personal?uid=${people.b.user.id}&type=week&reportDate=2024W5`)).body.data.totals.total;
    expect(await total()).toBe(0);
    await as(people.b)('PUT', `/task/${id}/complete`, { complete: true });
    await as(people.b)('PUT', `/task/${id}/complete`, { complete: true });
    expect(await total()).toBe(2);
  });

  it('deleting a schedule takes its points out of the reports', async () => {
    const id = await completed(people.b, '2024-02-02', [visit]);
    const total = async () => (await owner('GET', `/report/personal?uid=${people.b.user.id}&type=week&reportDate=2024W5`)).body.data.totals.total;
    expect(await total()).toBe(7);
    await as(people.b)('DELETE', `/task/${id}/delete?type=all`);
    expect(await total()).toBe(2);
  });
});

describe('report/setting', () => {
  it('answers the default, then keeps the items and columns picked', async () => {
    expect((await owner('GET', '/report/setting')).body.data).toEqual({ itemIds: null, columns: ['count', 'total', 'target', 'reached'] });
    const saved = await owner('POST', '/report/setting', { itemIds: [visit], columns: ['total', 'reached'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ itemIds: [visit], columns: ['total', 'reached'] });
    const report = (await owner('GET', '/activity/report?type=week&reportDate=2024W5')).body.data;
    expect(report.items.map((i: Json) => i.name)).toEqual(['Visit']);
    expect(report.columns).toEqual(['total', 'reached']);
    await owner('POST', '/report/setting', { itemIds: null, columns: ['count', 'total', 'target', 'reached'] });
  });

  it('validates (400 naming the field, three languages) and only administrators save (403)', async () => {
    for (const locale of ['zh-TW', 'zh-CN', 'en-US']) {
      const bad = await as(f.owner, locale)('POST', '/report/setting', { itemIds: null, columns: ['total', 'nope'] });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('columns.1');
    }
    const foreign = await owner('POST', '/report/setting', { itemIds: [crypto.randomUUID()], columns: [] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details[0].field).toBe('itemIds.0');
    expect((await as(people.b)('POST', '/report/setting', { itemIds: null, columns: [] })).status).toBe(403);
    expect((await as(people.b)('GET', '/report/setting')).status).toBe(200);
  });
});

describe('activity/targetHeader', () => {
  it('gives the caller’s own points and targets for today and this week', async () => {
    const { body } = await as(people.a)('GET', '/activity/targetHeader');
    expect(body.data.week).toMatchObject({ points: 0, target: 30 });
    expect(body.data.week.symbol).toMatch(/^\d{4}W\d{1,2}$/);
    expect([6, null]).toContain(body.data.today.target);
    const without = (await as(people.d)('GET', '/activity/targetHeader')).body.data;
    expect(without.week.target).toBeNull();
  });
});

describe('report/performanceTarget', () => {
  it('lists every member’s twelve monthly targets and won amounts for administrators; 403 for members', async () => {
    await owner('POST', '/dealTarget', { year: 2026, month: 3, target: '120000.00', uid: people.a.user.id });
    const { status, body } = await owner('GET', '/report/performanceTarget?year=2026');
    expect(status).toBe(200);
    const a = body.data.rows.find((r: Json) => r.userId === people.a.user.id);
    expect(a.targets).toHaveLength(12);
    expect(a.targets[2]).toBe('120000.00');
    expect(a.achieved[2]).toBe('0.00');
    expect(a.departmentName).toBe('Sales');
    expect((await as(people.b)('GET', '/report/performanceTarget?year=2026')).status).toBe(403);
    expect((await owner('GET', '/report/performanceTarget?year=1900')).status).toBe(400);
  });
});
