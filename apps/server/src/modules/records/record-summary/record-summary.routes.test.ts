import { wonStageId } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import * as timelineRepository from '../../access/timeline/timeline.repository.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const get = (path: string, token = owner.token, orgId = owner.orgId) => call(t.app, 'GET', url(path, orgId), { token });
const summary = async (entityType: string, entityId: string, token = owner.token) => {
  const answer = await get(`/record/summary?entityType=${entityType}&entityId=${entityId}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Json;
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function schedule(token: string, body: Record<string, unknown>): Promise<string> {
  const answer = await call(t.app, 'POST', url('/task'), { token, body: { startDateTime: '09:00', endDateTime: '10:00', ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id;
}

describe('record summary', () => {
  it('a contact: its deals with open and won totals, upcoming and past schedules with points, and the figures', async () => {
    const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: 'Summit Tea' });
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: '美', lastName: '林', companyId, lastContactAt: '2026-01-02T03:04:05.000Z' });
    const openA = await createDeal(t.app, owner.token, owner.orgId, { name: 'Open A', amount: '1200.50', clientId: contactId, estimatedEndDate: '2027-02-01' });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Open B', amount: '800.00', clientId: contactId, estimatedEndDate: '2027-01-01' });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Won C', amount: '300.25', clientId: contactId, stage: wonStageId });
    const item = await call(t.app, 'POST', url('/settings/activityItem'), { token: owner.token, body: { name: 'Visit', point: 5 } });
    await schedule(owner.token, { title: 'Next visit', startDate: inDays(3), endDate: inDays(3), client: { id: contactId }, activity: [item.body.data.id] });
    const oldCall = await schedule(owner.token, { title: 'Old call', startDate: inDays(-3), endDate: inDays(-3), client: { id: contactId }, activity: [item.body.data.id] });

    const data = await summary('contact', contactId);
    expect(data.deals.items.map((d: Json) => d.name)).toEqual(['Open B', 'Open A', 'Won C']);
    expect(data.deals).toMatchObject({ total: 3, openCount: 2, openAmount: '2000.50', wonCount: 1, wonAmount: '300.25' });
    expect(data.deals.items[2]).toMatchObject({ status: 'closed', amount: '300.25' });
    expect(data.schedules.upcoming.map((s: Json) => s.title)).toEqual(['Next visit']);
    expect(data.schedules.past[0]).toMatchObject({ title: 'Old call', points: 5, activityItems: [{ name: 'Visit', point: 5 }] });
    expect(data.schedules).toMatchObject({ pastTotal: 1, pastPoints: 5 });
    expect(data.figures).toMatchObject({ openAmount: '2000.50', openCount: 2, wonAmount: '300.25', wonCount: 1 });
    expect(data.figures.nextSchedule.title).toBe('Next visit');
    // One last-contact rule: the figure is the contact's stored time (a past schedule not completed does not count)…
    expect(data.figures.lastContactAt).toBe('2026-01-02T03:04:05.000Z');
    // … and completing the past schedule moves the stored time (field, list, figure) forward to its start.
    expect((await call(t.app, 'PUT', url(`/task/${oldCall}/complete`), { token: owner.token, body: { complete: true } })).status).toBe(200);
    const after = await summary('contact', contactId);
    expect(after.figures.lastContactAt).toBe(data.schedules.past[0].startsAt);
    const stored = (await get(`/customer/${contactId}`)).body.data;
    expect(stored.lastContactAt).toBe(after.figures.lastContactAt);
    // A deal's page shows its client's.
    expect((await summary('deal', openA)).figures.lastContactAt).toBe(after.figures.lastContactAt);
    expect(data.contacts).toBeNull();

    const company = await summary('company', companyId);
    expect(company.contacts).toMatchObject({ total: 1, items: [{ id: contactId, name: '林美' }] });
    expect(company.deals.total).toBe(0);
  });

  it('a member sees only the deals and schedules they may see', async () => {
    const contactId = await createContact(t.app, member.token, owner.orgId, { firstName: 'Mei' });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Owner private', clientId: contactId });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Owner public', clientId: contactId, permission: 'public' });
    await createDeal(t.app, member.token, owner.orgId, { name: 'Mine', clientId: contactId, amount: '10.00' });
    await schedule(owner.token, { title: 'Owner visit', startDate: inDays(2), endDate: inDays(2), client: { id: contactId } });

    const seen = await summary('contact', contactId, member.token);
    expect(seen.deals.items.map((d: Json) => d.name).sort()).toEqual(['Mine', 'Owner public']);
    expect(seen.deals.total).toBe(2);
    expect(seen.schedules.upcoming).toEqual([]);
    expect(seen.figures.nextSchedule).toBeNull();
    const all = await summary('contact', contactId);
    expect(all.deals.total).toBe(3);
    expect(all.schedules.upcoming).toHaveLength(1);
  });

  it('another workspace’s record, a record the member may not see, or a bad id → 404 / 400 naming the field', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId);
    expect((await get(`/record/summary?entityType=contact&entityId=${contactId}`, other.token, other.orgId)).status).toBe(404);
    expect((await get(`/timeline/page?entityType=contact&entityId=${contactId}`, other.token, other.orgId)).status).toBe(404);
    expect((await get(`/record/summary?entityType=contact&entityId=${contactId}`, member.token)).status).toBe(404);
    const bad = await get('/record/summary?entityType=contact&entityId=nope');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('entityId');
    const badKind = await get(`/timeline/page?entityType=contact&entityId=${contactId}&kinds=notes,bogus`);
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.body)).toContain('kinds');
    const badCursor = await get(`/timeline/page?entityType=contact&entityId=${contactId}&cursor=2026-01-01`);
    expect(badCursor.status).toBe(400);
    expect(JSON.stringify(badCursor.body)).toContain('cursor');
  });
});

describe('merged timeline', () => {
  it('joins the contact’s deals and schedules, filters by kind, and links each entry to its record', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Lin' });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Tea deal', clientId: contactId, stage: wonStageId });
    await schedule(owner.token, { title: 'Tasting', startDate: inDays(1), endDate: inDays(1), client: { id: contactId } });
    await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: contactId, content: 'Likes oolong' } });

    const page = async (query = '') => (await get(`/timeline/page?entityType=contact&entityId=${contactId}${query}`)).body.data as Json;
    const all = await page();
    const kinds = all.items.map((e: Json) => `${e.entityType}:${e.action}`);
    expect(kinds).toEqual(expect.arrayContaining(['contact:create', 'contact:note', 'deal:create', 'schedule:create']));
    expect(all.items.find((e: Json) => e.entityType === 'deal').recordName).toBe('Tea deal');
    expect(all.items.find((e: Json) => e.entityType === 'schedule').recordName).toBe('Tasting');
    expect(all.nextCursor).toBeNull();
    expect((await page('&kinds=notes')).items.map((e: Json) => e.changes.note[1])).toEqual(['Likes oolong']);
    expect((await page('&kinds=schedules')).items.every((e: Json) => e.entityType === 'schedule')).toBe(true);
    const changes = (await page('&kinds=changes,notes')).items;
    expect(changes.some((e: Json) => e.entityType === 'schedule')).toBe(false);
    expect(changes.some((e: Json) => e.action === 'note')).toBe(true);
  });

  it('pages 5 000 entries by keyset with no duplicate and no gap', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Busy' });
    const events = Array.from({ length: 5000 }, (_, i) => ({ entityType: 'contact', entityId: contactId, actorUserId: owner.user.id, action: 'note', changes: { note: [null, `n${i}`] as [unknown, unknown] } }));
    for (let i = 0; i < events.length; i += 1000) await timelineRepository.insertEvents(t.db, owner.orgId, events.slice(i, i + 1000));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: Json = await get(`/timeline/page?entityType=contact&entityId=${contactId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.items.map((e: Json) => e.id));
      cursor = answer.body.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(51); // 5 000 notes and the contact's own "created"
    expect(seen).toHaveLength(5001);
    expect(new Set(seen).size).toBe(5001);
  }, 60_000);

  it('a member does not get the entries of a deal they may not see', async () => {
    const contactId = await createContact(t.app, member.token, owner.orgId, { firstName: 'Hidden' });
    await createDeal(t.app, owner.token, owner.orgId, { name: 'Secret', clientId: contactId });
    const answer = await get(`/timeline/page?entityType=contact&entityId=${contactId}`, member.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.items.some((e: Json) => e.entityType === 'deal')).toBe(false);
    const ownerView = await get(`/timeline/page?entityType=contact&entityId=${contactId}`);
    expect(ownerView.body.data.items.some((e: Json) => e.entityType === 'deal')).toBe(true);
  });
});
