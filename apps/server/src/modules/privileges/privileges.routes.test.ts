import { fullPrivilegeFeatures, memberPrivilegeFeatures, type PrivilegeFeatures } from '@lodestar/contract';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, serial, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../test/factories.ts';
import { members } from '../organizations/organizations.table.ts';
import * as departmentsService from '../departments/departments.service.ts';
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
  const privilege = await privilegesService.createPrivilege(t.db, owner.orgId, { name: `p-${crypto.randomUUID()}`, features });
  await t.db
    .update(members)
    .set({ privilegeId: privilege.id })
    .where(and(eq(members.orgId, owner.orgId), eq(members.userId, user.user.id)));
}

async function visibleOwners(user: TestUser): Promise<string[]> {
  const actor = await privilegesService.loadActor(t.db, user.user.id, owner.orgId);
  const predicate = await privilegesService.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
  const rows = await t.db
    .select({ ownerUserId: records.ownerUserId })
    .from(records)
    .where(and(eq(records.orgId, owner.orgId), predicate));
  const names = new Map([[owner.user.id, 'owner'], ...Object.entries(people).map(([k, p]) => [p.user.id, k] as const)]);
  return rows.map((row) => names.get(row.ownerUserId)!).sort();
}

describe('can', () => {
  it('follows the member privilege, and the administrator privilege allows everything', async () => {
    const member = await privilegesService.loadActor(t.db, people.b.user.id, owner.orgId);
    expect(privilegesService.can(member, 'contact', 'view')).toBe(true);
    expect(privilegesService.can(member, 'contact', 'import')).toBe(false);
    expect(privilegesService.can(member, 'contactTag', 'create')).toBe(true);
    expect(privilegesService.can(member, 'contactTag', 'delete')).toBe(false);
    expect(() => privilegesService.assertCan(member, 'company', 'transfer')).toThrow('FORBIDDEN');

    const top = await privilegesService.loadActor(t.db, owner.user.id, owner.orgId);
    expect(top.features).toEqual(fullPrivilegeFeatures());
    expect(privilegesService.can(top, 'opportunity', 'transfer')).toBe(true);
  });

  it('never locks the top administrator out, whatever their privilege row says', async () => {
    const nothing = memberPrivilegeFeatures();
    for (const feature of Object.keys(nothing) as Array<keyof PrivilegeFeatures>) nothing[feature] = { methods: [], scope: 'mine' };
    await usePrivilege(owner, nothing);
    const top = await privilegesService.loadActor(t.db, owner.user.id, owner.orgId);
    expect(privilegesService.can(top, 'contact', 'delete')).toBe(true);
    expect(await visibleOwners(owner)).toHaveLength(6);
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
    const actor = await privilegesService.loadActor(t.db, people.a.user.id, owner.orgId);
    await privilegesService.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
    const cached = actor.scopeCache.get('subordinates');
    await privilegesService.ownerPredicate(t.db, actor, 'contact', records.ownerUserId);
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
