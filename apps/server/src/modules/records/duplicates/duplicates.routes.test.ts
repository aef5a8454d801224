import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { followEvents, scanWorkspace } from './duplicates.service.ts';
import { consumeAll } from '../../../test/outbox.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-duplicates-test-${process.pid}` }));
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const list = async (kind: 'contact' | 'company', as: TestUser = owner, orgId = owner.orgId) => {
  const { status, body } = await call(t.app, 'GET', url(`/duplicates?kind=${kind}`, orgId), { token: as.token });
  expect(status).toBe(200);
  return body.data.items as { score: number; reasons: string[]; records: { id: string; name: string }[] }[];
};
const pairOf = (items: Awaited<ReturnType<typeof list>>, a: string, b: string) =>
  items.find((i) => i.records.some((r) => r.id === a) && i.records.some((r) => r.id === b));

let phoneA: string;
let phoneB: string;
let nameA: string;
let nameB: string;

describe('finding duplicates', () => {
  it('pairs contacts written differently after their write events, strongest first, with the reasons', async () => {
    phoneA = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Amy', lastName: 'Lin', phones: [{ value: '0912-345-678', type: 'mobile' }] });
    phoneB = await createContact(t.app, owner.token, owner.orgId, {
      firstName: 'Amy',
      lastName: 'Lin',
      phones: [{ value: '+886 912 345 678', type: 'mobile' }],
      emails: [{ value: 'amy.lin+crm@gmail.com' }],
    });
    nameA = await createContact(t.app, owner.token, owner.orgId, { firstName: '大文', lastName: '陈' });
    nameB = await createContact(t.app, owner.token, owner.orgId, { firstName: '大文', lastName: '陳' });
    const third = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Bo', lastName: 'Wu', emails: [{ value: 'AmyLin@gmail.com' }] });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    const items = await list('contact');
    // Same phone (50) + same name (30) beats a name alone (30) and an e-mail alone (50).
    expect(pairOf(items, phoneA, phoneB)).toMatchObject({ score: 80, reasons: ['name', 'phone'] });
    expect(pairOf(items, nameA, nameB)).toMatchObject({ score: 30, reasons: ['name'] });
    expect(pairOf(items, phoneB, third)).toMatchObject({ score: 50, reasons: ['email'] });
    expect(items.map((i) => i.score)).toEqual([...items.map((i) => i.score)].sort((x, y) => y - x));
    expect(pairOf(items, phoneA, phoneB)!.records.map((r) => r.name)).toEqual(['Amy Lin', 'Amy Lin']);
  });

  it('pairs companies by name without the legal suffix, simplified or traditional', async () => {
    const a = await createCompany(t.app, owner.token, owner.orgId, { name: '臺灣積體電路製造股份有限公司' });
    const b = await createCompany(t.app, owner.token, owner.orgId, { name: '台湾积体电路制造 Co., Ltd.' });
    const branch = await createCompany(t.app, owner.token, owner.orgId, { name: '台灣積體電路製造股份有限公司新竹分公司' });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    const items = await list('company');
    expect(pairOf(items, a, b)).toMatchObject({ reasons: ['companyName'] });
    expect(pairOf(items, a, branch)).toBeUndefined();
  });

  it('the full scan finds what the event follower found', async () => {
    const before = await list('contact');
    await scanWorkspace(t.db, owner.orgId, 'contact');
    expect(await list('contact')).toEqual(before);
  });

  it('forgets a pair when a record changes so that it no longer matches, or goes to the trash', async () => {
    await createContact(t.app, owner.token, owner.orgId, { id: nameB, firstName: '小明', lastName: '陳' });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(pairOf(await list('contact'), nameA, nameB)).toBeUndefined();
    const trashed = await call(t.app, 'DELETE', url(`/customer/${phoneB}`), { token: owner.token });
    expect(trashed.status).toBe(200);
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(pairOf(await list('contact'), phoneA, phoneB)).toBeUndefined();
    await call(t.app, 'POST', url('/trash/restore'), { token: owner.token, body: { items: [{ type: 'contact', id: phoneB }] } });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(pairOf(await list('contact'), phoneA, phoneB)).toBeDefined();
  });

  it('a number shared by more than 20 records stops pairing them all, and pairs them again once 20 hold it', async () => {
    const desk = await signedInOwner(t.app, 'Switchboard');
    const pairs = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from duplicate_pairs where org_id = ${desk.orgId} and kind = 'contact'`))[0]!.n;
    const switchboard = [{ value: '02-2345-6789', type: 'companyPhone' }];
    const holders: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      holders.push(await createContact(t.app, desk.token, desk.orgId, { firstName: `Desk${i}`, lastName: `Staff${i}`, phones: switchboard }));
    }
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(await pairs()).toBe((20 * 19) / 2);
    // The 21st: a switchboard, not a person's number — every pair by it goes, not only the new record's.
    const last = await createContact(t.app, desk.token, desk.orgId, { firstName: 'Desk20', lastName: 'Staff20', phones: switchboard });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(await pairs()).toBe(0);
    await createContact(t.app, desk.token, desk.orgId, { id: last, firstName: 'Desk20', lastName: 'Staff20', phones: [{ value: '0933-000-111', type: 'mobile' }] });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    expect(await pairs()).toBe((20 * 19) / 2);
    await scanWorkspace(t.db, desk.orgId, 'contact');
    expect(await pairs()).toBe((20 * 19) / 2);
  });
});

describe('not a duplicate', () => {
  it('dismisses a pair for good: later edits and scans do not bring it back', async () => {
    const dismissed = await call(t.app, 'POST', url('/duplicates/dismiss'), { token: owner.token, body: { kind: 'contact', recordIds: [phoneB, phoneA] } });
    expect(dismissed.status).toBe(200);
    expect(pairOf(await list('contact'), phoneA, phoneB)).toBeUndefined();
    await createContact(t.app, owner.token, owner.orgId, { id: phoneA, firstName: 'Amy', lastName: 'Lin', position: 'CEO', phones: [{ value: '0912345678', type: 'mobile' }] });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    await scanWorkspace(t.db, owner.orgId, 'contact');
    expect(pairOf(await list('contact'), phoneA, phoneB)).toBeUndefined();
    const again = await call(t.app, 'POST', url('/duplicates/dismiss'), { token: owner.token, body: { kind: 'contact', recordIds: [phoneA, phoneB] } });
    expect(again.status).toBe(404);
  });

  it('refuses the same id twice', async () => {
    const { status } = await call(t.app, 'POST', url('/duplicates/dismiss'), { token: owner.token, body: { kind: 'contact', recordIds: [phoneA, phoneA] } });
    expect(status).toBe(400);
  });
});

describe('who sees what', () => {
  it('another workspace sees none of these pairs and cannot dismiss them', async () => {
    expect(await list('contact', other, other.orgId)).toEqual([]);
    const { status } = await call(t.app, 'GET', url('/duplicates?kind=contact', other.orgId), { token: other.token });
    expect(status).toBe(200);
    const dismiss = await call(t.app, 'POST', url('/duplicates/dismiss', other.orgId), { token: other.token, body: { kind: 'company', recordIds: [nameA, nameB] } });
    expect(dismiss.status).toBe(404);
  });

  it('a member sees only pairs of records they may both see (their own)', async () => {
    const mine1 = await createContact(t.app, member.token, owner.orgId, { firstName: 'Kai', lastName: 'Chou', emails: [{ value: 'kai@example.com' }] });
    const mine2 = await createContact(t.app, member.token, owner.orgId, { firstName: 'K', lastName: 'C', emails: [{ value: 'KAI@example.com' }] });
    await createContact(t.app, owner.token, owner.orgId, { firstName: 'Kai', lastName: 'Chou' });
    await consumeAll(t.db, 'duplicates', () => followEvents(t.db));
    const items = await list('contact', member);
    expect(items).toHaveLength(1);
    expect(pairOf(items, mine1, mine2)).toMatchObject({ reasons: ['email'] });
  });

  it('pages by score with a cursor and refuses a forged one', async () => {
    const first = await call(t.app, 'GET', url('/duplicates?kind=contact&limit=1'), { token: owner.token });
    expect(first.body.data.items).toHaveLength(1);
    const next = await call(t.app, 'GET', url(`/duplicates?kind=contact&limit=50&cursor=${first.body.data.nextCursor}`), { token: owner.token });
    expect(next.body.data.items[0].score).toBeLessThanOrEqual(first.body.data.items[0].score);
    const forged = await call(t.app, 'GET', url('/duplicates?kind=contact&cursor=abc'), { token: owner.token });
    expect(forged.status).toBe(400);
  });
});
