import { memberPrivilegeFeatures } from '@lodestar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clearStages, createDeal, createStage } from '../../../test/deals.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { setOrgPlan } from '../../../test/records.ts';
import { departments } from '../../access/departments/departments.table.ts';
import { privileges } from '../../access/privileges/privileges.table.ts';
import { deals } from '../../deals/deals/deals.table.ts';

/*
 * A seeded workspace whose figures are worked out by hand below (period 2026-01-01 … 2026-02-28):
 *   d1 owner  won  1000.00 on 2026-01-31  Truck 2 × 300, Van 1 × 400, cost 100 × 1 (shares: Truck 60, Van 40)
 *   d2 owner  won   500.00 on 2026-02-01  Truck 1 × 500
 *   d3 Ann    won  2000.00 on 2026-02-15  Van 3 × 200, Cart 1 × 1000, cost 50 × 2 (shares: Van 37.50, Cart 62.50)
 *   d4 Ann    Proposal (60 %) 1000.00, expected 2026-02-20, Truck 1 × 400 → weighted 600 (open: ranked only with includeOpen)
 *   d5 owner  Qualify (20 %) 300.00, expected 2026-03-10, 10 days there  → weighted 60, stalled (alert 5)
 *   d6 owner  lost, moved there 2026-02-28 17:30 UTC (2026-03-01 in Taipei)
 *   d7 owner  won 9999.00 on 2026-02-02, in the trash (never counted)
 *   d8 owner  won 800.00 on 2025-02-10 (same period last year)
 * Targets: owner Jan 1500, Feb 2000; Ann Feb 1000.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let ann: TestUser;
let boss: TestUser;
let bare: TestUser;
let departmentId: string;
let stageTypeId: string;
let qualify: Json;
let proposal: Json;
const ids: Record<string, string> = {};
const products: Record<string, string> = {};

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const period = 'from=2026-01-01&to=2026-02-28';
const get = async (path: string, token = owner.token, orgId = owner.orgId) => call(t.app, 'GET', url(path, orgId), { token });
const data = async (path: string, token = owner.token) => {
  const answer = await get(path, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const line = (name: string, num: number, quotedPrice: string) => ({ productId: products[name], name, singlePrice: quotedPrice, quotedPrice, num });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  ann = await registerUser(t.app, { firstName: 'Ann', lastName: 'Lee' });
  boss = await registerUser(t.app, { firstName: 'Bo', lastName: 'Wu' });
  bare = await registerUser(t.app, { firstName: 'No', lastName: 'Access' });
  await setOrgPlan(t.db, owner.orgId, 'subscribe_team');
  const [department] = await t.db.insert(departments).values({ orgId: owner.orgId, name: 'North', supervisorUserId: boss.user.id }).returning();
  departmentId = department!.id;
  const managerFeatures = memberPrivilegeFeatures();
  managerFeatures.opportunity.scope = 'subordinates';
  managerFeatures.performanceReport.scope = 'subordinates';
  const [manager] = await t.db.insert(privileges).values({ orgId: owner.orgId, name: 'Manager', features: managerFeatures }).returning();
  await addMember(t.db, owner.orgId, ann.user.id, { departmentId });
  await addMember(t.db, owner.orgId, boss.user.id, { privilegeId: manager!.id });
  await addMember(t.db, owner.orgId, bare.user.id, { privilegeId: null });

  await clearStages(t.db, owner.orgId);
  qualify = await createStage(t.app, owner.token, owner.orgId, { title: 'Qualify', closingRate: 20, alertNotice: 5 });
  proposal = await createStage(t.app, owner.token, owner.orgId, { title: 'Proposal', closingRate: 60 });
  stageTypeId = qualify.stageTypeId;
  for (const name of ['Truck', 'Van', 'Cart']) {
    products[name] = (await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body: { name, color: '#13C2C2', defaultPrice: '1' } })).body.data.id;
  }
  const won = (amount: string, completedDate: string, startDate: string) => ({ amount, stage: 1000, completedDate, startDate, estimatedEndDate: completedDate });
  ids.d1 = await createDeal(t.app, owner.token, owner.orgId, {
    name: 'd1', ...won('1000.00', '2026-01-31', '2026-01-05'),
    products: [line('Truck', 2, '300'), line('Van', 1, '400')],
    costs: [{ name: 'Fuel', singlePrice: '100', num: 1 }],
  });
  ids.d2 = await createDeal(t.app, owner.token, owner.orgId, { name: 'd2', ...won('500.00', '2026-02-01', '2026-01-06'), products: [line('Truck', 1, '500')] });
  ids.d3 = await createDeal(t.app, ann.token, owner.orgId, {
    name: 'd3', ...won('2000.00', '2026-02-15', '2026-01-07'),
    products: [line('Van', 3, '200'), line('Cart', 1, '1000')],
    costs: [{ name: 'Travel', singlePrice: '50', num: 2 }],
  });
  ids.d4 = await createDeal(t.app, ann.token, owner.orgId, {
    name: 'd4', amount: '1000', stage: proposal.id, startDate: '2026-01-10', estimatedEndDate: '2026-02-20', products: [line('Truck', 1, '400')],
  });
  ids.d5 = await createDeal(t.app, owner.token, owner.orgId, { name: 'd5', amount: '300', stage: qualify.id, startDate: '2026-02-01', estimatedEndDate: '2026-03-10' });
  ids.d6 = await createDeal(t.app, owner.token, owner.orgId, { name: 'd6', amount: '700', stage: -9999, startDate: '2026-01-20', estimatedEndDate: '2026-02-28' });
  ids.d7 = await createDeal(t.app, owner.token, owner.orgId, { name: 'd7', ...won('9999.00', '2026-02-02', '2026-01-08') });
  ids.d8 = await createDeal(t.app, owner.token, owner.orgId, { name: 'd8', ...won('800.00', '2025-02-10', '2025-01-05') });
  await t.db.update(deals).set({ stageChangedAt: sql`now() - interval '10 days'` }).where(eq(deals.id, ids.d5!));
  await t.db.update(deals).set({ stageChangedAt: new Date('2026-02-28T17:30:00Z') }).where(eq(deals.id, ids.d6!));
  expect((await call(t.app, 'DELETE', url(`/deal/${ids.d7}`), { token: owner.token })).status).toBe(200);
  for (const [uid, month, target] of [[owner.user.id, 1, '1500'], [owner.user.id, 2, '2000'], [ann.user.id, 2, '1000']] as const) {
    const saved = await call(t.app, 'POST', url('/dealTarget'), { token: owner.token, body: { year: 2026, month, target, uid } });
    expect(saved.status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

/** The ids the deal list returns for a drill-down query (all pages of 100). */
async function drill(query: string, token = owner.token): Promise<string[]> {
  const answer = await data(`/page/deal/list?limit=100&${query}`, token);
  return answer.items.map((row: Json) => row.title).sort();
}

