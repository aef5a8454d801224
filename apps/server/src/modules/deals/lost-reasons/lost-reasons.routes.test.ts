import { defaultLostReasons, lostStageId } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, createOrg, registerUser, type Json, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const reasons = async (orgId = owner.orgId, token = owner.token) => (await call(t.app, 'GET', url('/settings/lostReason', orgId), { token })).body.data.items as Json[];
const today = new Date().toISOString().slice(0, 10);

describe('lost reasons (issue 30, defect 9)', () => {
  it('a new workspace starts with the defaults in its creator\'s language; members read them', async () => {
    expect((await reasons()).map((r) => r.label)).toEqual(defaultLostReasons['zh-TW']);
    const english = await registerUser(t.app, {}, 'en-US');
    const orgId = await createOrg(t.app, english.token, 'English');
    expect((await reasons(orgId, english.token)).map((r) => r.label)).toEqual(defaultLostReasons['en-US']);
    const byMember = await call(t.app, 'GET', url('/settings/lostReason'), { token: member.token });
    expect(byMember.status).toBe(200);
  });

  it('administrators add, rename and delete; duplicates 409, bad labels 400 naming label, members 403, another workspace 404', async () => {
    const created = await call(t.app, 'POST', url('/settings/lostReason'), { token: owner.token, body: { label: '  Legal review  ' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ label: 'Legal review' });
    const id = created.body.data.id as string;
    expect((await call(t.app, 'POST', url('/settings/lostReason'), { token: owner.token, body: { label: 'legal REVIEW' } })).body.errorCode).toBe('LOST_REASON_EXISTS');
    const empty = await call(t.app, 'POST', url('/settings/lostReason'), { token: owner.token, locale: 'en-US', body: { label: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].field).toBe('label');
    expect((await call(t.app, 'POST', url('/settings/lostReason'), { token: owner.token, body: { label: 'x'.repeat(51) } })).status).toBe(400);
    expect((await call(t.app, 'POST', url('/settings/lostReason'), { token: member.token, body: { label: 'Mine' } })).status).toBe(403);
    expect((await call(t.app, 'PUT', url(`/settings/lostReason/${id}`, other.orgId), { token: other.token, body: { label: 'hijack' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(`/settings/lostReason/${id}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await reasons(other.orgId, other.token)).some((r) => r.id === id)).toBe(false);

    const renamed = await call(t.app, 'PUT', url(`/settings/lostReason/${id}`), { token: owner.token, body: { label: 'Legal' } });
    expect(renamed.body.data.label).toBe('Legal');
    const clash = await call(t.app, 'PUT', url(`/settings/lostReason/${id}`), { token: owner.token, body: { label: defaultLostReasons['zh-TW'][0] } });
    expect(clash.status).toBe(409);
    expect((await call(t.app, 'DELETE', url(`/settings/lostReason/${id}`), { token: owner.token })).status).toBe(200);
    expect((await reasons()).some((r) => r.id === id)).toBe(false);
  });

  it('closing lost stores the reason and note; they show on the deal, count in the statistics and clear on re-opening', async () => {
    const [price, competitor] = await reasons();
    const lostA = await createDeal(t.app, owner.token, owner.orgId, { name: 'A', amount: '100' });
    const lostB = await createDeal(t.app, owner.token, owner.orgId, { name: 'B', amount: '250' });
    const lostC = await createDeal(t.app, owner.token, owner.orgId, { name: 'C', amount: '40' });
    const move = (id: string, body: Json, orgId = owner.orgId, token = owner.token) => call(t.app, 'PUT', url(`/deal/${id}/stage`, orgId), { token, body });

    const closed = await move(lostA, { stage: lostStageId, lostReasonId: price.id, lostReasonNote: '  Quoted 20% over budget ' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ stage: lostStageId, lostReason: { id: price.id, label: price.label }, lostReasonNote: 'Quoted 20% over budget' });
    await move(lostB, { stage: lostStageId, lostReasonId: price.id });
    await move(lostC, { stage: lostStageId });

    // Validation: a reason on another stage, an unknown or foreign reason, a long note; nothing is written.
    const open = await createDeal(t.app, owner.token, owner.orgId, { name: 'Open', amount: '1' });
    const onOpen = await move(open, { stage: 1000, lostReasonId: price.id });
    expect(onOpen.status).toBe(400);
    expect(onOpen.body.details[0].field).toBe('lostReasonId');
    const [foreignReason] = await reasons(other.orgId, other.token);
    const foreign = await move(open, { stage: lostStageId, lostReasonId: foreignReason.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details[0].field).toBe('lostReasonId');
    expect((await move(open, { stage: lostStageId, lostReasonNote: 'x'.repeat(501) })).status).toBe(400);
    const untouched = (await call(t.app, 'GET', url(`/page/deal/view/${open}`), { token: owner.token })).body.data.deal;
    expect(untouched).toMatchObject({ status: 'developing', lostReason: null });
    // Another workspace cannot close this deal.
    expect((await move(lostA, { stage: lostStageId, lostReasonId: foreignReason.id }, other.orgId, other.token)).status).toBe(404);

    const stats = (await call(t.app, 'GET', url(`/statistics/dashboard?from=${today}&to=${today}`), { token: owner.token })).body.data;
    expect(stats.lostCount).toBe(3);
    expect(stats.lostReasons).toEqual([
      { id: price.id, label: price.label, count: 2, amount: '350.00' },
      { id: null, label: null, count: 1, amount: '40.00' },
    ]);
    expect(competitor).toBeDefined();

    // The list row carries it (the export reads the list), and re-opening the deal drops it.
    const list = (await call(t.app, 'GET', url('/page/deal/list?status=failed'), { token: owner.token })).body.data.items as Json[];
    expect(list.find((row) => row.id === lostA)).toMatchObject({ lostReasonId: price.id, lostReasonNote: 'Quoted 20% over budget' });
    const reopened = await call(t.app, 'PUT', url(`/deal/${lostA}`), { token: owner.token, body: { stage: (await call(t.app, 'GET', url(`/page/deal/view/${lostA}`), { token: owner.token })).body.data.stages[0].id } });
    expect(reopened.status).toBe(200);
    const after = (await call(t.app, 'GET', url(`/page/deal/view/${lostA}`), { token: owner.token })).body.data.deal;
    expect(after).toMatchObject({ lostReason: null, lostReasonNote: null });
  });
});
