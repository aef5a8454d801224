import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, readMail, registerUser, setPlan, signedInOwner, uniqueEmail, type TestUser } from '../../../test/factories.ts';
import { members } from './members.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let admin: TestUser;
let plain: TestUser;
let adminMemberId: string;
let plainMemberId: string;

const url = (path: string, orgId = owner.orgId) => `/api/settings/user/${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function invite(emails: string[], extra: Record<string, unknown> = {}, token = owner.token) {
  return call(t.app, 'POST', url('create'), { token, body: { emails, ...extra } });
}

/** A custom role of the owner's workspace (settings/role/create); its id. */
async function newRole(name: string): Promise<string> {
  const res = await call(t.app, 'POST', `/api/settings/role/create?orgId=${owner.orgId}`, { token: owner.token, body: { name } });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

async function memberRow(memberId: string) {
  const [row] = await t.db.select().from(members).where(eq(members.id, memberId));
  return row;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app, 'Team');
  await setPlan(t.db, owner.user.id, 'subscribe_team');
  admin = await registerUser(t.app, { firstName: 'Sys', lastName: 'Admin' });
  plain = await registerUser(t.app, { firstName: 'Plain', lastName: 'Member' });
  adminMemberId = await addMember(t.db, owner.orgId, admin.user.id, { isSystemAdministrator: true });
  plainMemberId = await addMember(t.db, owner.orgId, plain.user.id);
});
afterAll(async () => {
  await t?.close();
});

describe('settings/user/create', () => {
  it('needs the Team plan: 403 with the upgrade message, nothing stored', async () => {
    const free = await signedInOwner(t.app, 'Free');
    const email = uniqueEmail('free');
    const res = await call(t.app, 'POST', `/api/settings/user/create?orgId=${free.orgId}`, {
      token: free.token,
      body: { emails: [email] },
      locale: 'en-US',
    });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('ORG_TEAM_PLAN_REQUIRED');
    expect(res.body.errorMessage).toContain('upgrade');
    expect(await t.db.select().from(members).where(eq(members.invitedEmail, email))).toHaveLength(0);
  });

  it('with DEV_DEFAULT_PLAN=subscribe_team (development, e2e), new accounts can invite', async () => {
    const dev = await buildApp(testConfig({ DEV_DEFAULT_PLAN: 'subscribe_team' }), t.database, { logger: false });
    try {
      const devOwner = await signedInOwner(dev, 'Dev');
      const res = await call(dev, 'POST', `/api/settings/user/create?orgId=${devOwner.orgId}`, { token: devOwner.token, body: { emails: [uniqueEmail('dev')] } });
      expect(res.status).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('invites registered and unknown emails with a privilege, department and role, mailing the acceptance link', async () => {
    const privileges = await call(t.app, 'GET', `/api/settings/privilege/list?orgId=${owner.orgId}`, { token: owner.token });
    const memberPrivilege = privileges.body.data.find((p: { isDefault: boolean }) => p.isDefault);
    const department = await call(t.app, 'POST', `/api/settings/department/create?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { name: 'Sales' },
    });
    const registered = await registerUser(t.app);
    const stranger = uniqueEmail('stranger');
    const salesRep = await newRole('Sales rep');
    const res = await invite([registered.email, ` ${stranger.toUpperCase()} `, stranger], {
      privilegeId: memberPrivilege.id,
      departmentId: department.body.data.id,
      roleId: salesRep,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.members).toHaveLength(2);
    const invitedStranger = res.body.data.members.find((m: { email: string }) => m.email === stranger);
    expect(invitedStranger).toMatchObject({
      status: 'invited',
      userId: null,
      name: stranger,
      role: { id: salesRep, name: 'Sales rep', builtIn: null },
      privilege: { id: memberPrivilege.id, privilegeName: 'member' },
      department: { id: department.body.data.id, name: 'Sales' },
      isSystemAdministrator: false,
    });
    const invitedRegistered = res.body.data.members.find((m: { email: string }) => m.email === registered.email);
    expect(invitedRegistered).toMatchObject({ userId: registered.user.id, firstName: 'Ada', status: 'invited' });

    const [mail] = await readMail(t.app, t.db, stranger);
    expect(mail!.text).toContain(`http://lodestar.test/user/orgAccepted?orgId=${owner.orgId}&userId=${invitedStranger.memberId}`);

    // Inviting again re-sends the mail, without a second row.
    const again = await invite([stranger]);
    expect(again.status).toBe(200);
    expect(again.body.data.members.map((m: { memberId: string }) => m.memberId)).toEqual([invitedStranger.memberId]);
    expect(await readMail(t.app, t.db, stranger)).toHaveLength(2);
  });

  it('names a bad address (400), refuses current members (409) and unknown privileges (404)', async () => {
    const bad = await invite(['ok@example.com', 'not-an-email'], {}, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('ORG_INVALID_MEMBER_EMAIL');
    expect(bad.body.errorMessage).toContain('not-an-email');
    const existing = await invite([plain.email]);
    expect(existing.status).toBe(409);
    expect(existing.body.errorCode).toBe('MEMBER_ALREADY_EXISTS');
    const unknown = await invite([uniqueEmail()], { privilegeId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect((await invite([])).status).toBe(400);
  });

  it('concurrent invitations of one address make one row', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([invite([email]), invite([email]), invite([email], {}, admin.token)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await t.db.select().from(members).where(and(eq(members.orgId, owner.orgId), eq(members.invitedEmail, email)))).toHaveLength(1);
  });

  it('is for system administrators only', async () => {
    const res = await invite([uniqueEmail()], {}, plain.token);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('FORBIDDEN');
    expect((await invite([uniqueEmail()], {}, admin.token)).status).toBe(200);
  });
});

describe('acceptInvite', () => {
  it('activates the invitation for the invited account only, once', async () => {
    const email = uniqueEmail('invitee');
    const { body } = await invite([email]);
    const memberId = body.data.members[0].memberId;

    const intruder = await registerUser(t.app);
    const wrong = await call(t.app, 'POST', '/api/settings/user/acceptInvite', {
      token: intruder.token,
      body: { orgId: owner.orgId, userId: memberId },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errorCode).toBe('INVITATION_WRONG_ACCOUNT');
    expect((await memberRow(memberId))!.status).toBe('invited');

    const invitee = await registerUser(t.app, { email });
    expect((await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: invitee.token })).status).toBe(403);
    const accepted = await call(t.app, 'POST', '/api/settings/user/acceptInvite', {
      token: invitee.token,
      body: { orgId: owner.orgId, userId: memberId },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ orgId: owner.orgId, orgName: 'Team' });
    expect(await memberRow(memberId)).toMatchObject({ status: 'activated', userId: invitee.user.id });
    expect((await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: invitee.token })).status).toBe(200);
    // The first workspace becomes the default.
    const profile = await call(t.app, 'GET', '/api/profile', { token: invitee.token });
    expect(profile.body.data.orgId).toBe(owner.orgId);

    const twice = await call(t.app, 'POST', '/api/settings/user/acceptInvite', {
      token: invitee.token,
      body: { orgId: owner.orgId, userId: memberId },
    });
    expect(twice.status).toBe(404);
    expect(twice.body.errorCode).toBe('INVITATION_NOT_FOUND');
  });

  it('needs a session, and answers 404 for an id of another workspace', async () => {
    const email = uniqueEmail('cross');
    const { body } = await invite([email]);
    const invitee = await registerUser(t.app, { email });
    const other = await signedInOwner(t.app, 'Other');
    expect((await call(t.app, 'POST', '/api/settings/user/acceptInvite', { body: { orgId: owner.orgId, userId: body.data.members[0].memberId } })).status).toBe(401);
    const cross = await call(t.app, 'POST', '/api/settings/user/acceptInvite', {
      token: invitee.token,
      body: { orgId: other.orgId, userId: body.data.members[0].memberId },
    });
    expect(cross.status).toBe(404);
    expect((await memberRow(body.data.members[0].memberId))!.status).toBe('invited');
  });
});