describe('dashboard', () => {
  it('counts won, target, lost, pipeline, expected and stalled deals of the period, trashed deals excluded', async () => {
    const body = await data(`/statistics/dashboard?${period}`);
    expect(body).toMatchObject({
      owners: null,
      won: { count: 3, amount: '3500.00' },
      target: '4500.00',
      achievement: 77.8,
      lostCount: 1,
      winRate: 75,
      pipeline: { count: 2, amount: '1300.00', weighted: '660.00' },
      expected: { count: 1, amount: '1000.00', weighted: '600.00' },
      stalledCount: 1,
    });
  });

  it('takes the day a deal was lost in the caller\'s time zone', async () => {
    const taipei = await data(`/statistics/dashboard?${period}&timeZone=Asia/Taipei`);
    expect(taipei.lostCount).toBe(0);
    expect((await get(`/statistics/dashboard?${period}&timeZone=Mars/Base`)).status).toBe(400);
  });

  it('funnel: deals started in the period by stage, conversion from stage to stage, win rate', async () => {
    const { funnel } = await data(`/statistics/dashboard?${period}`);
    expect(funnel.stages.map((s: Json) => [s.stage.label, s.count, s.amount, s.reached, s.conversion])).toEqual([
      ['Qualify', 1, '300.00', 5, 80],
      ['Proposal', 1, '1000.00', 4, 75],
    ]);
    expect(funnel.stages[0].averageDays).toBe(10);
    expect(funnel).toMatchObject({ won: { count: 3, amount: '3500.00' }, lost: { count: 1, amount: '700.00' }, winRate: 75 });
  });

  it('refuses an inverted or too long period, naming `to`', async () => {
    const inverted = await get('/statistics/dashboard?from=2026-03-01&to=2026-02-01');
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain('to');
    expect((await get('/statistics/dashboard?from=2020-01-01&to=2026-02-01')).status).toBe(400);
  });
});

