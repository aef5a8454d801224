import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

const roleUrl = (path: string, orgId: string) => `/api/settings/role/${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function create(name: unknown, orgId = w.owner.orgId, token = w.owner.token) {
  return call(w.t.app, 'POST', roleUrl('create', orgId), { token, body: { name } });
}

async function list(orgId = w.owner.orgId, token = w.owner.token) {
  return call(w.t.app, 'GET', roleUrl('list', orgId), { token });
}

async function memberIdOf(userId: string): Promise<string> {
  const members = await call(w.t.app, 'GET', `/api/settings/user/list?orgId=${w.owner.orgId}`, { token: w.owner.token });
  return (members.body.data as Array<{ memberId: string; userId: string }>).find((m) => m.userId === userId)!.memberId;
}

describe('settings/role', () => {
  it('lists the built-in roles with their holders, then custom ones by name', async () => {
    await create('Closer');
    await create('Account manager');
    const roles = (await list()).body.data as Array<{ id: string; name: string; builtIn: string | null; holders: Array<{ email: string }> }>;
    expect(roles.map((r) => [r.name, r.builtIn])).toEqual([
      ['administrator', 'administrator'],
      ['member', 'member'],
      ['Account manager', null],
      ['Closer', null],
    ]);
    expect(roles[0]!.holders.map((h) => h.email)).toEqual([w.owner.email]);
    expect(roles[1]!.holders.map((h) => h.email)).toEqual([w.member.email]);
  });

  it('creates, renames, assigns; deletes only while unused (409 when held)', async () => {
    const created = await create('  Hunter  ');
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Hunter', builtIn: null, holders: [] });
    const id = created.body.data.id as string;
    expect((await create('Hunter')).body).toMatchObject({ errorCode: 'ROLE_NAME_TAKEN' });
    expect((await create('Hunter')).status).toBe(409);

    const renamed = await call(w.t.app, 'PUT', roleUrl('edit', w.owner.orgId), { token: w.owner.token, body: { id, name: 'Farmer' } });
    expect(renamed.body.data).toMatchObject({ id, name: 'Farmer' });

    const memberId = await memberIdOf(w.member.user.id);
    await call(w.t.app, 'PUT', `/api/settings/user/edit?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { memberId, roleId: id } });
    const held = (await list()).body.data.find((r: { id: string }) => r.id === id);
    expect(held.holders.map((h: { email: string }) => h.email)).toEqual([w.member.email]);
    // Pickers show it as role.name.
    const users = await call(w.t.app, 'GET', `/api/organizations/users?orgId=${w.owner.orgId}`, { token: w.member.token });
    expect(users.body.data.users.find((u: { userId: string }) => u.userId === w.member.user.id).role).toEqual({ id, name: 'Farmer', builtIn: null });

    const refused = await call(w.t.app, 'DELETE', roleUrl(`delete?id=${id}`, w.owner.orgId), { token: w.owner.token, locale: 'en-US' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ROLE_IN_USE', errorMessage: 'This role is still held by users and cannot be deleted' });

    await call(w.t.app, 'PUT', `/api/settings/user/edit?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { memberId, roleId: null } });
    expect((await call(w.t.app, 'DELETE', roleUrl(`delete?id=${id}`, w.owner.orgId), { token: w.owner.token })).status).toBe(200);
    expect((await list()).body.data.some((r: { id: string }) => r.id === id)).toBe(false);
  });

  it('validates the name (400 naming the field)', async () => {
    for (const name of ['', '   ', 'x'.repeat(51), undefined]) {
      const res = await create(name);
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('name');
    }
    const badId = await call(w.t.app, 'PUT', roleUrl('edit', w.owner.orgId), { token: w.owner.token, body: { id: 'nope', name: 'A' } });
    expect(badId.status).toBe(400);
    expect(badId.body.details[0].field).toBe('id');
  });

  it('another workspace cannot see, rename, delete or assign its roles (404)', async () => {
    const id = (await create('Secret')).body.data.id as string;
    expect((await list(w.other.orgId, w.other.token)).body.data.some((r: { id: string }) => r.id === id)).toBe(false);
    const rename = await call(w.t.app, 'PUT', roleUrl('edit', w.other.orgId), { token: w.other.token, body: { id, name: 'Mine' } });
    expect(rename.status).toBe(404);
    const remove = await call(w.t.app, 'DELETE', roleUrl(`delete?id=${id}`, w.other.orgId), { token: w.other.token });
    expect(remove.status).toBe(404);
    const otherMembers = await call(w.t.app, 'GET', `/api/settings/user/list?orgId=${w.other.orgId}`, { token: w.other.token });
    const otherMemberId = otherMembers.body.data[0].memberId as string;
    const assign = await call(w.t.app, 'PUT', `/api/settings/user/edit?orgId=${w.other.orgId}`, { token: w.other.token, body: { memberId: otherMemberId, roleId: id } });
    expect(assign.status).toBe(404);
    expect(assign.body.errorCode).toBe('ROLE_NOT_FOUND');
    // And the owner's own workspace is untouched.
    expect((await list()).body.data.find((r: { id: string }) => r.id === id)).toMatchObject({ name: 'Secret' });
    // Not a member of the owner's workspace at all: 403.
    expect((await list(w.owner.orgId, w.other.token)).status).toBe(403);
  });

  it('a member who is not a system administrator gets 403 on every call', async () => {
    const id = (await create('Watched')).body.data.id as string;
    expect((await list(w.owner.orgId, w.member.token)).status).toBe(403);
    expect((await create('Mine', w.owner.orgId, w.member.token)).status).toBe(403);
    expect((await call(w.t.app, 'PUT', roleUrl('edit', w.owner.orgId), { token: w.member.token, body: { id, name: 'X' } })).status).toBe(403);
    expect((await call(w.t.app, 'DELETE', roleUrl(`delete?id=${id}`, w.owner.orgId), { token: w.member.token })).status).toBe(403);
  });
});
