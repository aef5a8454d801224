import { memberPrivilegeFeatures } from '@lodestar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clearStages, createDeal, createStage, dealBasics } from '../../../test/deals.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, setOrgPlan } from '../../../test/records.ts';
import { deals } from './deals.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let stageA: Json;
let stageB: Json;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app, { firstName: 'Mia', lastName: 'Chen' });
  // The default member privilege sees only its own deals (scope mine).
  await addMember(t.db, owner.orgId, member.user.id);
  await setOrgPlan(t.db, owner.orgId, 'subscribe_team');
  await clearStages(t.db, owner.orgId);
  stageA = await createStage(t.app, owner.token, owner.orgId, { title: 'Qualify', closingRate: 20, alertNotice: 5 });
  stageB = await createStage(t.app, owner.token, owner.orgId, { title: 'Proposal', closingRate: 60 });
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const view = async (id: string, token = owner.token) => (await call(t.app, 'GET', url(`/page/deal/view/${id}`), { token })).body.data;
const today = () => new Date().toISOString().slice(0, 10);

describe('deal create and view', () => {
  it('stores every field, exact money, lines with the margin, and lists the stage choices incl. won and lost', async () => {
    const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: 'Formosa Freight' });
    const clientId = await createContact(t.app, owner.token, owner.orgId, { firstName: '明', lastName: '孔' });
    const product = (await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body: { name: 'Truck', color: '#13C2C2', defaultPrice: '100.10' } })).body.data;
    const cost = (await call(t.app, 'POST', url('/settings/cost'), { token: owner.token, body: { name: 'Fuel', defaultPrice: '50.05' } })).body.data;
    const dealId = await createDeal(t.app, owner.token, owner.orgId, {
      name: '車隊更新',
      amount: '999999999999.99',
      stage: stageB.id,
      companyId,
      clientId,
      permission: 'private',
      collaboratorUserIds: [member.user.id],
      products: [{ productId: product.id, name: 'Truck', singlePrice: '100.10', quotedPrice: '100.10', num: 3 }],
      costs: [{ costId: cost.id, name: 'Fuel', singlePrice: '50.05', num: 7 }],
    });
    const data = await view(dealId);
    expect(data.deal).toMatchObject({
      name: '車隊更新',
      amount: '999999999999.99',
      startDate: '2026-01-05',
      estimatedEndDate: '2026-03-31',
      completedDate: null,
      stage: stageB.id,
      status: 'developing',
      closingRate: 60,
      company: { id: companyId, name: 'Formosa Freight' },
      client: { id: clientId, name: '孔明' },
      productTotal: '300.30',
      costTotal: '350.35',
      margin: '-50.05',
      collaborators: [{ userId: member.user.id, name: 'Mia Chen' }],
      creator: { userId: owner.user.id },
      owner: { userId: owner.user.id },
      transferTarget: null,
      stalledDays: 0,
      isStalled: false,
      canEdit: true,
    });
    expect(data.deal.products[0]).toMatchObject({ productId: product.id, color: '#13C2C2', num: 3 });
    expect(data.stages.map((s: Json) => [s.id, s.closingRate, s.sort])).toEqual([
      [stageA.id, 20, stageA.sort],
      [stageB.id, 60, stageB.sort],
      [1000, 100, 9999],
      [-9999, 0, -1],
    ]);
    expect(data.timeline[0]).toMatchObject({ action: 'create' });
    const [row] = await t.db.select({ amount: sql<string>`${deals.amount}::text` }).from(deals).where(eq(deals.id, dealId));
    expect(row!.amount).toBe('999999999999.99');
  });

  it('requires name, amount, start date and expected close date; dates must be real; amount ≥ 0; closing rate 0-100', async () => {
    for (const key of Object.keys(dealBasics)) {
      const body: Json = { ...dealBasics };
      delete body[key];
      const res = await call(t.app, 'POST', url('/deal'), { token: owner.token, locale: 'en-US', body });
      expect(res.status).toBe(400);
      expect(res.body.details[0]).toMatchObject({ field: key, message: 'This field is required' });
    }
    for (const [patch, field] of [
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ estimatedEndDate: '2026/03/01' }, 'estimatedEndDate'],
      [{ amount: '-1' }, 'amount'],
      [{ amount: 1.005 }, 'amount'],
      [{ closingRate: 101 }, 'closingRate'],
      [{ stage: 424242 }, 'stage'],
      [{ companyId: '00000000-0000-4000-8000-000000000000' }, 'companyId'],
      [{ products: [{ name: 'x', singlePrice: '1', quotedPrice: '1', num: 0 }] }, 'products.0.num'],
    ] as const) {
      const res = await call(t.app, 'POST', url('/deal'), { token: owner.token, locale: 'en-US', body: { ...dealBasics, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
    const wrongDate = await call(t.app, 'POST', url('/deal'), { token: owner.token, locale: 'en-US', body: { ...dealBasics, startDate: '2026-13-01' } });
    expect(wrongDate.body.details[0].message).toBe('Incorrect Date Format');
  });

  it('simple variant: closing rate from the first stage; a company of another workspace is refused', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId);
    expect((await view(dealId)).deal).toMatchObject({ stage: stageA.id, closingRate: 20, permission: 'private', products: [], costs: [] });
    const foreignCompany = await createCompany(t.app, other.token, other.orgId, { name: 'Elsewhere' });
    const res = await call(t.app, 'POST', url('/deal'), { token: owner.token, body: { ...dealBasics, companyId: foreignCompany } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('companyId');
  });

  it('custom fields for deals: required ones enforced, notification values kept', async () => {
    const field = (await call(t.app, 'POST', url('/field/deal'), { token: owner.token, body: { title: 'Follow up', inputType: 'notification', required: true } })).body.data;
    const missing = await call(t.app, 'POST', url('/deal'), { token: owner.token, body: dealBasics });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe(`dynamicFields.${field.id}`);
    const value = { value: 'Call back', date: '2026-02-01', dateTime: '09:30' };
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { dynamicFields: { [field.id]: value } });
    const data = await view(dealId);
    expect(data.deal.dynamicFields[field.id]).toEqual(value);
    expect(data.fields.map((f: Json) => f.id)).toContain(field.id);
    expect((await call(t.app, 'GET', url('/field/deal'), { token: owner.token })).body.data.map((f: Json) => f.id)).toContain(field.id);
    await call(t.app, 'DELETE', url(`/field/deal/${field.id}`), { token: owner.token });
  });
});

