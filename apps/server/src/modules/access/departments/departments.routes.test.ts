import { and, eq, sql } from 'drizzle-orm';
import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { members } from '../members/members.table.ts';
import * as privilegesService from '../privileges/access-core.ts';
import { departments } from './departments.table.ts';

/** A stand-in for the owned records of later modules. */
const records = pgTable('test_owned', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  ownerUserId: uuid('owner_user_id').notNull(),
});

let t: TestApp;
let owner: TestUser & { orgId: string };
let plain: TestUser;
const memberIds = new Map<string, string>();

const dep = (path: string, orgId = owner.orgId) => `/api/settings/department/${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function createDepartment(body: Record<string, unknown>, token = owner.token) {
  const res = await call(t.app, 'POST', dep('create'), { token, body });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: string; name: string };
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table test_owned (id uuid primary key, org_id uuid not null, owner_user_id uuid not null)`);
  owner = await signedInOwner(t.app, 'Tree');
  plain = await registerUser(t.app, { firstName: 'Plain' });
  memberIds.set('plain', await addMember(t.db, owner.orgId, plain.user.id));
});
afterAll(async () => {
  await t?.close();
});

describe('department CRUD', () => {
  it('creates, lists, renames and re-parents; supervisors must be activated members', async () => {
    const top = await createDepartment({ name: 'Top', supervisorUserId: owner.user.id });
    const child = await createDepartment({ name: 'Child', parentId: top.id });
    const list = await call(t.app, 'GET', dep('list'), { token: plain.token });
    expect(list.status).toBe(200);
    expect(list.body.data.find((d: { id: string }) => d.id === top.id)).toEqual({
      id: top.id,
      name: 'Top',
      parentId: null,
      supervisorUserId: owner.user.id,
      supervisorName: 'Ada Lin',
      memberCount: 0,
    });
    const edited = await call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: child.id, name: 'Renamed', parentId: null, supervisorUserId: plain.user.id } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed', parentId: null, supervisorUserId: plain.user.id, supervisorName: 'Plain Lin' });

    const stranger = await registerUser(t.app);
    const bad = await call(t.app, 'POST', dep('create'), { token: owner.token, body: { name: 'X', supervisorUserId: stranger.user.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('supervisorUserId');
    const blank = await call(t.app, 'POST', dep('create'), { token: owner.token, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.details[0]).toMatchObject({ field: 'name', reason: 'required' });
    expect((await call(t.app, 'POST', dep('create'), { token: owner.token, body: { name: 'X', parentId: crypto.randomUUID() } })).status).toBe(404);
  });

  it('refuses moving a department under itself or any descendant (409), changing nothing', async () => {
    const a = await createDepartment({ name: 'A' });
    const b = await createDepartment({ name: 'B', parentId: a.id });
    const c = await createDepartment({ name: 'C', parentId: b.id });
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: a.id, parentId } });
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe('DEPARTMENT_CYCLE');
    }
    const [row] = await t.db.select().from(departments).where(eq(departments.id, a.id));
    expect(row!.parentId).toBeNull();
    // Moving a leaf up is fine.
    expect((await call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: c.id, parentId: a.id } })).status).toBe(200);
  });

  it('two concurrent opposite moves never build a cycle: one wins, the other is refused', async () => {
    const x = await createDepartment({ name: 'X' });
    const y = await createDepartment({ name: 'Y' });
    const results = await Promise.all([
      call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: x.id, parentId: y.id } }),
      call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: y.id, parentId: x.id } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(departments).where(eq(departments.orgId, owner.orgId));
    const parents = rows.filter((r) => r.id === x.id || r.id === y.id).map((r) => r.parentId);
    expect(parents.filter((parent) => parent !== null)).toHaveLength(1);
  });

  it('refuses deleting a department with sub-departments or members; deletes an empty one', async () => {
    const parent = await createDepartment({ name: 'Parent' });
    const child = await createDepartment({ name: 'Kid', parentId: parent.id });
    const withChild = await call(t.app, 'DELETE', dep(`delete?id=${parent.id}`), { token: owner.token });
    expect(withChild.status).toBe(409);
    expect(withChild.body.errorCode).toBe('DEPARTMENT_NOT_EMPTY');
    await call(t.app, 'PUT', dep('assign'), { token: owner.token, body: { departmentId: child.id, memberIds: [memberIds.get('plain')] } });
    expect((await call(t.app, 'DELETE', dep(`delete?id=${child.id}`), { token: owner.token })).status).toBe(409);
    await call(t.app, 'PUT', dep('assign'), { token: owner.token, body: { departmentId: null, memberIds: [memberIds.get('plain')] } });
    expect((await call(t.app, 'DELETE', dep(`delete?id=${child.id}`), { token: owner.token })).status).toBe(200);
    expect((await call(t.app, 'DELETE', dep(`delete?id=${parent.id}`), { token: owner.token })).status).toBe(200);
    expect(await t.db.select().from(departments).where(eq(departments.id, parent.id))).toHaveLength(0);
  });

  it('writes are for system administrators; another workspace gets 404 and changes nothing', async () => {
    const d = await createDepartment({ name: 'Mine' });
    expect((await call(t.app, 'POST', dep('create'), { token: plain.token, body: { name: 'No' } })).status).toBe(403);
    expect((await call(t.app, 'PUT', dep('edit'), { token: plain.token, body: { id: d.id, name: 'No' } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', dep(`delete?id=${d.id}`), { token: plain.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', dep('assign'), { token: plain.token, body: { departmentId: d.id, memberIds: [memberIds.get('plain')] } })).status).toBe(403);

    const other = await signedInOwner(t.app, 'Elsewhere');
    expect((await call(t.app, 'PUT', dep('edit', other.orgId), { token: other.token, body: { id: d.id, name: 'Stolen' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', dep(`delete?id=${d.id}`, other.orgId), { token: other.token })).status).toBe(404);
    const otherDep = (await call(t.app, 'POST', dep('create', other.orgId), { token: other.token, body: { name: 'Theirs' } })).body.data;
    const assign = await call(t.app, 'PUT', dep('assign', other.orgId), { token: other.token, body: { departmentId: otherDep.id, memberIds: [memberIds.get('plain')] } });
    expect(assign.status).toBe(404);
    expect((await call(t.app, 'PUT', dep('edit'), { token: owner.token, body: { id: d.id, parentId: otherDep.id } })).status).toBe(404);
    const [row] = await t.db.select().from(departments).where(eq(departments.id, d.id));
    expect(row).toMatchObject({ name: 'Mine', parentId: null });
    const [member] = await t.db.select().from(members).where(eq(members.id, memberIds.get('plain')!));
    expect(member!.departmentId).toBeNull();
    expect((await call(t.app, 'GET', dep('list', other.orgId), { token: plain.token })).status).toBe(403);
  });
});

describe('scopes through a 3-level department tree, configured over HTTP', () => {
  // HQ (sup. h) > Sales (sup. s) > North (sup. n); Marketing (no supervisor) at the top.
  const people: Record<string, TestUser> = {};
  let orgId: string;
  let top: TestUser;

  async function api(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const res = await call(t.app, method, `/api/${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`, { token: top.token, body });
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  beforeAll(async () => {
    const org = await signedInOwner(t.app, 'Scopes');
    top = org;
    orgId = org.orgId;
    for (const key of ['h', 's', 's2', 'n', 'n2', 'm']) {
      people[key] = await registerUser(t.app, { firstName: key });
      memberIds.set(key, await addMember(t.db, orgId, people[key]!.user.id));
    }
    const hq = await api('POST', 'settings/department/create', { name: 'HQ', supervisorUserId: people.h!.user.id });
    const sales = await api('POST', 'settings/department/create', { name: 'Sales', parentId: hq.id, supervisorUserId: people.s!.user.id });
    const north = await api('POST', 'settings/department/create', { name: 'North', parentId: sales.id, supervisorUserId: people.n!.user.id });
    const marketing = await api('POST', 'settings/department/create', { name: 'Marketing' });
    const place = async (departmentId: string, keys: string[]) =>
      api('PUT', 'settings/department/assign', { departmentId, memberIds: keys.map((k) => memberIds.get(k)) });
    await place(hq.id, ['h']);
    await place(sales.id, ['s', 's2']);
    await place(north.id, ['n', 'n2']);
    await place(marketing.id, ['m']);

    const everyone = [top.user.id, ...Object.values(people).map((p) => p.user.id)];
    await t.db.insert(records).values(everyone.map((ownerUserId) => ({ id: crypto.randomUUID(), orgId, ownerUserId })));
    await t.db.insert(records).values({ id: crypto.randomUUID(), orgId: owner.orgId, ownerUserId: people.h!.user.id });
  });

  async function useScope(key: string, scope: string): Promise<void> {
    const privilege = await api('POST', 'settings/privilege/create', { privilegeName: `${key}-${scope}` });
    await api('PUT', 'settings/privilege/feature/edit', { id: privilege.id, feature: 'contact', methods: ['view'], scope });
    await api('PUT', 'settings/user/edit', { memberId: memberIds.get(key), privilegeId: privilege.id });
  }

  async function sees(key: string): Promise<string[]> {
    const user = key === 'top' ? top : people[key]!;
    const actor = await privilegesService.loadActor(t.db, user.user.id, orgId);
    const predicate = await privilegesService.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
    const rows = await t.db.select({ ownerUserId: records.ownerUserId }).from(records).where(and(eq(records.orgId, orgId), predicate));
    const names = new Map([[top.user.id, 'top'], ...Object.entries(people).map(([k, p]) => [p.user.id, k] as const)]);
    return rows.map((row) => names.get(row.ownerUserId)!).sort();
  }

  it('mine: only their own', async () => {
    for (const key of ['h', 's2', 'n']) {
      await useScope(key, 'mine');
      expect(await sees(key)).toEqual([key]);
    }
  });

  it('sameDepartment: the members of their own department only (not the ones below)', async () => {
    await useScope('h', 'sameDepartment');
    expect(await sees('h')).toEqual(['h']);
    await useScope('s2', 'sameDepartment');
    expect(await sees('s2')).toEqual(['s', 's2']);
    await useScope('n2', 'sameDepartment');
    expect(await sees('n2')).toEqual(['n', 'n2']);
    await useScope('m', 'sameDepartment');
    expect(await sees('m')).toEqual(['m']);
  });

  it('subordinates: themselves and everyone in the departments they supervise and below', async () => {
    await useScope('h', 'subordinates');
    expect(await sees('h')).toEqual(['h', 'n', 'n2', 's', 's2']);
    await useScope('s', 'subordinates');
    expect(await sees('s')).toEqual(['n', 'n2', 's', 's2']);
    await useScope('n', 'subordinates');
    expect(await sees('n')).toEqual(['n', 'n2']);
    // Supervising nothing: just their own.
    await useScope('s2', 'subordinates');
    expect(await sees('s2')).toEqual(['s2']);
    await useScope('m', 'subordinates');
    expect(await sees('m')).toEqual(['m']);
  });

  it('all: every record of the workspace, none of another; the top administrator always sees all', async () => {
    await useScope('n2', 'all');
    expect(await sees('n2')).toEqual(['h', 'm', 'n', 'n2', 's', 's2', 'top']);
    expect(await sees('top')).toEqual(['h', 'm', 'n', 'n2', 's', 's2', 'top']);
  });

  it('follows the tree when a department moves: North under Marketing leaves the HQ subtree', async () => {
    const list = await api('GET', 'settings/department/list');
    const north = list.find((d: { name: string }) => d.name === 'North');
    const marketing = list.find((d: { name: string }) => d.name === 'Marketing');
    await api('PUT', 'settings/department/edit', { id: north.id, parentId: marketing.id });
    await useScope('h', 'subordinates');
    expect(await sees('h')).toEqual(['h', 's', 's2']);
    await api('PUT', 'settings/department/edit', { id: marketing.id, supervisorUserId: people.m!.user.id });
    await useScope('m', 'subordinates');
    expect(await sees('m')).toEqual(['m', 'n', 'n2']);
  });
});
