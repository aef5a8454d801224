import { industries } from '@lodestar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, createOrg, freezeOrg, readMail, registerUser, setPlan, signedInOwner, uniqueEmail } from '../../../test/factories.ts';
import { users } from '../users/users.table.ts';
import { members } from '../members/members.table.ts';
import { organizations } from './organizations.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('makes the creator top and system administrator and sets the first workspace as default', async () => {
    const user = await registerUser(t.app, { firstName: 'Ada', lastName: 'Lin' });
    const created = await call(t.app, 'POST', '/api/organizations/create', {
      token: user.token,
      body: { orgName: '  Acme  ', memberEmails: [] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ orgId: expect.any(String), orgName: 'Acme' });
    const orgId = created.body.data.orgId;

    const got = await call(t.app, 'GET', `/api/organizations/get?orgId=${orgId}`, { token: user.token });
    expect(got.body.data).toMatchObject({
      orgId,
      orgName: 'Acme',
      name: 'Acme',
      industry: null,
      frozen: false,
      administrator: 'Ada Lin',
      memberCount: 1,
      userFullnameInOrg: 'Ada Lin',
      isTopAdministrator: true,
      isSystemAdministrator: true,
      isDefault: true,
    });
    // A second workspace does not steal the default.
    const second = await createOrg(t.app, user.token, 'Second');
    const def = await call(t.app, 'GET', '/api/organizations/getDefault', { token: user.token });
    expect(def.body.data.orgId).toBe(orgId);
    const list = await call(t.app, 'GET', '/api/organizations/list', { token: user.token });
    expect(list.body.data.map((o: { orgId: string }) => o.orgId)).toEqual([orgId, second]);
    const login = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(login.body.data.user.orgId).toBe(orgId);
  });

  it('validates the name and each member email, naming the bad address', async () => {
    const user = await registerUser(t.app);
    const noName = await call(t.app, 'POST', '/api/organizations/create', { token: user.token, body: { orgName: '', memberEmails: [] } });
    expect(noName.status).toBe(400);
    expect(noName.body.details[0]).toMatchObject({ field: 'orgName', reason: 'required' });

    await setPlan(t.db, user.user.id, 'subscribe_team');
    const bad = await call(t.app, 'POST', '/api/organizations/create', {
      token: user.token,
      locale: 'en-US',
      body: { orgName: 'Acme', memberEmails: ['ok@example.com', 'not-an-email'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'ORG_INVALID_MEMBER_EMAIL', errorMessage: 'Invalid email address: not-an-email' });
    // Nothing was written.
    expect(await t.db.select().from(organizations).where(eq(organizations.topAdminUserId, user.user.id))).toHaveLength(0);
  });

  it('needs the team plan to invite members', async () => {
    const user = await registerUser(t.app);
    const refused = await call(t.app, 'POST', '/api/organizations/create', {
      token: user.token,
      body: { orgName: 'Acme', memberEmails: ['friend@example.com'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ORG_TEAM_PLAN_REQUIRED');
    // The creator's own address alone is not an invitation.
    const own = await call(t.app, 'POST', '/api/organizations/create', {
      token: user.token,
      body: { orgName: 'Solo', memberEmails: [user.email.toUpperCase()] },
    });
    expect(own.status).toBe(200);
  });

  it('invites members (registered or not), ignoring duplicates, and mails each an acceptance link', async () => {
    const owner = await registerUser(t.app);
    await setPlan(t.db, owner.user.id, 'subscribe_team');
    const existing = await registerUser(t.app);
    const stranger = uniqueEmail('stranger');
    const created = await call(t.app, 'POST', '/api/organizations/create', {
      token: owner.token,
      body: { orgName: 'Team', memberEmails: [existing.email, stranger, ` ${stranger.toUpperCase()} `, owner.email] },
    });
    expect(created.status).toBe(200);
    const orgId = created.body.data.orgId;
    const rows = await t.db.select().from(members).where(eq(members.orgId, orgId));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.userId === existing.user.id)).toMatchObject({ status: 'invited', invitedEmail: existing.email });
    expect(rows.find((r) => r.invitedEmail === stranger)).toMatchObject({ status: 'invited', userId: null });

    const [mail] = await readMail(t.app, t.db, stranger);
    const strangerRow = rows.find((r) => r.invitedEmail === stranger)!;
    expect(mail!.text).toContain(`http://lodestar.test/user/orgAccepted?orgId=${orgId}&userId=${strangerRow.id}`);
    expect(await readMail(t.app, t.db, existing.email)).toHaveLength(1);

    // Invited is not a member yet.
    const asInvitee = await call(t.app, 'GET', `/api/organizations/get?orgId=${orgId}`, { token: existing.token });
    expect(asInvitee.status).toBe(403);
    expect(asInvitee.body.errorCode).toBe('ORG_NOT_MEMBER');
    const team = await call(t.app, 'GET', `/api/organizations/get?orgId=${orgId}`, { token: owner.token });
    expect(team.body.data.memberCount).toBe(1);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/api/organizations/create', { body: { orgName: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/organizations/list')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/organizations/getDefault')).status).toBe(401);
  });
});

describe('membership checks on org-scoped calls', () => {
  it("answers 403 for another user's workspace, 404 for unknown ones, 400 for a malformed orgId", async () => {
    const owner = await signedInOwner(t.app);
    const intruder = await registerUser(t.app);
    for (const [method, url] of [
      ['GET', `/api/organizations/get?orgId=${owner.orgId}`],
      ['PUT', `/api/organizations/update?orgId=${owner.orgId}`],
      ['DELETE', `/api/organizations/delete?orgId=${owner.orgId}`],
      ['POST', `/api/organizations/setDefault?orgId=${owner.orgId}`],
      ['GET', `/api/privilege/user/features?orgId=${owner.orgId}`],
    ] as const) {
      const body = method === 'PUT' ? { name: 'Mine now' } : undefined;
      const r = await call(t.app, method, url, { token: intruder.token, body });
      expect(r.status, url).toBe(403);
      expect(r.body.errorCode).toBe('ORG_NOT_MEMBER');
    }
    expect((await call(t.app, 'GET', '/api/organizations/list', { token: intruder.token })).body.data).toEqual([]);
    const unknown = await call(t.app, 'GET', `/api/organizations/get?orgId=${crypto.randomUUID()}`, { token: intruder.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('ORG_NOT_FOUND');
    const malformed = await call(t.app, 'GET', '/api/organizations/get?orgId=nope', { token: owner.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].field).toBe('orgId');
    const missing = await call(t.app, 'GET', '/api/organizations/get', { token: owner.token });
    expect(missing.body.details[0]).toMatchObject({ field: 'orgId', reason: 'required' });
  });

  it('answers 403 to a deactivated member and 423 for a frozen workspace', async () => {
    const owner = await signedInOwner(t.app);
    const member = await registerUser(t.app);
    const memberId = await addMember(t.db, owner.orgId, member.user.id, { status: 'deactivated' });
    expect((await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: member.token })).status).toBe(403);
    await t.db.update(members).set({ status: 'activated' }).where(eq(members.id, memberId));
    expect((await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: member.token })).status).toBe(200);

    await freezeOrg(t.db, owner.orgId);
    const frozen = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: owner.token, locale: 'en-US' });
    expect(frozen.status).toBe(423);
    expect(frozen.body).toMatchObject({ errorCode: 'ORG_FROZEN', errorMessage: 'This workspace is frozen' });
    const other = await createOrg(t.app, owner.token, 'Live');
    const all = await call(t.app, 'GET', '/api/organizations/list', { token: owner.token });
    expect(all.body.data.map((o: { frozen: boolean }) => o.frozen)).toEqual([true, false]);
    for (const flag of ['true', '1']) {
      const live = await call(t.app, 'GET', `/api/organizations/list?ignoreFrozen=${flag}`, { token: owner.token });
      expect(live.body.data.map((o: { orgId: string }) => o.orgId)).toEqual([other]);
    }
    const badFlag = await call(t.app, 'GET', '/api/organizations/list?ignoreFrozen=maybe', { token: owner.token });
    expect(badFlag.body.details[0].field).toBe('ignoreFrozen');
  });
});