describe('transitions', () => {
  it('invited → activated → deactivated → activated, with access following at once', async () => {
    const email = uniqueEmail('cycle');
    const { body } = await invite([email]);
    const memberId = body.data.members[0].memberId;
    // An invitation is activated only by accepting it.
    expect((await call(t.app, 'PUT', url('activated'), { token: owner.token, body: { memberId } })).status).toBe(409);
    expect((await call(t.app, 'PUT', url('deactivated'), { token: owner.token, body: { memberId } })).status).toBe(409);
    const user = await registerUser(t.app, { email });
    await call(t.app, 'POST', '/api/settings/user/acceptInvite', { token: user.token, body: { orgId: owner.orgId, userId: memberId } });
    const home = `/api/organizations/get?orgId=${owner.orgId}`;
    expect((await call(t.app, 'GET', home, { token: user.token })).status).toBe(200);

    expect((await call(t.app, 'PUT', url('deactivated'), { token: admin.token, body: { memberId } })).status).toBe(200);
    const refused = await call(t.app, 'GET', home, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ORG_NOT_MEMBER');
    // They cannot reactivate themselves.
    expect((await call(t.app, 'PUT', url('activated'), { token: user.token, body: { memberId } })).status).toBe(403);
    expect((await memberRow(memberId))!.status).toBe('deactivated');
    const listed = await call(t.app, 'GET', url('list?status=deactivated'), { token: owner.token });
    expect(listed.body.data.map((m: { memberId: string }) => m.memberId)).toContain(memberId);
    expect((await call(t.app, 'PUT', url('deactivated'), { token: admin.token, body: { memberId } })).status).toBe(409);

    expect((await call(t.app, 'PUT', url('activated'), { token: admin.token, body: { memberId } })).status).toBe(200);
    expect((await call(t.app, 'GET', home, { token: user.token })).status).toBe(200);
    // Not an invitation any more.
    expect((await call(t.app, 'POST', url('cancelInvited'), { token: owner.token, body: { memberId } })).status).toBe(409);
  });

  it('cancels an invitation: the row goes and the link stops working', async () => {
    const email = uniqueEmail('cancel');
    const { body } = await invite([email]);
    const memberId = body.data.members[0].memberId;
    expect((await call(t.app, 'POST', url('cancelInvited'), { token: plain.token, body: { memberId } })).status).toBe(403);
    expect((await call(t.app, 'POST', url('cancelInvited'), { token: admin.token, body: { memberId } })).status).toBe(200);
    expect(await memberRow(memberId)).toBeUndefined();
    const user = await registerUser(t.app, { email });
    const res = await call(t.app, 'POST', '/api/settings/user/acceptInvite', { token: user.token, body: { orgId: owner.orgId, userId: memberId } });
    expect(res.status).toBe(404);
  });

  it('never deactivates or demotes the top administrator', async () => {
    const [top] = await t.db
      .select()
      .from(members)
      .where(and(eq(members.orgId, owner.orgId), eq(members.userId, owner.user.id)));
    const memberId = top!.id;
    const deactivate = await call(t.app, 'PUT', url('deactivated'), { token: admin.token, body: { memberId } });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.errorCode).toBe('MEMBER_TOP_ADMIN_PROTECTED');
    expect((await call(t.app, 'PUT', url('edit'), { token: admin.token, body: { memberId, isSystemAdministrator: false } })).status).toBe(409);
    const privileges = await call(t.app, 'GET', `/api/settings/privilege/list?orgId=${owner.orgId}`, { token: owner.token });
    const memberPrivilege = privileges.body.data.find((p: { isDefault: boolean }) => p.isDefault);
    expect((await call(t.app, 'PUT', url('edit'), { token: admin.token, body: { memberId, privilegeId: memberPrivilege.id } })).status).toBe(409);
    expect(await memberRow(memberId)).toMatchObject({ status: 'activated', isSystemAdministrator: true });
    // A role is fine; another workspace's role or an unknown one is not found.
    expect((await call(t.app, 'PUT', url('edit'), { token: admin.token, body: { memberId, roleId: await newRole('Founder') } })).status).toBe(200);
    const unknown = await call(t.app, 'PUT', url('edit'), { token: admin.token, body: { memberId, roleId: crypto.randomUUID() } });
    expect(unknown.body.errorCode).toBe('ROLE_NOT_FOUND');
  });
});