describe('performance', () => {
  it('won per month against the targets (a deal won on the last day of January counts in January), year to date, last year', async () => {
    const body = await data(`/statistics/performance?${period}`);
    expect(body.months).toEqual([
      { month: '2026-01', won: '1000.00', count: 1, target: '1500.00', achievement: 66.7 },
      { month: '2026-02', won: '2500.00', count: 2, target: '3000.00', achievement: 83.3 },
    ]);
    expect(body.total).toEqual({ won: '3500.00', count: 3, target: '4500.00', achievement: 77.8 });
    expect(body.yearToDate).toMatchObject({ from: '2026-01-01', to: '2026-02-28', won: '3500.00', target: '4500.00' });
    expect(body.lastYear).toEqual({ from: '2025-01-01', to: '2025-02-28', won: '800.00', count: 1, growth: 337.5 });
  });
});

describe('forecast vs sales', () => {
  it('weights open deals by closing rate per expected close month beside the won amount', async () => {
    const body = await data(`/statistics/pointOpportunity?${period}`);
    expect(body.months).toEqual([
      { month: '2026-01', count: 0, pipeline: '0.00', weighted: '0.00', won: '1000.00', wonCount: 1 },
      { month: '2026-02', count: 1, pipeline: '1000.00', weighted: '600.00', won: '2500.00', wonCount: 2 },
    ]);
    expect(body.total).toEqual({ count: 1, pipeline: '1000.00', weighted: '600.00', won: '3500.00', wonCount: 3 });
    expect(body.keyDeals.map((d: Json) => [d.name, d.weighted, d.stageName])).toEqual([
      ['d4', '600.00', 'Proposal'],
      ['d5', '60.00', 'Qualify'],
    ]);
    expect(body.expectedDeals.map((d: Json) => d.name)).toEqual(['d4']);
    expect(body.expectedCount).toBe(1);
  });
});

describe('rankings', () => {
  it('product ranking: quantity, revenue, margin with the deals\' costs shared by revenue; ties share a rank', async () => {
    const body = await data(`/statistics/productRanking?${period}`);
    expect(body.items.map((p: Json) => [p.rank, p.name, p.quantity, p.revenue, p.cost, p.margin, p.dealCount])).toEqual([
      [1, 'Truck', 3, '1100.00', '60.00', '1040.00', 2],
      [2, 'Van', 4, '1000.00', '77.50', '922.50', 2],
      [2, 'Cart', 1, '1000.00', '62.50', '937.50', 1],
    ]);
  });

  it('sales ranking: won amount, won deals, win rate and average deal per owner', async () => {
    const body = await data(`/statistics/performanceRanking?${period}`);
    expect(body.items.map((r: Json) => [r.rank, r.user.id, r.wonAmount, r.wonCount, r.lostCount, r.winRate, r.averageDeal])).toEqual([
      [1, ann.user.id, '2000.00', 1, 0, 100, '2000.00'],
      [2, owner.user.id, '1500.00', 2, 1, 66.7, '750.00'],
    ]);
  });
});

