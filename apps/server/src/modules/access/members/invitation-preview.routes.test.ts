import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, setPlan, signedInOwner, uniqueEmail, type TestUser } from '../../../test/factories.ts';

/** Issue 21: the invitation page names the workspace and the inviter, and sign-up prefills the invited address. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app, '台北業務團隊');
  await setPlan(t.db, owner.user.id, 'subscribe_team');
  admin = await registerUser(t.app, { firstName: '經理', lastName: '陳' });
  await addMember(t.db, owner.orgId, admin.user.id, { isSystemAdministrator: true });
});
afterAll(async () => {
  await t?.close();
});

async function invite(by: TestUser, email: string): Promise<string> {
  const res = await call(t.app, 'POST', `/api/settings/user/create?orgId=${owner.orgId}`, { token: by.token, body: { emails: [email] } });
  expect(res.status).toBe(200);
  return res.body.data.members.find((m: { email: string }) => m.email === email).memberId;
}

describe('invitation preview', () => {
  it('answers anyone holding the link: workspace, inviter (full name, one display rule) and the invited address', async () => {
    const email = uniqueEmail('invitee');
    const memberId = await invite(admin, email);
    const res = await call(t.app, 'GET', `/api/settings/user/invitation?orgId=${owner.orgId}&userId=${memberId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orgName: '台北業務團隊', inviterName: '陳經理', email, hasAccount: false });
  });

  it('knows when the address already has an account', async () => {
    const existing = await registerUser(t.app);
    const memberId = await invite(owner, existing.email);
    const res = await call(t.app, 'GET', `/api/settings/user/invitation?orgId=${owner.orgId}&userId=${memberId}`);
    expect(res.body.data).toMatchObject({ email: existing.email, hasAccount: true, inviterName: 'Ada Lin' });
  });

  it('is 404 for an invitation no longer open, a wrong pair of ids, and 400 naming a malformed id', async () => {
    const email = uniqueEmail('cancelled');
    const memberId = await invite(owner, email);
    const cancelled = await call(t.app, 'POST', `/api/settings/user/cancelInvited?orgId=${owner.orgId}`, { token: owner.token, body: { memberId } });
    expect(cancelled.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/settings/user/invitation?orgId=${owner.orgId}&userId=${memberId}`)).status).toBe(404);
    const other = await signedInOwner(t.app, 'Other');
    const stray = await invite(admin, uniqueEmail('stray'));
    const wrongPair = await call(t.app, 'GET', `/api/settings/user/invitation?orgId=${other.orgId}&userId=${stray}`);
    expect(wrongPair.status).toBe(404);
    expect(wrongPair.body.errorCode).toBe('INVITATION_NOT_FOUND');
    const bad = await call(t.app, 'GET', `/api/settings/user/invitation?orgId=nope&userId=${stray}`, { locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('orgId');
  });
});