describe('edit, list, get', () => {
  it('changes privilege, department, administrator flag and role name; the promoted member gains the settings calls', async () => {
    const privilege = await call(t.app, 'POST', `/api/settings/privilege/create?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { privilegeName: 'Sales' },
    });
    const department = await call(t.app, 'POST', `/api/settings/department/create?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { name: 'North' },
    });
    const user = await registerUser(t.app, { firstName: 'Promo', lastName: 'Ted' });
    const memberId = await addMember(t.db, owner.orgId, user.user.id);
    expect((await call(t.app, 'GET', url('list'), { token: user.token })).status).toBe(403);

    const lead = await newRole('Lead');
    const edited = await call(t.app, 'PUT', url('edit'), {
      token: admin.token,
      body: { memberId, privilegeId: privilege.body.data.id, departmentId: department.body.data.id, isSystemAdministrator: true, roleId: lead },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      memberId,
      userId: user.user.id,
      name: 'Promo Ted',
      email: user.email,
      status: 'activated',
      isSystemAdministrator: true,
      isTopAdministrator: false,
      role: { id: lead, name: 'Lead', builtIn: null },
      privilege: { id: privilege.body.data.id, privilegeName: 'Sales' },
      department: { id: department.body.data.id, name: 'North' },
    });
    const got = await call(t.app, 'GET', url(`get?memberId=${memberId}`), { token: user.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(edited.body.data);

    const cleared = await call(t.app, 'PUT', url('edit'), { token: owner.token, body: { memberId, departmentId: null, roleId: null } });
    // Without a custom role, a system administrator holds the built-in administrator role.
    expect(cleared.body.data).toMatchObject({ department: null, role: { id: null, name: 'administrator', builtIn: 'administrator' }, privilege: { id: privilege.body.data.id } });
    expect((await call(t.app, 'PUT', url('edit'), { token: owner.token, body: { memberId, departmentId: crypto.randomUUID() } })).status).toBe(404);
    expect((await call(t.app, 'PUT', url('edit'), { token: owner.token, body: { memberId: 'nope' } })).body.details[0].field).toBe('memberId');
  });

  it('lists by status; a member gets 403', async () => {
    const activated = await call(t.app, 'GET', url('list?status=activated'), { token: owner.token });
    expect(activated.status).toBe(200);
    expect(activated.body.data.every((m: { status: string }) => m.status === 'activated')).toBe(true);
    expect(activated.body.data.find((m: { userId: string }) => m.userId === owner.user.id)).toMatchObject({
      isTopAdministrator: true,
      isSystemAdministrator: true,
    });
    const invited = await call(t.app, 'GET', url('list?status=invited'), { token: owner.token });
    expect(invited.body.data.length).toBeGreaterThan(0);
    expect(invited.body.data.every((m: { status: string }) => m.status === 'invited')).toBe(true);
    expect((await call(t.app, 'GET', url('list?status=gone'), { token: owner.token })).status).toBe(400);
    expect((await call(t.app, 'GET', url('list'), { token: plain.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url(`get?memberId=${adminMemberId}`), { token: plain.token })).status).toBe(403);
  });
});

describe('organizations/users (pickers)', () => {
  it('lists open users with userInfo and role for any member, without invitations or deactivated users', async () => {
    const gone = await registerUser(t.app);
    await addMember(t.db, owner.orgId, gone.user.id, { status: 'deactivated' });
    const closer = await newRole('Closer');
    await call(t.app, 'PUT', url('edit'), { token: owner.token, body: { memberId: plainMemberId, roleId: closer } });
    const res = await call(t.app, 'GET', `/api/organizations/users?orgId=${owner.orgId}&state=open`, { token: plain.token });
    expect(res.status).toBe(200);
    const users = res.body.data.users as Array<{ userId: string; userInfo: Record<string, unknown>; role: { name: string; builtIn: string | null } }>;
    expect(users.find((u) => u.userId === plain.user.id)).toEqual({
      userId: plain.user.id,
      userInfo: { firstWord: 'P', name: 'Plain Member', email: plain.email, avatar: null },
      role: { id: closer, name: 'Closer', builtIn: null },
    });
    // Without a custom role, the built-in one (flagged so the web translates it): administrator for system administrators.
    expect(users.find((u) => u.userId === admin.user.id)!.role).toEqual({ id: null, name: 'administrator', builtIn: 'administrator' });
    expect(users.some((u) => u.userId === gone.user.id)).toBe(false);
    expect(users.every((u) => u.userId)).toBe(true);
  });
});

describe('another workspace', () => {
  it("answers 403 with B's orgId for A's users, 404 for A's member ids under B, and changes nothing", async () => {
    const other = await signedInOwner(t.app, 'Other');
    await setPlan(t.db, other.user.id, 'subscribe_team');
    // A's admin calling B.
    expect((await call(t.app, 'GET', url('list', other.orgId), { token: admin.token })).status).toBe(403);
    // B's owner naming A's members with B's orgId.
    for (const [method, path] of [
      ['PUT', 'deactivated'],
      ['PUT', 'activated'],
      ['POST', 'cancelInvited'],
    ] as const) {
      const res = await call(t.app, method, url(path, other.orgId), { token: other.token, body: { memberId: plainMemberId } });
      expect(res.status).toBe(404);
    }
    const edit = await call(t.app, 'PUT', url('edit', other.orgId), { token: other.token, body: { memberId: plainMemberId, isSystemAdministrator: true } });
    expect(edit.status).toBe(404);
    expect((await call(t.app, 'GET', url(`get?memberId=${plainMemberId}`, other.orgId), { token: other.token })).status).toBe(404);
    expect(await memberRow(plainMemberId)).toMatchObject({ status: 'activated', isSystemAdministrator: false });
    expect((await call(t.app, 'GET', `/api/organizations/users?orgId=${other.orgId}`, { token: plain.token })).status).toBe(403);
  });
});