describe('scopes', () => {
  it('a member with scope "mine" counts only their own deals and targets', async () => {
    const body = await data(`/statistics/dashboard?${period}`, ann.token);
    expect(body).toMatchObject({ won: { count: 1, amount: '2000.00' }, target: '1000.00', pipeline: { count: 1 } });
    const ranking = await data(`/statistics/performanceRanking?${period}`, ann.token);
    expect(ranking.items.map((r: Json) => r.user.id)).toEqual([ann.user.id]);
  });

  it('a manager with "subordinates" sees their department subtree, and nobody else', async () => {
    const body = await data(`/statistics/dashboard?${period}`, boss.token);
    expect(body.won).toEqual({ count: 1, amount: '2000.00' });
    const people = await data('/statistics/people?feature=performanceReport', boss.token);
    expect(people.users.map((u: Json) => u.id).sort()).toEqual([ann.user.id, boss.user.id].sort());
  });

  it('filters by one person or a department, and says which owners it counted', async () => {
    const person = await data(`/statistics/dashboard?${period}&uid=${ann.user.id}`);
    expect(person).toMatchObject({ owners: [ann.user.id], won: { amount: '2000.00' }, target: '1000.00' });
    const department = await data(`/statistics/performance?${period}&departmentId=${departmentId}`);
    expect(department).toMatchObject({ owners: [ann.user.id], total: { won: '2000.00', target: '1000.00' } });
  });

  it('without the privilege → 403; not a member → 403; a person or department of another workspace → 404', async () => {
    for (const path of ['dashboard', 'performance', 'pointOpportunity', 'productRanking', 'performanceRanking']) {
      expect((await get(`/statistics/${path}?${period}`, bare.token)).status).toBe(403);
      expect((await get(`/statistics/${path}?${period}`, other.token)).status).toBe(403);
      expect((await get(`/statistics/${path}?${period}&uid=${ann.user.id}`, other.token, other.orgId)).status).toBe(404);
      expect((await get(`/statistics/${path}?${period}&departmentId=${departmentId}`, other.token, other.orgId)).status).toBe(404);
    }
    expect((await get('/statistics/people?feature=productSalesRanking', bare.token)).status).toBe(403);
    // Nothing of the first workspace leaks into the second's figures.
    const theirs = await call(t.app, 'GET', url(`/statistics/dashboard?${period}`, other.orgId), { token: other.token });
    expect(theirs.body.data).toMatchObject({ won: { count: 0, amount: '0.00' }, pipeline: { count: 0 } });
  });
});

describe('drill-down', () => {
  it('the deal list with the figure\'s filter lists exactly the deals the figure counts', async () => {
    const base = 'scope=performanceReport';
    expect(await drill(`${base}&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28`)).toEqual(['d1', 'd2', 'd3']);
    expect(await drill(`${base}&status=closed&completedFrom=2026-01-01&completedTo=2026-01-31`)).toEqual(['d1']);
    expect(await drill(`${base}&status=developing&estimatedFrom=2026-01-01&estimatedTo=2026-02-28`)).toEqual(['d4']);
    expect(await drill(`${base}&status=developing&stalled=true`)).toEqual(['d5']);
    expect(await drill(`${base}&stageTypeId=${stageTypeId}&stage=${qualify.id}&startFrom=2026-01-01&startTo=2026-02-28`)).toEqual(['d5']);
    expect(await drill(`scope=productSalesRanking&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28&productId=${products.Van}`)).toEqual(['d1', 'd3']);
    expect(await drill(`${base}&owner=${owner.user.id}&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28`)).toEqual(['d1', 'd2']);
  });

  it('the drill-down keeps to the caller\'s scope for the feature', async () => {
    expect(await drill('scope=performanceReport&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28', ann.token)).toEqual(['d3']);
    expect(await drill('scope=performanceReport&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28', boss.token)).toEqual(['d3']);
  });
});

