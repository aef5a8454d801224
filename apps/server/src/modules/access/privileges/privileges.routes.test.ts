import { fullPrivilegeFeatures, memberPrivilegeFeatures, type PrivilegeFeatures } from '@lodestar/contract';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, serial, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, countStatements, freezeOrg, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { members } from '../members/members.table.ts';
import * as departmentsService from '../departments/departments.service.ts';
import * as timelineService from '../timeline/timeline.service.ts';
import * as accessCore from './access-core.ts';
import { createPrivilege } from './privilege-catalog.ts';
import * as privilegesService from './privileges.service.ts';

/** A stand-in for the owned records of later modules (contacts, deals...). */
const records = pgTable('test_records', {
  id: serial('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  ownerUserId: uuid('owner_user_id').notNull(),
});

let t: TestApp;
let owner: TestUser & { orgId: string };
const people: Record<'a' | 'b' | 'c' | 'd' | 'e', TestUser> = {} as never;

function withScope(scope: 'mine' | 'sameDepartment' | 'subordinates' | 'all'): PrivilegeFeatures {
  const features = memberPrivilegeFeatures();
  features.contact = { methods: ['view', 'create'], scope };
  return features;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table test_records (id serial primary key, org_id uuid not null, owner_user_id uuid not null)`);
  owner = await signedInOwner(t.app);
  for (const key of ['a', 'b', 'c', 'd', 'e'] as const) people[key] = await registerUser(t.app, { firstName: key.toUpperCase() });

  // Sales (supervisor A) > North (supervisor E); Marketing apart.
  const sales = await departmentsService.createDepartment(t.db, owner.orgId, { name: 'Sales', supervisorUserId: people.a.user.id });
  const north = await departmentsService.createDepartment(t.db, owner.orgId, {
    name: 'North',
    parentId: sales.id,
    supervisorUserId: people.e.user.id,
  });
  const marketing = await departmentsService.createDepartment(t.db, owner.orgId, { name: 'Marketing' });
  await addMember(t.db, owner.orgId, people.a.user.id, { departmentId: sales.id });
  await addMember(t.db, owner.orgId, people.b.user.id, { departmentId: sales.id });
  await addMember(t.db, owner.orgId, people.c.user.id, { departmentId: north.id });
  await addMember(t.db, owner.orgId, people.d.user.id, { departmentId: marketing.id });
  await addMember(t.db, owner.orgId, people.e.user.id, { departmentId: north.id });

  // One record per person, plus one in another workspace.
  const everyone = [owner.user.id, ...Object.values(people).map((p) => p.user.id)];
  await t.db.insert(records).values(everyone.map((ownerUserId) => ({ orgId: owner.orgId, ownerUserId })));
  await t.db.insert(records).values({ orgId: crypto.randomUUID(), ownerUserId: people.a.user.id });
});
afterAll(async () => {
  await t?.close();
});

async function usePrivilege(user: TestUser, features: PrivilegeFeatures): Promise<void> {
  const privilege = await createPrivilege(t.db, owner.orgId, { name: `p-${crypto.randomUUID()}`, features });
  await t.db
    .update(members)
    .set({ privilegeId: privilege.id })
    .where(and(eq(members.orgId, owner.orgId), eq(members.userId, user.user.id)));
}

async function visibleOwners(user: TestUser): Promise<string[]> {
  const actor = await accessCore.loadActor(t.db, user.user.id, owner.orgId);
  const predicate = await accessCore.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
  const rows = await t.db
    .select({ ownerUserId: records.ownerUserId })
    .from(records)
    .where(and(eq(records.orgId, owner.orgId), predicate));
  const names = new Map([[owner.user.id, 'owner'], ...Object.entries(people).map(([k, p]) => [p.user.id, k] as const)]);
  return rows.map((row) => names.get(row.ownerUserId)!).sort();
}

describe('can', () => {
  it('follows the member privilege, and the administrator privilege allows everything', async () => {
    const member = await accessCore.loadActor(t.db, people.b.user.id, owner.orgId);
    expect(accessCore.can(member, 'contact', 'view')).toBe(true);
    expect(accessCore.can(member, 'contact', 'import')).toBe(false);
    expect(accessCore.can(member, 'contactTag', 'create')).toBe(true);
    expect(accessCore.can(member, 'contactTag', 'delete')).toBe(false);
    expect(() => accessCore.assertCan(member, 'company', 'transfer')).toThrow('FORBIDDEN');

    const top = await accessCore.loadActor(t.db, owner.user.id, owner.orgId);
    expect(top.features).toEqual(fullPrivilegeFeatures());
    expect(accessCore.can(top, 'opportunity', 'transfer')).toBe(true);
  });

  it('never locks the top administrator out, whatever their privilege row says', async () => {
    const nothing = memberPrivilegeFeatures();
    for (const feature of Object.keys(nothing) as Array<keyof PrivilegeFeatures>) nothing[feature] = { methods: [], scope: 'mine' };
    await usePrivilege(owner, nothing);
    const top = await accessCore.loadActor(t.db, owner.user.id, owner.orgId);
    expect(accessCore.can(top, 'contact', 'delete')).toBe(true);
    expect(await visibleOwners(owner)).toHaveLength(6);
  });
});

describe('loadActor', () => {
  it('reads the workspace, the membership and the privileges in one statement, with the same refusals', async () => {
    let actor: accessCore.Actor | undefined;
    expect(await countStatements(t.db, async () => (actor = await accessCore.loadActor(t.db, people.b.user.id, owner.orgId)))).toBe(1);
    expect(actor).toMatchObject({ userId: people.b.user.id, isTopAdministrator: false, isSystemAdministrator: false, features: memberPrivilegeFeatures() });
    expect(await countStatements(t.db, () => accessCore.loadActor(t.db, owner.user.id, owner.orgId))).toBe(1);

    const load = (userId: string, orgId = owner.orgId) => accessCore.loadActor(t.db, userId, orgId);
    await expect(load(people.b.user.id, crypto.randomUUID())).rejects.toThrow('ORG_NOT_FOUND');
    const stranger = await registerUser(t.app);
    await expect(load(stranger.user.id)).rejects.toThrow('ORG_NOT_MEMBER');
    const invited = await registerUser(t.app);
    await addMember(t.db, owner.orgId, invited.user.id, { status: 'invited' });
    await expect(load(invited.user.id)).rejects.toThrow('ORG_NOT_MEMBER');

    // No privilege at all: every feature empty. A frozen workspace refuses members only after membership is known.
    const bare = await registerUser(t.app);
    await addMember(t.db, owner.orgId, bare.user.id, { privilegeId: null });
    expect(accessCore.can(await load(bare.user.id), 'contact', 'view')).toBe(false);
    const frozen = await signedInOwner(t.app, 'Frozen');
    await freezeOrg(t.db, frozen.orgId);
    await expect(load(frozen.user.id, frozen.orgId)).rejects.toThrow('ORG_FROZEN');
    await expect(load(stranger.user.id, frozen.orgId)).rejects.toThrow('ORG_NOT_MEMBER');
  });
});

describe('ownerPredicate', () => {
  it('mine: only my own records', async () => {
    await usePrivilege(people.b, withScope('mine'));
    expect(await visibleOwners(people.b)).toEqual(['b']);
  });

  it('all: every record of this workspace and none of another', async () => {
    await usePrivilege(people.d, withScope('all'));
    expect(await visibleOwners(people.d)).toEqual(['a', 'b', 'c', 'd', 'e', 'owner']);
  });

  it('sameDepartment: the members of my department', async () => {
    await usePrivilege(people.b, withScope('sameDepartment'));
    expect(await visibleOwners(people.b)).toEqual(['a', 'b']);
  });

  it('subordinates: me and everyone in the departments under those I supervise', async () => {
    await usePrivilege(people.a, withScope('subordinates'));
    expect(await visibleOwners(people.a)).toEqual(['a', 'b', 'c', 'e']);
    await usePrivilege(people.e, withScope('subordinates'));
    expect(await visibleOwners(people.e)).toEqual(['c', 'e']);
    // Supervising nothing leaves just my own.
    await usePrivilege(people.d, withScope('subordinates'));
    expect(await visibleOwners(people.d)).toEqual(['d']);
  });

  it('computes the department set once per request (per actor), not per query or row', async () => {
    await usePrivilege(people.a, withScope('subordinates'));
    const actor = await accessCore.loadActor(t.db, people.a.user.id, owner.orgId);
    await accessCore.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
    const cached = actor.scopeCache.get('subordinates');
    await accessCore.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
    expect(actor.scopeCache.get('subordinates')).toBe(cached);
    expect(actor.scopeCache.size).toBe(1);
  });

  it('shows nothing without the view method', async () => {
    const features = withScope('all');
    features.contact = { methods: ['create'], scope: 'all' };
    await usePrivilege(people.c, features);
    expect(await visibleOwners(people.c)).toEqual([]);
  });
});

describe('privilege endpoints', () => {
  it('answers the system-administrator boolean', async () => {
    const url = `/api/privilege/user/isSystemAdministrator?orgId=${owner.orgId}`;
    expect((await call(t.app, 'GET', url, { token: owner.token })).body.data).toBe(true);
    expect((await call(t.app, 'GET', url, { token: people.b.token })).body.data).toBe(false);
    const admin = await registerUser(t.app);
    await addMember(t.db, owner.orgId, admin.user.id, { isSystemAdministrator: true });
    expect((await call(t.app, 'GET', url, { token: admin.token })).body.data).toBe(true);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
  });

  it("answers the caller's effective privileges", async () => {
    const fresh = await registerUser(t.app);
    await addMember(t.db, owner.orgId, fresh.user.id);
    const mine = await call(t.app, 'GET', `/api/privilege/user/features?orgId=${owner.orgId}`, { token: fresh.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ isSystemAdministrator: false, isTopAdministrator: false, features: memberPrivilegeFeatures() });
    const top = await call(t.app, 'GET', `/api/privilege/user/features?orgId=${owner.orgId}`, { token: owner.token });
    expect(top.body.data).toEqual({ isSystemAdministrator: true, isTopAdministrator: true, features: fullPrivilegeFeatures() });
    const other = await signedInOwner(t.app, 'Elsewhere');
    const denied = await call(t.app, 'GET', `/api/privilege/user/features?orgId=${other.orgId}`, { token: fresh.token });
    expect(denied.status).toBe(403);
  });
});

describe('settings/privilege', () => {
  let org: TestUser & { orgId: string };
  let member: TestUser;
  let memberId: string;
  const p = (path: string, orgId = org.orgId) => `/api/settings/privilege/${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

  beforeAll(async () => {
    org = await signedInOwner(t.app, 'Privileges');
    member = await registerUser(t.app, { firstName: 'Mem' });
    memberId = await addMember(t.db, org.orgId, member.user.id);
  });

  it('lists the built-in privileges with their holders; members get 403', async () => {
    const list = await call(t.app, 'GET', p('list'), { token: org.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { privilegeName: string; isAdministrator: boolean; isDefault: boolean; userCount: number }) => [x.privilegeName, x.isAdministrator, x.isDefault, x.userCount])).toEqual([
      ['administrator', true, false, 1],
      ['member', false, true, 1],
    ]);
    expect((await call(t.app, 'GET', p('list'), { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'POST', p('create'), { token: member.token, body: { privilegeName: 'x' } })).status).toBe(403);
  });

  it('a system administrator who is not the top administrator manages privileges too', async () => {
    const sysAdmin = await registerUser(t.app);
    await addMember(t.db, org.orgId, sysAdmin.user.id, { isSystemAdministrator: true });
    const created = await call(t.app, 'POST', p('create'), { token: sysAdmin.token, body: { privilegeName: 'By sysadmin' } });
    expect(created.status).toBe(200);
    expect((await call(t.app, 'PUT', p('feature/edit'), { token: sysAdmin.token, body: { id: created.body.data.id, feature: 'calendar', methods: ['view'], scope: 'sameDepartment' } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', p(`delete?id=${created.body.data.id}`), { token: sysAdmin.token })).status).toBe(200);
  });

  it('creates (member defaults, or a copy), renames and edits one feature at a time', async () => {
    const fresh = await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: ' Sales ' } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ privilegeName: 'Sales', isAdministrator: false, isDefault: false, userCount: 0, features: memberPrivilegeFeatures() });
    const id = fresh.body.data.id;

    const edited = await call(t.app, 'PUT', p('feature/edit'), {
      token: org.token,
      body: { id, feature: 'company', methods: ['edit', 'view', 'view', 'transfer'], scope: 'subordinates' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.features.company).toEqual({ methods: ['view', 'edit', 'transfer'], scope: 'subordinates' });
    expect(edited.body.data.features.contact).toEqual(memberPrivilegeFeatures().contact);

    const copy = await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Sales copy', copyFromId: id } });
    expect(copy.body.data.features).toEqual(edited.body.data.features);
    const list = (await call(t.app, 'GET', p('list'), { token: org.token })).body.data;
    const administrator = list.find((x: { isAdministrator: boolean }) => x.isAdministrator);
    const adminCopy = await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Almost admin', copyFromId: administrator.id } });
    expect(adminCopy.body.data).toMatchObject({ isAdministrator: false, features: fullPrivilegeFeatures() });

    const renamed = await call(t.app, 'PUT', p('edit'), { token: org.token, body: { id, privilegeName: 'Field sales' } });
    expect(renamed.body.data.privilegeName).toBe('Field sales');
    const got = await call(t.app, 'GET', p(`get?id=${id}`), { token: org.token });
    expect(got.body.data).toMatchObject({ privilegeName: 'Field sales', features: { company: { scope: 'subordinates' } } });

    const tagMethod = await call(t.app, 'PUT', p('feature/edit'), { token: org.token, body: { id, feature: 'contactTag', methods: ['export'], scope: 'all' } });
    expect(tagMethod.status).toBe(400);
    expect(tagMethod.body.details[0].field).toBe('methods');
    const badScope = await call(t.app, 'PUT', p('feature/edit'), { token: org.token, body: { id, feature: 'contact', methods: [], scope: 'galaxy' } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.details[0].field).toBe('scope');
  });

  it('protects the administrator privilege: no feature edits, no delete, and its holders keep everything', async () => {
    const list = (await call(t.app, 'GET', p('list'), { token: org.token })).body.data;
    const administrator = list.find((x: { isAdministrator: boolean }) => x.isAdministrator);
    const defaults = list.find((x: { isDefault: boolean }) => x.isDefault);
    const edit = await call(t.app, 'PUT', p('feature/edit'), { token: org.token, body: { id: administrator.id, feature: 'contact', methods: [], scope: 'mine' } });
    expect(edit.status).toBe(409);
    expect(edit.body.errorCode).toBe('PRIVILEGE_BUILT_IN');
    for (const builtIn of [administrator, defaults]) {
      const del = await call(t.app, 'DELETE', p(`delete?id=${builtIn.id}`), { token: org.token });
      expect(del.status).toBe(409);
      expect(del.body.errorCode).toBe('PRIVILEGE_BUILT_IN');
    }
    expect((await call(t.app, 'GET', p(`get?id=${administrator.id}`), { token: org.token })).body.data.features).toEqual(fullPrivilegeFeatures());
  });

  it('refuses deleting a privilege in use unless reassigned; deletes an unused one', async () => {
    const doomed = (await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Doomed' } })).body.data;
    const heir = (await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Heir' } })).body.data;
    await call(t.app, 'PUT', `/api/settings/user/edit?orgId=${org.orgId}`, { token: org.token, body: { memberId, privilegeId: doomed.id } });

    const refused = await call(t.app, 'DELETE', p(`delete?id=${doomed.id}`), { token: org.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('PRIVILEGE_IN_USE');
    expect((await call(t.app, 'DELETE', p(`delete?id=${doomed.id}&reassignTo=${doomed.id}`), { token: org.token })).status).toBe(400);
    expect((await call(t.app, 'DELETE', p(`delete?id=${doomed.id}&reassignTo=${crypto.randomUUID()}`), { token: org.token })).status).toBe(404);

    const reassigned = await call(t.app, 'DELETE', p(`delete?id=${doomed.id}&reassignTo=${heir.id}`), { token: org.token });
    expect(reassigned.status).toBe(200);
    const [row] = await t.db.select().from(members).where(eq(members.id, memberId));
    expect(row!.privilegeId).toBe(heir.id);
    expect((await call(t.app, 'GET', p(`get?id=${doomed.id}`), { token: org.token })).status).toBe(404);

    const unused = (await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Unused' } })).body.data;
    expect((await call(t.app, 'DELETE', p(`delete?id=${unused.id}`), { token: org.token })).status).toBe(200);
  });

  it("another workspace's privilege ids answer 404 and change nothing", async () => {
    const mine = (await call(t.app, 'POST', p('create'), { token: org.token, body: { privilegeName: 'Kept' } })).body.data;
    const other = await signedInOwner(t.app, 'Thief');
    expect((await call(t.app, 'GET', p(`get?id=${mine.id}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', p('edit', other.orgId), { token: other.token, body: { id: mine.id, privilegeName: 'Stolen' } })).status).toBe(404);
    expect(
      (await call(t.app, 'PUT', p('feature/edit', other.orgId), { token: other.token, body: { id: mine.id, feature: 'contact', methods: [], scope: 'mine' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', p(`delete?id=${mine.id}`, other.orgId), { token: other.token })).status).toBe(404);
    const theirs = (await call(t.app, 'GET', p('list', other.orgId), { token: other.token })).body.data[1];
    expect(
      (await call(t.app, 'PUT', `/api/settings/user/edit?orgId=${org.orgId}`, { token: org.token, body: { memberId, privilegeId: theirs.id } })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', p(`get?id=${mine.id}`), { token: org.token })).body.data).toMatchObject({
      privilegeName: 'Kept',
      features: memberPrivilegeFeatures(),
    });
  });
});

describe('privilege/user: per-feature lookups and node assignments', () => {
  let org: TestUser & { orgId: string };
  let rep: TestUser;
  let repMemberId: string;
  let departmentId: string;
  let narrow: string;
  let wide: string;
  const api = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = org.token) =>
    call(t.app, method, `/api/${path}${path.includes('?') ? '&' : '?'}orgId=${org.orgId}`, { token, body });

  beforeAll(async () => {
    org = await signedInOwner(t.app, 'Nodes');
    rep = await registerUser(t.app, { firstName: 'Rep' });
    departmentId = (await api('POST', 'settings/department/create', { name: 'Field' })).body.data.id;
    repMemberId = await addMember(t.db, org.orgId, rep.user.id, { departmentId });
    narrow = (await api('POST', 'settings/privilege/create', { privilegeName: 'Narrow' })).body.data.id;
    await api('PUT', 'settings/privilege/feature/edit', { id: narrow, feature: 'contact', methods: ['view'], scope: 'mine' });
    wide = (await api('POST', 'settings/privilege/create', { privilegeName: 'Wide' })).body.data.id;
    await api('PUT', 'settings/privilege/feature/edit', { id: wide, feature: 'contact', methods: ['view', 'edit', 'transfer'], scope: 'all' });
  });

  it("answers the caller's method list for one feature", async () => {
    const res = await api('GET', 'privilege/user/feature?feature=contact', undefined, rep.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(memberPrivilegeFeatures().contact.methods);
    expect((await api('GET', 'privilege/user/feature?feature=opportunity')).body.data).toEqual([...fullPrivilegeFeatures().opportunity.methods]);
    expect((await api('GET', 'privilege/user/feature?feature=nope', undefined, rep.token)).status).toBe(400);
  });

  it('a department assignment overrides the member privilege for that feature only; a user assignment overrides both', async () => {
    expect((await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [{ nodeType: 'department', nodeId: departmentId }] })).status).toBe(200);
    let mine = (await api('GET', 'privilege/user/features', undefined, rep.token)).body.data.features;
    expect(mine.contact).toEqual({ methods: ['view'], scope: 'mine' });
    expect(mine.company).toEqual(memberPrivilegeFeatures().company);

    await api('POST', 'privilege/user/setting', { privilegeId: wide, feature: 'contact', nodes: [{ nodeType: 'user', nodeId: rep.user.id }] });
    mine = (await api('GET', 'privilege/user/features', undefined, rep.token)).body.data.features;
    expect(mine.contact).toEqual({ methods: ['view', 'edit', 'transfer'], scope: 'all' });

    const got = await api('GET', `privilege/user/get?memberId=${repMemberId}`);
    expect(got.status).toBe(200);
    expect(got.body.data.sources.contact).toEqual({ via: 'user', privilegeId: wide });
    expect(got.body.data.sources.company.via).toBe('member');
    expect(got.body.data.features.contact.scope).toBe('all');

    const nodes = await api('GET', 'privilege/user/allnode/byfeature?feature=contact');
    expect(nodes.body.data.feature).toBe('contact');
    expect(nodes.body.data.nodes).toEqual(
      expect.arrayContaining([
        { nodeType: 'department', nodeId: departmentId, name: 'Field', parentId: null, privilegeId: narrow, privilegeName: 'Narrow' },
        { nodeType: 'user', nodeId: rep.user.id, name: 'Rep Lin', parentId: departmentId, privilegeId: wide, privilegeName: 'Wide' },
        { nodeType: 'user', nodeId: org.user.id, name: 'Ada Lin', parentId: null, privilegeId: null, privilegeName: null },
      ]),
    );

    const users = await api('GET', `privilege/user/list?privilegeId=${narrow}`);
    expect(users.body.data).toEqual({ holders: [], assignments: [{ feature: 'contact', nodeType: 'department', nodeId: departmentId, name: 'Field' }] });

    // Assigning the same node to another privilege for the feature moves it; an empty list clears.
    await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [{ nodeType: 'user', nodeId: rep.user.id }] });
    expect((await api('GET', `privilege/user/list?privilegeId=${wide}`)).body.data.assignments).toEqual([]);
    await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [] });
    mine = (await api('GET', 'privilege/user/features', undefined, rep.token)).body.data.features;
    expect(mine.contact).toEqual(memberPrivilegeFeatures().contact);
  });

  it('the top administrator keeps everything whatever is assigned to them', async () => {
    await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [{ nodeType: 'user', nodeId: org.user.id }] });
    expect((await api('GET', 'privilege/user/features')).body.data.features).toEqual(fullPrivilegeFeatures());
    const [top] = await t.db.select().from(members).where(and(eq(members.orgId, org.orgId), eq(members.userId, org.user.id)));
    expect((await api('GET', `privilege/user/get?memberId=${top!.id}`)).body.data.sources.contact).toEqual({ via: 'topAdministrator', privilegeId: null });
  });

  it('refuses unknown nodes (404, nothing changed) and non-administrators (403)', async () => {
    const stranger = await registerUser(t.app);
    const before = (await api('GET', `privilege/user/list?privilegeId=${narrow}`)).body.data.assignments;
    const res = await api('POST', 'privilege/user/setting', {
      privilegeId: narrow,
      feature: 'contact',
      nodes: [{ nodeType: 'user', nodeId: stranger.user.id }],
    });
    expect(res.status).toBe(404);
    expect((await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [{ nodeType: 'department', nodeId: crypto.randomUUID() }] })).status).toBe(404);
    expect((await api('GET', `privilege/user/list?privilegeId=${narrow}`)).body.data.assignments).toEqual(before);
    for (const path of ['privilege/user/allnode/byfeature?feature=contact', `privilege/user/list?privilegeId=${narrow}`, `privilege/user/get?memberId=${repMemberId}`]) {
      expect((await api('GET', path, undefined, rep.token)).status).toBe(403);
    }
    expect((await api('POST', 'privilege/user/setting', { privilegeId: narrow, feature: 'contact', nodes: [] }, rep.token)).status).toBe(403);
  });
});

describe('owner transfer helpers', () => {
  const owned = pgTable('test_transfer', {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    ownerUserId: uuid('owner_user_id').notNull(),
  });
  const ownedTable = { table: owned, id: owned.id, orgId: owned.orgId, owner: owned.ownerUserId };
  let org: TestUser & { orgId: string };
  let seller: TestUser;
  let buyer: TestUser;
  let outsider: TestUser;
  let sellerPrivilege: string;

  async function record(orgId: string, ownerUserId: string): Promise<string> {
    const id = crypto.randomUUID();
    await t.db.insert(owned).values({ id, orgId, ownerUserId });
    return id;
  }
  async function ownerOf(id: string): Promise<string> {
    const [row] = await t.db.select().from(owned).where(eq(owned.id, id));
    return row!.ownerUserId;
  }

  beforeAll(async () => {
    await t.db.execute(sql`create table test_transfer (id uuid primary key, org_id uuid not null, owner_user_id uuid not null)`);
    org = await signedInOwner(t.app, 'Transfers');
    seller = await registerUser(t.app);
    buyer = await registerUser(t.app);
    outsider = await registerUser(t.app);
    const features = withScope('mine');
    features.contact = { methods: ['view', 'transfer'], scope: 'mine' };
    sellerPrivilege = (await createPrivilege(t.db, org.orgId, { name: 'Seller', features })).id;
    await addMember(t.db, org.orgId, seller.user.id, { privilegeId: sellerPrivilege });
    await addMember(t.db, org.orgId, buyer.user.id);
  });

  it('moves visible records to an activated member and records each on the timeline', async () => {
    const a = await record(org.orgId, seller.user.id);
    const b = await record(org.orgId, seller.user.id);
    const actor = await accessCore.loadActor(t.db, seller.user.id, org.orgId);
    await privilegesService.transferOwners(t.db, actor, { feature: 'contact', entityType: 'contact', owned: ownedTable, entityIds: [a, b, a], toUserId: buyer.user.id });
    expect([await ownerOf(a), await ownerOf(b)]).toEqual([buyer.user.id, buyer.user.id]);
    const events = await timelineService.listTimeline(t.db, actor.orgId, 'contact', a);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'transfer',
      actor: { userId: seller.user.id },
      entityId: a,
      changes: { owner: [seller.user.id, buyer.user.id] },
    });

    // Single transfer by the top administrator (sees everything).
    const top = await accessCore.loadActor(t.db, org.user.id, org.orgId);
    await privilegesService.transferOwner(t.db, top, { feature: 'contact', entityType: 'contact', owned: ownedTable, entityId: a, toUserId: org.user.id });
    expect(await ownerOf(a)).toBe(org.user.id);
    expect(await timelineService.listTimeline(t.db, top.orgId, 'contact', a)).toHaveLength(2);
  });

  it('changes nothing when one record is invisible, of another workspace, or the target is not a member', async () => {
    const own = await record(org.orgId, seller.user.id);
    const someoneElses = await record(org.orgId, buyer.user.id);
    const elsewhere = await record(crypto.randomUUID(), seller.user.id);
    const actor = await accessCore.loadActor(t.db, seller.user.id, org.orgId);
    const move = (entityIds: string[], toUserId = buyer.user.id) =>
      privilegesService.transferOwners(t.db, actor, { feature: 'contact', entityType: 'contact', owned: ownedTable, entityIds, toUserId });
    await expect(move([own, someoneElses])).rejects.toThrow('NOT_FOUND');
    await expect(move([own, elsewhere])).rejects.toThrow('NOT_FOUND');
    await expect(move([own], outsider.user.id)).rejects.toThrow('MEMBER_NOT_FOUND');
    expect(await ownerOf(own)).toBe(seller.user.id);
    expect(await ownerOf(elsewhere)).toBe(seller.user.id);
    expect(await timelineService.listTimeline(t.db, actor.orgId, 'contact', own)).toEqual([]);

    // Without the transfer method: 403.
    const buyerActor = await accessCore.loadActor(t.db, buyer.user.id, org.orgId);
    await expect(
      privilegesService.transferOwner(t.db, buyerActor, { feature: 'contact', entityType: 'contact', owned: ownedTable, entityId: someoneElses, toUserId: seller.user.id }),
    ).rejects.toThrow('FORBIDDEN');
    expect(await ownerOf(someoneElses)).toBe(buyer.user.id);
  });
});