describe('stage moves', () => {
  it('closing rate follows the stage; completed date only for won (1000); the timeline records each move', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stageA.id });
    const moved = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: stageB.id, completedDate: '2026-01-01' } });
    expect(moved.body.data).toMatchObject({ stage: stageB.id, closingRate: 60, completedDate: null });
    const won = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: 1000 } });
    expect(won.body.data).toMatchObject({ stage: 1000, closingRate: 100, completedDate: today(), status: 'closed' });
    const chosen = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: 1000, completedDate: '2026-02-28' } });
    expect(chosen.body.data.completedDate).toBe('2026-02-28');
    // The web sends the user's local date; anything but a real YYYY-MM-DD is refused, naming the field.
    for (const completedDate of ['2026-02-30', '2026/03/01', '20260301', 'today']) {
      const refused = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, locale: 'en-US', body: { stage: 1000, completedDate } });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].field).toBe('completedDate');
    }
    expect((await view(dealId)).deal.completedDate).toBe('2026-02-28');
    const lost = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: -9999 } });
    expect(lost.body.data).toMatchObject({ stage: -9999, closingRate: 0, completedDate: null, status: 'failed' });
    const events = (await view(dealId)).timeline.filter((e: Json) => e.action === 'stage');
    expect(events.map((e: Json) => e.changes.stage?.[1]).reverse()).toEqual([stageB.id, 1000, undefined, -9999]);
    const bad = await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: 77 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('stage');
  });

  it('PUT /deal/{id} with a new stage also moves the closing rate; completedDate is dropped unless won', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stageA.id });
    await call(t.app, 'PUT', url(`/deal/${dealId}`), { token: owner.token, body: { stage: stageB.id, completedDate: '2026-01-02', name: 'Renamed' } });
    expect((await view(dealId)).deal).toMatchObject({ name: 'Renamed', stage: stageB.id, closingRate: 60, completedDate: null, amount: '1000.00' });
    await call(t.app, 'PUT', url(`/deal/${dealId}`), { token: owner.token, body: { closingRate: 75 } });
    expect((await view(dealId)).deal.closingRate).toBe(75);
  });

  it('concurrent moves of one deal leave a consistent timeline (each move starts where the previous ended)', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stageA.id });
    const targets = [stageB.id, 1000, -9999, stageA.id, stageB.id, 1000, stageA.id, -9999];
    const answers = await Promise.all(targets.map((stage) => call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage } })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const data = await view(dealId);
    const moves = data.timeline.filter((e: Json) => e.action === 'stage' && e.changes.stage).reverse();
    let current = stageA.id;
    for (const move of moves) {
      expect(move.changes.stage[0]).toBe(current);
      current = move.changes.stage[1];
    }
    expect(data.deal.stage).toBe(current);
  });

  it('flags a deal as stalled once the days in stage reach alertNotice', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stageA.id });
    await t.db.update(deals).set({ stageChangedAt: new Date(Date.now() - 4 * 86_400_000 - 60_000) }).where(eq(deals.id, dealId));
    expect((await view(dealId)).deal).toMatchObject({ stalledDays: 4, isStalled: false });
    await t.db.update(deals).set({ stageChangedAt: new Date(Date.now() - 5 * 86_400_000 - 60_000) }).where(eq(deals.id, dealId));
    expect((await view(dealId)).deal).toMatchObject({ stalledDays: 5, isStalled: true });
    const list = await call(t.app, 'GET', url('/page/deal/list?limit=100'), { token: owner.token });
    expect(list.body.data.items.find((d: Json) => d.id === dealId)).toMatchObject({ isStalled: true, stalledDays: 5 });
  });
});

