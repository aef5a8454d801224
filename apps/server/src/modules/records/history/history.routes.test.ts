import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json } from '../../../test/factories.ts';
import { createDeal } from '../../../test/deals.ts';
import { createContact } from '../../../test/records.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

const historyUrl = (kind: string, id: string, query = '', orgId = w.owner.orgId) => `/api/history/${kind}/${id}?orgId=${orgId}${query}`;
const restoreUrl = (kind: string, id: string, orgId = w.owner.orgId) => `/api/history/${kind}/${id}/restore?orgId=${orgId}`;

async function history(kind: string, id: string, query = '', token = w.owner.token): Promise<Json> {
  const answer = await call(w.t.app, 'GET', historyUrl(kind, id, query), { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

describe('records/history', () => {
  it("keeps a deal's field changes with who and the path, and restores an old value as an ordinary edit", async () => {
    const dealId = await createDeal(w.t.app, w.owner.token, w.owner.orgId, { amount: '1000.00' });
    expect((await call(w.t.app, 'PUT', `/api/deal/${dealId}?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { amount: '2500' } })).status).toBe(200);

    const page = await history('deal', dealId);
    expect(page.items.map((e: Json) => e.action)).toEqual(['updated', 'created']);
    const change = page.items[0];
    expect(change).toMatchObject({ source: 'ui', actor: { id: w.owner.user.id } });
    expect(change.changes).toContainEqual({ field: 'amount', from: 1000, to: 2500, restorable: true });
    expect(change.changes.map((c: Json) => c.field)).not.toContain('amountCents');

    const restored = await call(w.t.app, 'POST', restoreUrl('deal', dealId), { token: w.owner.token, body: { entryId: change.id, field: 'amount' } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const deal = await call(w.t.app, 'GET', `/api/deal/${dealId}?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect(deal.body.data.amount).toBe('1000.00');
    // The restore is itself a change in the history (it left its event).
    const after = await history('deal', dealId);
    expect(after.items[0].changes).toContainEqual(expect.objectContaining({ field: 'amount', from: 2500, to: 1000 }));

    // A field the change does not have, or one no edit accepts, is a 400 naming `field`.
    const bad = await call(w.t.app, 'POST', restoreUrl('deal', dealId), { token: w.owner.token, body: { entryId: change.id, field: 'name' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/field/i);
  });

  it('records deletions and restores, keyset-pages newest first, and a contact restore goes through its form save', async () => {
    const contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: '小明', lastName: '王', position: '業務' });
    const save = (body: Json) => call(w.t.app, 'POST', `/api/customer?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { id: contactId, firstName: '小明', lastName: '王', ...body } });
    expect((await save({ position: '經理' })).status).toBe(200);
    expect((await call(w.t.app, 'DELETE', `/api/customer/${contactId}?orgId=${w.owner.orgId}`, { token: w.owner.token })).status).toBe(200);
    expect((await call(w.t.app, 'POST', `/api/trash/restore?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { items: [{ type: 'contact', id: contactId }] } })).status).toBe(200);

    const first = await history('contact', contactId, '&limit=2');
    expect(first.items.map((e: Json) => e.action)).toEqual(['restored', 'deleted']);
    const second = await history('contact', contactId, `&limit=2&before=${first.nextBefore}`);
    expect(second.items.map((e: Json) => e.action)).toEqual(['updated', 'created']);
    expect(second.nextBefore).toBeNull();

    const update = second.items[0];
    expect(update.changes).toContainEqual({ field: 'position', from: '業務', to: '經理', restorable: true });
    const restored = await call(w.t.app, 'POST', restoreUrl('contact', contactId), { token: w.owner.token, body: { entryId: update.id, field: 'position' } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const contact = await call(w.t.app, 'GET', `/api/customer/${contactId}?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect(contact.body.data).toMatchObject({ position: '業務', firstName: '小明', lastName: '王' });
  });

  it("restores a schedule's old value through the drawer's save: text, an emptied address and times", async () => {
    const task = (path: string, body: Json) => call(w.t.app, 'POST', `/api/task${path}?orgId=${w.owner.orgId}`, { token: w.owner.token, body });
    const base = { startDate: '2026-12-10', startDateTime: '10:00', endDate: '2026-12-10', endDateTime: '11:00', repeatBy: 'none' };
    const created = await task('', { title: '拜訪客戶', address: '台北市信義路一段1號', ...base });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const edited = await task(`/${id}`, { ...base, title: '電話追蹤', address: null, startDateTime: '14:00', endDateTime: '15:00' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const page = await history('schedule', id);
    const change = page.items[0];
    expect(change.action).toBe('updated');
    expect(change.changes).toContainEqual({ field: 'title', from: '拜訪客戶', to: '電話追蹤', restorable: true });
    expect(change.changes).toContainEqual(expect.objectContaining({ field: 'startTime', restorable: true }));
    // Derived columns are no fields of the drawer's.
    expect(change.changes.map((c: Json) => c.field)).not.toContain('startsAt');

    const restore = (field: string, entryId = change.id) => call(w.t.app, 'POST', restoreUrl('schedule', id), { token: w.owner.token, body: { entryId, field } });
    expect((await restore('title')).status).toBe(200);
    expect((await restore('address')).status).toBe(200);
    const schedule = (await call(w.t.app, 'GET', `/api/task/${id}?orgId=${w.owner.orgId}`, { token: w.owner.token })).body.data;
    expect(schedule).toMatchObject({ title: '拜訪客戶', address: '台北市信義路一段1號', startDateTime: '14:00', endDateTime: '15:00' });
    // The old start (10:00) is before today's end (15:00): allowed; then the end back to 11:00 as well.
    expect((await restore('startTime')).status).toBe(200);
    expect((await restore('endTime')).status).toBe(200);
    const times = (await call(w.t.app, 'GET', `/api/task/${id}?orgId=${w.owner.orgId}`, { token: w.owner.token })).body.data;
    expect(times).toMatchObject({ startDateTime: '10:00', endDateTime: '11:00' });
    // Each restore is a change of its own, by the person.
    const after = await history('schedule', id, '&limit=1');
    expect(after.items[0]).toMatchObject({ source: 'ui', actor: { id: w.owner.user.id } });

    // Another workspace: 404.
    expect((await call(w.t.app, 'POST', restoreUrl('schedule', id, w.other.orgId), { token: w.other.token, body: { entryId: change.id, field: 'title' } })).status).toBe(404);
  });

  it("names an API key's changes as coming from the key", async () => {
    const key = await call(w.t.app, 'POST', `/api/settings/api-keys?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { name: 'Zap', scopes: ['deals:read', 'deals:write'] } });
    const dealId = await createDeal(w.t.app, key.body.data.secret, w.owner.orgId);
    const page = await history('deal', dealId);
    expect(page.items[0]).toMatchObject({ action: 'created', source: 'apiKey' });
  });

  it('is only for people who may see the record: another workspace and a member without access get 404', async () => {
    const dealId = await createDeal(w.t.app, w.owner.token, w.owner.orgId, { permission: 'private' });
    expect((await call(w.t.app, 'GET', historyUrl('deal', dealId, '', w.other.orgId), { token: w.other.token })).status).toBe(404);
    expect((await call(w.t.app, 'GET', historyUrl('deal', dealId, '', w.owner.orgId), { token: w.other.token })).status).toBe(403);
    const list = await call(w.t.app, 'GET', historyUrl('deal', dealId), { token: w.member.token });
    expect(list.status).toBe(404);
    const restore = await call(w.t.app, 'POST', restoreUrl('deal', dealId, w.other.orgId), { token: w.other.token, body: { entryId: 1, field: 'amount' } });
    expect(restore.status).toBe(404);
  });
});