describe('lost count drill-down', () => {
  const lost = (range: string, timeZone: string) => `scope=performanceReport&status=failed&${range}&timeZone=${timeZone}`;
  it('lists exactly the deals the dashboard and the sales ranking count as lost, in the caller\'s time zone', async () => {
    const utc = await data(`/statistics/dashboard?${period}`);
    expect(await drill(lost('lostFrom=2026-01-01&lostTo=2026-02-28', 'UTC'))).toEqual(['d6']);
    expect(utc.lostCount).toBe(1);
    const taipei = await data(`/statistics/dashboard?${period}&timeZone=Asia/Taipei`);
    expect(await drill(lost('lostFrom=2026-01-01&lostTo=2026-02-28', 'Asia/Taipei'))).toHaveLength(taipei.lostCount);
    expect(await drill(lost('lostFrom=2026-03-01&lostTo=2026-03-31', 'Asia/Taipei'))).toEqual(['d6']);
    const ranking = await data(`/statistics/performanceRanking?${period}`);
    for (const row of ranking.items) {
      expect(await drill(`${lost('lostFrom=2026-01-01&lostTo=2026-02-28', 'UTC')}&owner=${row.user.id}`)).toHaveLength(row.lostCount);
    }
    const badZone = await get('/page/deal/list?lostFrom=2026-01-01&lostTo=2026-02-28&timeZone=Mars/Base');
    expect(badZone.status).toBe(400);
    expect(JSON.stringify(badZone.body)).toContain('timeZone');
  });

  it('finds the day in the zones furthest from UTC (the indexed UTC range is only a pre-filter)', async () => {
    // d6 moved to lost 2026-02-28 17:30 UTC: 2026-03-01 07:30 at UTC+14, 2026-02-28 05:30 at UTC−12.
    const day = (d: string) => `lostFrom=${d}&lostTo=${d}`;
    expect(await drill(lost(day('2026-03-01'), 'Pacific/Kiritimati'))).toEqual(['d6']);
    expect(await drill(lost(day('2026-02-28'), 'Pacific/Kiritimati'))).toEqual([]);
    expect(await drill(lost(day('2026-02-28'), 'Etc/GMT%2B12'))).toEqual(['d6']);
    expect(await drill(lost(day('2026-02-27'), 'Etc/GMT%2B12'))).toEqual([]);
    expect((await data(`/statistics/dashboard?from=2026-03-01&to=2026-03-01&timeZone=Pacific/Kiritimati`)).lostCount).toBe(1);
    expect((await data(`/statistics/dashboard?from=2026-02-28&to=2026-02-28&timeZone=Etc/GMT%2B12`)).lostCount).toBe(1);
  });
});

