import { defaultStages, defaultStageTypeName, freePlanLimits } from '@lodestar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { createDeal, createStage } from '../../../test/deals.ts';
import { call, createOrg, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { setOrgPlan } from '../../../test/records.ts';
import { salesStageTypes } from './sales-stages.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
  await setOrgPlan(t.db, owner.orgId, 'subscribe_team');
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('sales stages', () => {
  it('seeds a new workspace with the default type and stages in the creator\'s language, so a deal saves at once', async () => {
    const types = (await call(t.app, 'GET', url('/settings/stage'), { token: owner.token })).body.data.items;
    expect(types).toHaveLength(1);
    expect(types[0]).toMatchObject({ isDefault: true, stageTypeName: defaultStageTypeName['zh-TW'] });
    expect(types[0].stages.map((s: { label: string }) => s.label)).toEqual(defaultStages.map((s) => s.title['zh-TW']));
    expect(types[0].stages.length).toBeLessThanOrEqual(freePlanLimits.salesStages);
    for (const stage of types[0].stages) {
      expect(stage.closingRate).toBeGreaterThan(0);
      expect(stage.closingRate).toBeLessThan(100);
      expect(stage.alertNotice).toBeGreaterThan(0);
    }

    const english = await registerUser(t.app, {}, 'en-US');
    const orgId = await createOrg(t.app, english.token, 'Fresh');
    const fresh = (await call(t.app, 'GET', url('/settings/stage', orgId), { token: english.token })).body.data.items[0];
    expect(fresh.stages.map((s: { label: string }) => s.label)).toEqual(defaultStages.map((s) => s.title['en-US']));
    const dealId = await createDeal(t.app, english.token, orgId);
    const deal = (await call(t.app, 'GET', url(`/page/deal/view/${dealId}`, orgId), { token: english.token })).body.data.deal;
    expect(deal).toMatchObject({ stage: fresh.stages[0].id, closingRate: fresh.stages[0].closingRate });
  });

  it('seeds the stages in the language the creator uses at creation (Accept-Language), and each seeded stage can be renamed', async () => {
    // Issue 30, defect 12: signed up in Chinese, switched the interface to English, then created the workspace.
    const switched = await registerUser(t.app, {}, 'zh-TW');
    const created = await call(t.app, 'POST', '/api/organizations/create', { token: switched.token, locale: 'en-US', body: { orgName: 'Switched', memberEmails: [] } });
    const orgId = created.body.data.orgId as string;
    const type = (await call(t.app, 'GET', url('/settings/stage', orgId), { token: switched.token })).body.data.items[0];
    expect(type.stageTypeName).toBe(defaultStageTypeName['en-US']);
    expect(type.stages.map((s: { label: string }) => s.label)).toEqual(defaultStages.map((s) => s.title['en-US']));
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const org = (await call(t.app, 'POST', '/api/organizations/create', { token: switched.token, locale, body: { orgName: locale, memberEmails: [] } })).body.data.orgId as string;
      const seeded = (await call(t.app, 'GET', url('/settings/stage', org), { token: switched.token })).body.data.items[0];
      expect(seeded.stages.map((s: { label: string }) => s.label)).toEqual(defaultStages.map((s) => s.title[locale]));
    }
    const [first] = type.stages as { id: number; alertNotice: number; closingRate: number; category: string }[];
    const renamed = await call(t.app, 'PUT', url(`/settings/stage/${first!.id}`, orgId), {
      token: switched.token,
      body: { title: 'First call', alertNotice: first!.alertNotice, closingRate: first!.closingRate, category: first!.category },
    });
    expect(renamed.status).toBe(200);
    const after = (await call(t.app, 'GET', url('/settings/stage', orgId), { token: switched.token })).body.data.items[0];
    expect(after.stages[0].label).toBe('First call');
  });

  it('creates an empty default type on first use for a workspace without one, once, even when two first visits race', async () => {
    const old = await signedInOwner(t.app, 'Old');
    await t.db.delete(salesStageTypes).where(eq(salesStageTypes.orgId, old.orgId));
    const [a, b] = await Promise.all([
      call(t.app, 'GET', url('/settings/stage', old.orgId), { token: old.token }),
      call(t.app, 'GET', url('/settings/stage', old.orgId), { token: old.token }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const again = await call(t.app, 'GET', url('/settings/stage', old.orgId), { token: old.token });
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0]).toMatchObject({ isDefault: true, stages: [] });
  });

  it('creates stages with title and alertNotice, ids above 10000, appended in order', async () => {
    const first = await createStage(t.app, owner.token, owner.orgId, { title: 'Contact', alertNotice: 7, closingRate: 20 });
    const second = await createStage(t.app, owner.token, owner.orgId, { title: 'Proposal', closingRate: 60, category: 'inProgress' });
    expect(first).toMatchObject({ label: 'Contact', alertNotice: 7, closingRate: 20, category: 'inProgress' });
    expect(first.id).toBeGreaterThan(10000);
    expect(second.sort).toBe(first.sort + 1);
    expect(second.alertNotice).toBeNull();
  });

  it('validates title, closing rate 0-100, alertNotice and category, naming the field', async () => {
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'x', closingRate: 101 }, 'closingRate'],
      [{ title: 'x', closingRate: -1 }, 'closingRate'],
      [{ title: 'x', alertNotice: 0 }, 'alertNotice'],
      [{ title: 'x', category: 'maybe' }, 'category'],
    ] as const) {
      const res = await call(t.app, 'POST', url('/settings/stage'), { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
  });

  it('saves a drag-sort as the whole ordered list, and refuses a partial or foreign list', async () => {
    const type = (await call(t.app, 'GET', url('/settings/stage'), { token: owner.token })).body.data.items[0];
    const ids: number[] = type.stages.map((s: { id: number }) => s.id);
    const reversed = [...ids].reverse();
    const res = await call(t.app, 'POST', url('/settings/stage/sort'), { token: owner.token, body: { stageTypeId: type.uuid, ids: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.data.stages.map((s: { id: number }) => s.id)).toEqual(reversed);
    const partial = await call(t.app, 'POST', url('/settings/stage/sort'), { token: owner.token, body: { stageTypeId: type.uuid, ids: reversed.slice(1) } });
    expect(partial.status).toBe(400);
    expect(partial.body.details[0].field).toBe('ids');
  });

  it('edits a stage; another workspace gets 404 and a member 403', async () => {
    const stage = await createStage(t.app, owner.token, owner.orgId, { title: 'Negotiate' });
    const body = { title: 'Negotiation', alertNotice: 3, closingRate: 80, category: 'inProgress' };
    const edited = await call(t.app, 'PUT', url(`/settings/stage/${stage.id}`), { token: owner.token, body });
    expect(edited.body.data).toMatchObject({ label: 'Negotiation', alertNotice: 3, closingRate: 80 });
    const foreign = await call(t.app, 'PUT', url(`/settings/stage/${stage.id}`, other.orgId), { token: other.token, body: { ...body, title: 'hijack' } });
    expect(foreign.status).toBe(404);
    const byMember = await call(t.app, 'POST', url('/settings/stage'), { token: member.token, body: { title: 'x' } });
    expect(byMember.status).toBe(403);
    const still = (await call(t.app, 'GET', url('/settings/stage'), { token: owner.token })).body.data.items[0].stages;
    expect(still.find((s: { id: number }) => s.id === stage.id).label).toBe('Negotiation');
  });

  it('refuses to delete a stage while deals sit in it (409), then deletes it', async () => {
    const stage = await createStage(t.app, owner.token, owner.orgId, { title: 'Busy' });
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { stage: stage.id });
    const refused = await call(t.app, 'DELETE', url(`/settings/stage/${stage.id}`), { token: owner.token, locale: 'en-US' });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('STAGE_IN_USE');
    await call(t.app, 'PUT', url(`/deal/${dealId}/stage`), { token: owner.token, body: { stage: -9999 } });
    await call(t.app, 'DELETE', url(`/deal/${dealId}`), { token: owner.token });
    // A deal in the trash still holds its stage, so the stage stays until the deal is gone.
    expect((await call(t.app, 'DELETE', url(`/settings/stage/${stage.id}`), { token: owner.token })).status).toBe(200);
  });

  it('stage types: create, rename, and the default cannot be deleted', async () => {
    const created = await call(t.app, 'POST', url('/settings/stageType'), { token: owner.token, body: { stageTypeName: 'Renewals' } });
    expect(created.body.data).toMatchObject({ stageTypeName: 'Renewals', isDefault: false, stages: [] });
    const renamed = await call(t.app, 'PUT', url(`/settings/stageType/${created.body.data.uuid}`), { token: owner.token, body: { stageTypeName: 'Renewal' } });
    expect(renamed.body.data.stageTypeName).toBe('Renewal');
    const types = (await call(t.app, 'GET', url('/settings/stage'), { token: owner.token })).body.data.items;
    const defaultType = types.find((x: { isDefault: boolean }) => x.isDefault);
    expect((await call(t.app, 'DELETE', url(`/settings/stageType/${defaultType.uuid}`), { token: owner.token })).status).toBe(400);
    expect((await call(t.app, 'DELETE', url(`/settings/stageType/${created.body.data.uuid}`), { token: owner.token })).status).toBe(200);
  });

  it('free plan: 6 stages, then 403 Please upgrade to the Pro version', async () => {
    for (let i = defaultStages.length; i < freePlanLimits.salesStages; i++) await createStage(t.app, other.token, other.orgId, { title: `S${i}` });
    const res = await call(t.app, 'POST', url('/settings/stage', other.orgId), { token: other.token, locale: 'en-US', body: { title: 'one more' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'PLAN_LIMIT_REACHED', errorMessage: 'Please upgrade to the Pro version' });
  });
});

describe('products and costs', () => {
  it('creates a product with colour and exact default price; edits and deletes it', async () => {
    const res = await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body: { name: 'Router', color: '#1677FF', defaultPrice: '12345678901.99' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Router', label: 'Router', color: '#1677FF', defaultPrice: '12345678901.99' });
    const edited = await call(t.app, 'PUT', url(`/settings/product/${res.body.data.id}`), { token: owner.token, body: { name: 'Router X', defaultPrice: 0.1 } });
    expect(edited.body.data).toMatchObject({ name: 'Router X', defaultPrice: '0.10', color: '#828B91' });
    const foreign = await call(t.app, 'DELETE', url(`/settings/product/${res.body.data.id}`, other.orgId), { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'DELETE', url(`/settings/product/${res.body.data.id}`), { token: owner.token })).status).toBe(200);
  });

  it('validates name, colour and price', async () => {
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x', color: 'blue' }, 'color'],
      [{ name: 'x', defaultPrice: '-1' }, 'defaultPrice'],
      [{ name: 'x', defaultPrice: '1.234' }, 'defaultPrice'],
    ] as const) {
      const res = await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
  });

  it('free plan: 5 products, then 403', async () => {
    for (let i = 0; i < freePlanLimits.products; i++) {
      expect((await call(t.app, 'POST', url('/settings/product', other.orgId), { token: other.token, body: { name: `P${i}` } })).status).toBe(200);
    }
    const res = await call(t.app, 'POST', url('/settings/product', other.orgId), { token: other.token, body: { name: 'P6' } });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('PLAN_LIMIT_REACHED');
  });

  it('costs: create, list, edit, delete', async () => {
    const res = await call(t.app, 'POST', url('/settings/cost'), { token: owner.token, body: { name: 'Shipping', defaultPrice: '25.5' } });
    expect(res.body.data).toMatchObject({ name: 'Shipping', label: 'Shipping', defaultPrice: '25.50' });
    expect(res.body.data.color).toBeUndefined();
    const list = await call(t.app, 'GET', url('/settings/cost'), { token: member.token });
    expect(list.body.data.items.map((c: { name: string }) => c.name)).toContain('Shipping');
    const edited = await call(t.app, 'PUT', url(`/settings/cost/${res.body.data.id}`), { token: owner.token, body: { name: 'Freight', defaultPrice: '30' } });
    expect(edited.body.data.defaultPrice).toBe('30.00');
    expect((await call(t.app, 'DELETE', url(`/settings/cost/${res.body.data.id}`), { token: member.token })).status).toBe(403);
  });
});