describe('update and rename', () => {
  it('lets a system administrator set name and industry; otherIndustry only with "other"', async () => {
    const owner = await signedInOwner(t.app);
    const url = `/api/organizations/update?orgId=${owner.orgId}`;
    const it1 = await call(t.app, 'PUT', url, { token: owner.token, body: { name: 'Renamed', industry: 'finance', otherIndustry: 'ignored' } });
    expect(it1.status).toBe(200);
    let got = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ name: 'Renamed', industry: 'finance', otherIndustry: null });
    await call(t.app, 'PUT', url, { token: owner.token, body: { name: 'Renamed', industry: 'other', otherIndustry: 'Space mining' } });
    got = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ industry: 'other', otherIndustry: 'Space mining' });
    expect(industries).toHaveLength(16);

    const badIndustry = await call(t.app, 'PUT', url, { token: owner.token, body: { name: 'x', industry: 'piracy' } });
    expect(badIndustry.body.details[0]).toMatchObject({ field: 'industry', reason: 'invalidValue' });
    const noName = await call(t.app, 'PUT', url, { token: owner.token, body: { industry: 'it' } });
    expect(noName.body.details[0]).toMatchObject({ field: 'name', reason: 'required' });

    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id);
    const forbidden = await call(t.app, 'PUT', url, { token: member.token, body: { name: 'Hijack' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe('FORBIDDEN');
  });

  it('renames through changeName, whose body orgId must match the query', async () => {
    const owner = await signedInOwner(t.app);
    const url = `/api/organizations/changeName?orgId=${owner.orgId}`;
    const renamed = await call(t.app, 'POST', url, { token: owner.token, body: { orgId: owner.orgId, workspaceName: 'New name' } });
    expect(renamed.status).toBe(200);
    const profile = await call(t.app, 'GET', '/api/profile', { token: owner.token });
    expect(profile.body.data.orgName).toBe('New name');
    const blank = await call(t.app, 'POST', url, { token: owner.token, body: { orgId: owner.orgId, workspaceName: ' ' } });
    expect(blank.body.details[0]).toMatchObject({ field: 'workspaceName', reason: 'required' });
    const mismatch = await call(t.app, 'POST', url, {
      token: owner.token,
      locale: 'en-US',
      body: { orgId: crypto.randomUUID(), workspaceName: 'x' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errorMessage).toBe('Field "Workspace": Invalid value');
  });
});

describe('switch and delete', () => {
  it('setDefault switches the workspace shown by profile and getDefault', async () => {
    const owner = await signedInOwner(t.app);
    const second = await createOrg(t.app, owner.token, 'Second');
    expect((await call(t.app, 'POST', `/api/organizations/setDefault?orgId=${second}`, { token: owner.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/profile', { token: owner.token })).body.data.orgId).toBe(second);
    expect((await call(t.app, 'GET', '/api/organizations/getDefault', { token: owner.token })).body.data.orgId).toBe(second);
  });

  it('only the top administrator deletes; the workspace then answers 404 and stops being anyone\'s default', async () => {
    const owner = await signedInOwner(t.app);
    const admin = await registerUser(t.app);
    await addMember(t.db, owner.orgId, admin.user.id, { isSystemAdministrator: true });
    await t.db.update(users).set({ defaultOrgId: owner.orgId }).where(eq(users.id, admin.user.id));

    const refused = await call(t.app, 'DELETE', `/api/organizations/delete?orgId=${owner.orgId}`, { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ORG_TOP_ADMIN_ONLY');

    expect((await call(t.app, 'DELETE', `/api/organizations/delete?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(200);
    const gone = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.errorCode).toBe('ORG_NOT_FOUND');
    expect((await call(t.app, 'GET', '/api/organizations/getDefault', { token: admin.token })).body.data).toBeNull();
    expect((await call(t.app, 'GET', '/api/profile', { token: owner.token })).body.data.orgId).toBeNull();
    expect((await call(t.app, 'GET', '/api/organizations/list', { token: owner.token })).body.data).toEqual([]);
    // Soft delete: the row stays for the trash.
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, owner.orgId));
    expect(row!.deletedAt).not.toBeNull();
  });
});