describe('product ranking with open deals', () => {
  const rows = (body: Json) => body.items.map((p: Json) => [p.rank, p.name, p.quantity, p.revenue, p.margin, p.dealCount]);
  it('off: won deals only; on: also the open deals expected in the period; the drill lists the deals counted', async () => {
    const off = await data(`/statistics/productRanking?${period}&includeOpen=false`);
    expect(off.includeOpen).toBe(false);
    expect(rows(off)[0]).toEqual([1, 'Truck', 3, '1100.00', '1040.00', 2]);
    const on = await data(`/statistics/productRanking?${period}&includeOpen=true`);
    expect(on.includeOpen).toBe(true);
    expect(rows(on)).toEqual([
      [1, 'Truck', 4, '1500.00', '1440.00', 3],
      [2, 'Van', 4, '1000.00', '922.50', 2],
      [2, 'Cart', 1, '1000.00', '937.50', 1],
    ]);
    const closing = 'scope=productSalesRanking&closingFrom=2026-01-01&closingTo=2026-02-28';
    expect(await drill(`${closing}&productId=${products.Truck}`)).toEqual(['d1', 'd2', 'd4']);
    expect(await drill(`scope=productSalesRanking&status=closed&completedFrom=2026-01-01&completedTo=2026-02-28&productId=${products.Truck}`)).toEqual(['d1', 'd2']);
    const bad = await get(`/statistics/productRanking?${period}&includeOpen=maybe`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('includeOpen');
  });
});

describe('department targets', () => {
  const save = (body: Json, token = owner.token, orgId = owner.orgId) => call(t.app, 'POST', url('/departmentTarget', orgId), { token, body });
  const performance = () => data(`/statistics/performance?${period}&departmentId=${departmentId}`);
  it('without one stored, the department\'s performance target is its members\' sum, and says so', async () => {
    expect(await performance()).toMatchObject({ targetSource: 'members', total: { target: '1000.00' } });
    expect((await data(`/statistics/performance?${period}`)).targetSource).toBeNull();
  });

  it('a stored month replaces the members\' sum for that month; null removes it again', async () => {
    expect((await save({ departmentId, year: 2026, month: 1, target: '500' })).body.data).toEqual({ departmentId, year: 2026, month: 1, target: '500.00' });
    const mixed = await performance();
    expect(mixed).toMatchObject({ targetSource: 'mixed', total: { target: '1500.00' } });
    expect(mixed.months.map((m: Json) => m.target)).toEqual(['500.00', '1000.00']);
    expect((await save({ departmentId, year: 2026, month: 2, target: '1200.50' })).status).toBe(200);
    expect(await performance()).toMatchObject({ targetSource: 'department', total: { target: '1700.50', won: '2000.00' }, yearToDate: { target: '1700.50' } });
    expect((await data(`/departmentTarget?year=2026&departmentId=${departmentId}`)).items.slice(0, 3).map((m: Json) => m.target)).toEqual(['500.00', '1200.50', null]);
    const grid = await data('/report/performanceTarget?year=2026');
    expect(grid.departments).toEqual([{ departmentId, name: 'North', parentId: null, targets: ['500.00', '1200.50', ...Array(10).fill(null)] }]);
    expect((await save({ departmentId, year: 2026, month: 1, target: null })).body.data.target).toBeNull();
    expect(await performance()).toMatchObject({ targetSource: 'mixed', total: { target: '1200.50' } });
  });

  it('validation names the field; only system administrators; another workspace cannot read or change it', async () => {
    for (const [body, field] of [
      [{ departmentId, year: 2026, month: 13, target: '1' }, 'month'],
      [{ departmentId, year: 2026, month: 1, target: '-5' }, 'target'],
      [{ departmentId, year: 1999, month: 1, target: '1' }, 'year'],
      [{ departmentId: '00000000-0000-4000-8000-000000000000', year: 2026, month: 1, target: '1' }, 'departmentId'],
    ] as const) {
      const answer = await save(body);
      expect(answer.status, field).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    expect((await save({ departmentId, year: 2026, month: 3, target: '1' }, ann.token)).status).toBe(403);
    expect((await get(`/departmentTarget?year=2026&departmentId=${departmentId}`, ann.token)).status).toBe(403);
    // The other workspace's owner is a system administrator there, but the department is not theirs.
    expect((await get(`/departmentTarget?year=2026&departmentId=${departmentId}`, other.token, other.orgId)).status).toBe(404);
    await setOrgPlan(t.db, other.orgId, 'subscribe_team');
    const foreign = await save({ departmentId, year: 2026, month: 3, target: '99' }, other.token, other.orgId);
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('departmentId');
    expect((await data(`/departmentTarget?year=2026&departmentId=${departmentId}`)).items[2].target).toBeNull();
  });
});
