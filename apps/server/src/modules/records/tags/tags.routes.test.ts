import { defaultColor, freePlanLimits, memberPrivilegeFeatures } from '@lodestar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture, setOrgPlan } from '../../../test/records.ts';
import * as privilegesService from '../../access/privileges/privilege-catalog.ts';
import { tags } from './tags.table.ts';

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
const createTag = async (kind: string, body: object, token = owner.token, orgId = owner.orgId) =>
  call(t.app, 'POST', url(`/tags/${kind}`, orgId), { token, body });

describe('tags', () => {
  it('creates nested tags with the default colour and answers the tree with counts', async () => {
    const type = await call(t.app, 'POST', url('/tags/customer/type'), { token: owner.token, body: { name: 'Industry' } });
    expect(type.body.data).toMatchObject({ isType: true, color: defaultColor, isShow: 1 });
    const vip = await createTag('customer', { name: 'VIP', parentId: type.body.data.id, noticeDay: 30 });
    expect(vip.body.data).toMatchObject({ name: 'VIP', label: 'VIP', color: defaultColor, noticeDay: 30, parentId: type.body.data.id });
    const contact = await createContact(t.app, owner.token, owner.orgId, { tagIds: [vip.body.data.id] });
    const tree = await call(t.app, 'GET', url('/tags/customer/toTree'), { token: owner.token });
    const root = tree.body.data.find((n: { id: string }) => n.id === type.body.data.id);
    expect(root.children[0]).toMatchObject({ id: vip.body.data.id, count: 1 });
    const c = await call(t.app, 'GET', url(`/customer/${contact}`), { token: owner.token });
    expect(c.body.data.tags).toEqual([{ id: vip.body.data.id, name: 'VIP', color: defaultColor }]);
    // A tag type cannot be applied to a record.
    const bad = await call(t.app, 'POST', url('/customer'), { token: owner.token, body: { firstName: 'A', lastName: 'B', tagIds: [type.body.data.id] } });
    expect(bad.status).toBe(400);
  });

  it('rejects a bad colour and an empty name', async () => {
    expect((await createTag('customer', { name: 'X', color: 'red' })).body.details[0].field).toBe('color');
    expect((await createTag('customer', { name: '' })).body.details[0].field).toBe('name');
  });

  it('applies tags to many contacts, updates one, filters the list, and hides with settingShow', async () => {
    const hot = (await createTag('customer', { name: 'Hot', color: '#F5222D' })).body.data.id;
    const cold = (await createTag('customer', { name: 'Cold' })).body.data.id;
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    expect((await call(t.app, 'POST', url('/tags/customer/apply'), { token: owner.token, body: { ids: [a, b], tagIds: [hot] } })).body.data.count).toBe(2);
    await call(t.app, 'POST', url('/tags/customer/singleUpdate'), { token: owner.token, body: { id: b, tagIds: [cold] } });
    const filtered = await call(t.app, 'GET', url(`/page/customer/listV2?advanceFilter=${encodeURIComponent(JSON.stringify({ tags: [hot] }))}&needGroup=1`), {
      token: owner.token,
    });
    expect(filtered.body.data.items.map((r: { id: string }) => r.id)).toEqual([a]);
    expect(filtered.body.data.groups[hot]).toBe(1);
    await call(t.app, 'POST', url('/tags/customer/apply'), { token: owner.token, body: { ids: [a], tagIds: [hot], remove: true } });
    expect((await call(t.app, 'GET', url(`/customer/${a}`), { token: owner.token })).body.data.tags).toEqual([]);
    await call(t.app, 'POST', url('/tags/customer/settingShow'), { token: owner.token, body: { id: cold, isShow: 0 } });
    const [row] = await t.db.select().from(tags).where(eq(tags.id, cold));
    expect(row!.isShow).toBe(0);
  });

  it('saves the whole tree from the manager: order, nesting, new (-1) and removed tags', async () => {
    const boss = await signedInOwner(t.app, 'Tree');
    await setOrgPlan(t.db, boss.orgId, 'subscribe_team');
    const one = (await createTag('company', { name: 'One' }, boss.token, boss.orgId)).body.data.id;
    const two = (await createTag('company', { name: 'Two' }, boss.token, boss.orgId)).body.data.id;
    const gone = (await createTag('company', { name: 'Gone' }, boss.token, boss.orgId)).body.data.id;
    const company = await createCompany(t.app, boss.token, boss.orgId, { tagIds: [gone, one] });
    const saved = await call(t.app, 'POST', url('/tags/company/settingByTree', boss.orgId), {
      token: boss.token,
      body: { tree: [{ id: two, name: 'Two', children: [{ id: -1, name: 'New child', color: '#52C41A' }] }, { id: one, name: 'One renamed' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.map((n: { name: string }) => n.name)).toEqual(['Two', 'One renamed']);
    expect(saved.body.data[0].children[0]).toMatchObject({ name: 'New child', color: '#52C41A', sort: 0 });
    const c = await call(t.app, 'GET', url(`/company/${company}`, boss.orgId), { token: boss.token });
    expect(c.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['One renamed']);
    // The list page reads its tags in the page's own statement: the same refs as the detail.
    const list = await call(t.app, 'GET', url('/page/company/listV2', boss.orgId), { token: boss.token });
    expect(list.body.data.items.find((r: { id: string }) => r.id === company).tags).toEqual(c.body.data.tags);
  });

  it("shows a contact's tags in the list in the contact's own order, with their current names", async () => {
    const first = (await createTag('customer', { name: 'Zeta' })).body.data.id;
    const second = (await createTag('customer', { name: 'Alpha', color: '#52C41A' })).body.data.id;
    const contact = await createContact(t.app, owner.token, owner.orgId, { tagIds: [first, second] });
    await t.db.update(tags).set({ name: 'Zeta 2' }).where(eq(tags.id, first));
    const list = await call(t.app, 'GET', url('/page/customer/listV2?limit=500'), { token: owner.token });
    const detail = await call(t.app, 'GET', url(`/customer/${contact}`), { token: owner.token });
    const row = list.body.data.items.find((r: { id: string }) => r.id === contact);
    expect(row.tags).toEqual(detail.body.data.tags);
    expect(row.tags.map((x: { id: string }) => x.id)).toEqual([first, second]);
  });

  it('keeps nested tags, and the records that carry them, when the tree is saved again', async () => {
    const boss = await signedInOwner(t.app, 'Nested');
    await setOrgPlan(t.db, boss.orgId, 'subscribe_team');
    const parent = (await createTag('company', { name: 'Parent' }, boss.token, boss.orgId)).body.data.id;
    const child = (await createTag('company', { name: 'Child', parentId: parent }, boss.token, boss.orgId)).body.data.id;
    const grandchild = (await createTag('company', { name: 'Grandchild', parentId: child }, boss.token, boss.orgId)).body.data.id;
    const company = await createCompany(t.app, boss.token, boss.orgId, { tagIds: [grandchild] });
    const saved = await call(t.app, 'POST', url('/tags/company/settingByTree', boss.orgId), {
      token: boss.token,
      body: { tree: [{ id: parent, name: 'Parent', children: [{ id: child, name: 'Child', children: [{ id: grandchild, name: 'Grandchild 2' }] }] }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data[0].children[0].children[0]).toMatchObject({ id: grandchild, name: 'Grandchild 2' });
    const c = await call(t.app, 'GET', url(`/company/${company}`, boss.orgId), { token: boss.token });
    expect(c.body.data.tags.map((x: { id: string }) => x.id)).toEqual([grandchild]);
  });

  it('enforces the tag privileges create, edit and delete', async () => {
    const features = memberPrivilegeFeatures();
    features.contactTag = { methods: [], scope: 'all' };
    const privilege = await privilegesService.createPrivilege(t.db, owner.orgId, { name: 'no-tags', features });
    const limited = await registerUser(t.app);
    await addMember(t.db, owner.orgId, limited.user.id, { privilegeId: privilege.id });
    const tag = (await createTag('customer', { name: 'Locked' })).body.data.id;
    expect((await createTag('customer', { name: 'Nope' }, limited.token)).status).toBe(403);
    expect((await call(t.app, 'POST', url('/tags/customer/settingByTree'), { token: limited.token, body: { tree: [] } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', url(`/tags/customer/${tag}`), { token: limited.token })).status).toBe(403);
    // The default member privilege may create but not delete.
    expect((await createTag('customer', { name: 'Member made' }, member.token)).status).toBe(200);
    expect((await call(t.app, 'DELETE', url(`/tags/customer/${tag}`), { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'DELETE', url(`/tags/customer/${tag}`), { token: owner.token })).status).toBe(200);
  });

  it('a free workspace holds 8 contact tags and 5 company tags', async () => {
    const free = await signedInOwner(t.app, 'Free');
    for (let i = 0; i < freePlanLimits.contactTags; i++) expect((await createTag('customer', { name: `c${i}` }, free.token, free.orgId)).status).toBe(200);
    const ninth = await createTag('customer', { name: 'c9' }, free.token, free.orgId);
    expect(ninth.status).toBe(403);
    expect(ninth.body.errorCode).toBe('PLAN_LIMIT_REACHED');
    for (let i = 0; i < freePlanLimits.companyTags; i++) expect((await createTag('company', { name: `k${i}` }, free.token, free.orgId)).status).toBe(200);
    const sixth = await call(t.app, 'POST', url('/tags/company', free.orgId), { token: free.token, locale: 'zh-TW', body: { name: 'k6' } });
    expect(sixth.status).toBe(403);
    expect(sixth.body.errorMessage).toBe('請升級至專業版');
    // The manager cannot sneak extra tags in either.
    const tree = await call(t.app, 'GET', url('/tags/company/toTree', free.orgId), { token: free.token });
    const nodes = tree.body.data.map((n: { id: string; name: string }) => ({ id: n.id, name: n.name }));
    const more = await call(t.app, 'POST', url('/tags/company/settingByTree', free.orgId), { token: free.token, body: { tree: [...nodes, { id: -1, name: 'extra' }] } });
    expect(more.status).toBe(403);
  });

  it('another workspace gets 404 with nothing changed', async () => {
    const tag = (await createTag('customer', { name: 'Mine' })).body.data.id;
    const contact = await createContact(t.app, owner.token, owner.orgId);
    expect((await call(t.app, 'DELETE', url(`/tags/customer/${tag}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/tags/customer/settingShow', other.orgId), { token: other.token, body: { id: tag, isShow: 0 } })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/tags/customer/apply', other.orgId), { token: other.token, body: { ids: [contact], tagIds: [tag] } })).status).toBe(404);
    const replaced = await call(t.app, 'POST', url('/tags/customer/settingByTree', other.orgId), { token: other.token, body: { tree: [{ id: tag, name: 'Stolen' }] } });
    expect(replaced.status).toBe(400);
    const [row] = await t.db.select().from(tags).where(eq(tags.id, tag));
    expect(row).toMatchObject({ name: 'Mine', isShow: 1 });
  });
});