describe('other workspaces and visibility', () => {
  it('another workspace gets 404 and nothing changes', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stageA.id });
    const o = (path: string) => url(path, other.orgId);
    expect((await call(t.app, 'GET', o(`/page/deal/view/${dealId}`), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', o(`/deal/${dealId}/stage`), { token: other.token, body: { stage: 1000 } })).status).toBe(404);
    expect((await call(t.app, 'PUT', o(`/deal/${dealId}`), { token: other.token, body: { name: 'hijack' } })).status).toBe(404);
    expect((await call(t.app, 'POST', o(`/deal-duplicate/${dealId}`), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'POST', o('/dealTransfer'), { token: other.token, body: { dealId, transferUserId: other.user.id } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', o(`/deal/${dealId}`), { token: other.token })).status).toBe(404);
    expect((await view(dealId)).deal).toMatchObject({ name: dealBasics.name, stage: stageA.id, owner: { userId: owner.user.id } });
    // Asking through the owner's workspace is refused too: not a member there.
    expect((await call(t.app, 'GET', url(`/deal/${dealId}`), { token: other.token })).status).toBe(403);
  });

  it('a member sees own deals only, plus public ones (read-only) and those they collaborate on (editable)', async () => {
    const hidden = await createDeal(t.app, owner.token, owner.orgId, { name: 'Hidden' });
    const open = await createDeal(t.app, owner.token, owner.orgId, { name: 'Open', permission: 'public' });
    const shared = await createDeal(t.app, owner.token, owner.orgId, { name: 'Shared', collaboratorUserIds: [member.user.id] });
    const own = await createDeal(t.app, member.token, owner.orgId, { name: 'Mine' });
    expect((await call(t.app, 'GET', url(`/page/deal/view/${hidden}`), { token: member.token })).status).toBe(404);
    expect((await view(open, member.token)).deal.canEdit).toBe(false);
    expect((await call(t.app, 'PUT', url(`/deal/${open}/stage`), { token: member.token, body: { stage: 1000 } })).status).toBe(403);
    expect((await view(shared, member.token)).deal.canEdit).toBe(true);
    expect((await call(t.app, 'PUT', url(`/deal/${shared}/stage`), { token: member.token, body: { stage: stageB.id } })).status).toBe(200);
    expect((await call(t.app, 'PUT', url(`/deal/${shared}`), { token: member.token, body: { amount: '5.5' } })).status).toBe(200);
    expect((await view(shared)).deal).toMatchObject({ amount: '5.50', stage: stageB.id });
    const list = await call(t.app, 'GET', url('/page/deal/list?limit=100'), { token: member.token });
    const ids = list.body.data.items.map((d: Json) => d.id);
    expect(ids).toEqual(expect.arrayContaining([open, shared, own]));
    expect(ids).not.toContain(hidden);
    const board = await call(t.app, 'GET', url('/deal/board'), { token: member.token });
    const boardIds = board.body.data.columns.flatMap((c: Json) => c.items.map((d: Json) => d.id));
    expect(boardIds).not.toContain(hidden);
    expect(boardIds).toContain(own);
  });

  it('without the opportunity view privilege: 403', async () => {
    const stranger = await registerUser(t.app);
    const features = memberPrivilegeFeatures();
    features.opportunity = { methods: [], scope: 'mine' };
    const { privileges } = await import('../../access/privileges/privileges.table.ts');
    const [privilege] = await t.db.insert(privileges).values({ orgId: owner.orgId, name: 'no deals', isAdministrator: false, features }).returning();
    await addMember(t.db, owner.orgId, stranger.user.id, { privilegeId: privilege!.id });
    expect((await call(t.app, 'GET', url('/page/deal/list'), { token: stranger.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/deal'), { token: stranger.token, body: dealBasics })).status).toBe(403);
  });
});

describe('list, picker and board', () => {
  it('pages by keyset, 20 by default, newest first, with keywords (2-character Chinese too)', async () => {
    const org = await signedInOwner(t.app, 'Paging');
    await clearStages(t.db, org.orgId);
    await createStage(t.app, org.token, org.orgId, { title: 'Only' });
    for (let i = 0; i < 23; i++) await createDeal(t.app, org.token, org.orgId, { name: i === 7 ? '台北旗艦店' : `Deal ${i}` });
    const first = await call(t.app, 'GET', url('/page/deal/list', org.orgId), { token: org.token });
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.total).toBe(23);
    expect(first.body.data.items[0].title).toBe('Deal 22');
    const second = await call(t.app, 'GET', url(`/page/deal/list?cursor=${first.body.data.nextCursor}`, org.orgId), { token: org.token });
    expect(second.body.data.items).toHaveLength(3);
    expect(second.body.data.nextCursor).toBeNull();
    const all = [...first.body.data.items, ...second.body.data.items].map((d: Json) => d.id);
    expect(new Set(all).size).toBe(23);
    const found = await call(t.app, 'GET', url(`/page/deal/list?keywords=${encodeURIComponent('台北')}`, org.orgId), { token: org.token });
    expect(found.body.data.items.map((d: Json) => d.title)).toEqual(['台北旗艦店']);
    const picker = await call(t.app, 'GET', url('/list-without-pagenation?keywords=deal', org.orgId), { token: org.token });
    expect(picker.body.data.items).toHaveLength(20);
    const bounded = await call(t.app, 'GET', url('/list-without-pagenation?limit=201', org.orgId), { token: org.token });
    expect(bounded.status).toBe(400);
  });

  it('board: every stage column incl. won and lost, first cards each, and a cursor per column', async () => {
    const org = await signedInOwner(t.app, 'Board');
    await clearStages(t.db, org.orgId);
    const s1 = await createStage(t.app, org.token, org.orgId, { title: 'One' });
    const s2 = await createStage(t.app, org.token, org.orgId, { title: 'Two' });
    for (let i = 0; i < 5; i++) await createDeal(t.app, org.token, org.orgId, { name: `One ${i}`, stage: s1.id, amount: `${1000 * (i + 1)}`, closingRate: 10 * i });
    await createDeal(t.app, org.token, org.orgId, { name: 'Won', stage: 1000 });
    const board = await call(t.app, 'GET', url('/deal/board?limit=2', org.orgId), { token: org.token });
    expect(board.status).toBe(200);
    const columns = board.body.data.columns;
    expect(columns.map((c: Json) => c.stage.id)).toEqual([s1.id, s2.id, 1000, -9999]);
    expect(columns[0].items.map((d: Json) => d.title)).toEqual(['One 4', 'One 3']);
    expect(columns[0].nextCursor).not.toBeNull();
    expect(columns[1]).toMatchObject({ items: [], nextCursor: null, count: 0, total: '0.00', weightedTotal: '0.00' });
    // Totals cover the whole column, not only its first cards: 1000..5000, weighted by 0..40 %.
    expect(columns[0]).toMatchObject({ count: 5, total: '15000.00', weightedTotal: '4000.00' });
    expect(columns[2].items[0]).toMatchObject({ title: 'Won', completedDate: today() });
    const seen = columns[0].items.map((d: Json) => d.title);
    let cursor = columns[0].nextCursor;
    while (cursor) {
      const page = await call(t.app, 'GET', url(`/deal/board/column?stageTypeId=${board.body.data.stageTypeId}&stage=${s1.id}&limit=2&cursor=${cursor}`, org.orgId), { token: org.token });
      seen.push(...page.body.data.items.map((d: Json) => d.title));
      cursor = page.body.data.nextCursor;
    }
    expect(seen).toEqual(['One 4', 'One 3', 'One 2', 'One 1', 'One 0']);
  });
});

describe('duplicate, transfer, targets, funnel, recent, settings, search', () => {
  it('duplicates a deal with its lines; the copy is the caller\'s', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, {
      name: 'Original',
      products: [{ name: 'Box', singlePrice: '1.10', quotedPrice: '1.00', num: 2 }],
      costs: [{ name: 'Tape', singlePrice: '0.30', num: 1 }],
    });
    const res = await call(t.app, 'POST', url(`/deal-duplicate/${dealId}`), { token: owner.token });
    const copy = (await view(res.body.data.dealId)).deal;
    expect(copy).toMatchObject({ name: 'Original', productTotal: '2.00', costTotal: '0.30', margin: '1.70', owner: { userId: owner.user.id } });
    expect(copy.id).not.toBe(dealId);
  });

  it('transfers to an activated member (transfer target shown), refuses a stranger', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId);
    const res = await call(t.app, 'POST', url('/dealTransfer'), { token: owner.token, body: { dealId, transferUserId: member.user.id } });
    expect(res.status).toBe(200);
    expect((await view(dealId)).deal).toMatchObject({ owner: { userId: member.user.id }, transferTarget: { userId: member.user.id, name: 'Mia Chen' } });
    expect((await view(dealId, member.token)).deal.canEdit).toBe(true);
    const bad = await call(t.app, 'POST', url('/dealTransfer'), { token: owner.token, body: { dealId, transferUserId: other.user.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('transferUserId');
  });

  it('targets per user and month with the won amount; free plan refused', async () => {
    const saved = await call(t.app, 'POST', url('/dealTarget'), { token: owner.token, body: { year: 2031, month: 3, target: '5000', uid: member.user.id } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ year: 2031, month: 3, target: '5000.00', achieved: '0.00' });
    const won = await createDeal(t.app, member.token, owner.orgId, { amount: '1234.56', stage: 1000, completedDate: '2031-03-15' });
    await createDeal(t.app, member.token, owner.orgId, { amount: '0.44', stage: 1000, completedDate: '2031-03-31' });
    expect(won).toBeTruthy();
    const year = await call(t.app, 'GET', url(`/dealTarget?year=2031&uid=${member.user.id}`), { token: owner.token });
    expect(year.body.data.items).toHaveLength(12);
    expect(year.body.data.items[2]).toMatchObject({ month: 3, target: '5000.00', achieved: '1235.00' });
    const own = await call(t.app, 'GET', url('/dealTarget?year=2031'), { token: member.token });
    expect(own.body.data.items[2].achieved).toBe('1235.00');
    expect((await call(t.app, 'GET', url(`/dealTarget?year=2031&uid=${owner.user.id}`), { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/dealTarget'), { token: member.token, body: { year: 2031, month: 3, target: '1', uid: member.user.id } })).status).toBe(403);
    const free = await call(t.app, 'POST', url('/dealTarget', other.orgId), { token: other.token, body: { year: 2031, month: 1, target: '1', uid: other.user.id } });
    expect(free.status).toBe(403);
    expect(free.body.errorCode).toBe('PLAN_LIMIT_REACHED');
    const badMonth = await call(t.app, 'POST', url('/dealTarget'), { token: owner.token, body: { year: 2031, month: 13, target: '1', uid: member.user.id } });
    expect(badMonth.body.details[0].field).toBe('month');
  });

  it('funnel counts and sums exactly per stage; recent week; filter options', async () => {
    const org = await signedInOwner(t.app, 'Funnel');
    await clearStages(t.db, org.orgId);
    const s1 = await createStage(t.app, org.token, org.orgId, { title: 'One' });
    await createDeal(t.app, org.token, org.orgId, { amount: '0.10', stage: s1.id });
    await createDeal(t.app, org.token, org.orgId, { amount: '0.20', stage: s1.id });
    await createDeal(t.app, org.token, org.orgId, { amount: '7', stage: -9999 });
    const funnel = await call(t.app, 'GET', url('/statistics/dealFunnel', org.orgId), { token: org.token });
    expect(funnel.body.data.stages.map((s: Json) => [s.stage.id, s.count, s.amount])).toEqual([
      [s1.id, 2, '0.30'],
      [1000, 0, '0.00'],
      [-9999, 1, '7.00'],
    ]);
    const recent = await call(t.app, 'GET', url('/dealRecently/week', org.orgId), { token: org.token });
    expect(recent.body.data.count).toBe(3);
    const filter = await call(t.app, 'GET', url('/deals-filter', org.orgId), { token: org.token });
    expect(filter.body.data.stageTypes[0].stages.map((s: Json) => s.id)).toEqual([s1.id, 1000, -9999]);
    expect(filter.body.data.statuses).toEqual(['developing', 'closed', 'failed']);
  });

  it('list column settings: defaults, saved by an administrator only', async () => {
    const initial = await call(t.app, 'GET', url('/dealFieldSetting'), { token: member.token });
    expect(initial.body.data.columns.filter((c: Json) => c.isShow).map((c: Json) => c.key)).toEqual(['title', 'company', 'contact', 'amount', 'stage', 'closingRate', 'estimateDate', 'owner']);
    const columns = [{ key: 'title', isShow: true }, { key: 'amount', isShow: true }];
    expect((await call(t.app, 'POST', url('/dealFieldSetting'), { token: member.token, body: { columns } })).status).toBe(403);
    const saved = await call(t.app, 'POST', url('/dealFieldSetting'), { token: owner.token, body: { columns } });
    expect(saved.body.data.columns.slice(0, 2)).toEqual(columns);
    expect(saved.body.data.columns).toHaveLength(10);
  });

  it('global search and associate filter find deals (with ignore), within visibility', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'Zephyr expansion' });
    const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: 'Zephyr Ltd' });
    const search = await call(t.app, 'GET', url('/search?keyword=zephyr'), { token: owner.token });
    expect(search.body.data.items.find((i: Json) => i.type === 'deal')).toMatchObject({ id: dealId, name: 'Zephyr expansion', amount: '1000.00' });
    expect((await call(t.app, 'GET', url('/search?keyword=zephyr'), { token: member.token })).body.data.items.some((i: Json) => i.id === dealId)).toBe(false);
    const assoc = await call(t.app, 'GET', url('/associate/filter?types=company,deal&searchTxt=zephyr'), { token: owner.token });
    expect(assoc.body.data.items.map((i: Json) => [i.type, i.id])).toEqual([['company', companyId], ['deal', dealId]]);
    const ignored = await call(t.app, 'GET', url(`/associate/filter?searchTxt=zephyr&ignore=${dealId},${companyId}`), { token: owner.token });
    expect(ignored.body.data.items).toEqual([]);
    expect((await call(t.app, 'GET', url('/associate/filter?types=planet&searchTxt=x'), { token: owner.token })).status).toBe(400);
  });

  it('a deleted deal goes to the trash and comes back on restore', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'Trash me' });
    expect((await call(t.app, 'DELETE', url(`/deal/${dealId}`), { token: member.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(`/deal/${dealId}`), { token: owner.token })).status).toBe(200);
    expect((await call(t.app, 'GET', url(`/page/deal/view/${dealId}`), { token: owner.token })).status).toBe(404);
    const trash = await call(t.app, 'GET', url('/trash?type=deal'), { token: owner.token });
    expect(trash.body.data.items.map((i: Json) => [i.type, i.id, i.name])).toContainEqual(['deal', dealId, 'Trash me']);
    const restored = await call(t.app, 'POST', url('/trash/restore'), { token: owner.token, body: { items: [{ type: 'deal', id: dealId }] } });
    expect(restored.body.data.count).toBe(1);
    expect((await view(dealId)).timeline[0].action).toBe('restore');
  });

  it('notes on a deal follow its visibility', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId);
    const note = await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'deal', entityId: dealId, content: 'Met the buyer' } });
    expect(note.status).toBe(200);
    expect((await view(dealId)).notes[0].content).toBe('Met the buyer');
    expect((await call(t.app, 'GET', url(`/notes?entityType=deal&entityId=${dealId}`), { token: member.token })).status).toBe(404);
  });
});
