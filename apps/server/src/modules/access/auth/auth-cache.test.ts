import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, createOrg, freezeOrg, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';

// The session and actor cache on (a long TTL, so only explicit invalidation can explain a fresh answer).
let t: TestApp;
let owner: TestUser & { orgId: string };

beforeAll(async () => {
  t = await buildTestApp({ AUTH_CACHE_MS: '60000' });
  owner = await signedInOwner(t.app, 'Cached');
});
afterAll(async () => {
  await t?.close();
});

const features = (token: string, orgId = owner.orgId) => call(t.app, 'GET', `/api/privilege/user/features?orgId=${orgId}`, { token });
const settings = (path: string) => `/api/settings/user/${path}?orgId=${owner.orgId}`;

describe('auth cache', () => {
  it('serves the actor from the cache: a change written behind the API stays unseen within the TTL', async () => {
    const other = await signedInOwner(t.app, 'Frozen later');
    expect((await features(other.token, other.orgId)).status).toBe(200);
    await freezeOrg(t.db, other.orgId);
    expect((await features(other.token, other.orgId)).status).toBe(200);
  });

  it('a member change through the API counts at once: system administrator granted, then deactivated', async () => {
    const user = await registerUser(t.app);
    const memberId = await addMember(t.db, owner.orgId, user.user.id);
    expect((await features(user.token)).body.data.isSystemAdministrator).toBe(false);
    expect((await call(t.app, 'PUT', settings('edit'), { token: owner.token, body: { memberId, isSystemAdministrator: true } })).status).toBe(200);
    expect((await features(user.token)).body.data.isSystemAdministrator).toBe(true);
    expect((await call(t.app, 'PUT', settings('deactivated'), { token: owner.token, body: { memberId } })).status).toBe(200);
    expect((await features(user.token)).status).toBe(403);
  });

  it('logout and a password change end cached sessions at once', async () => {
    const user = await registerUser(t.app);
    const second = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect((await call(t.app, 'GET', '/api/profile', { token: second.body.data.token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/logout', { token: second.body.data.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/profile', { token: second.body.data.token })).status).toBe(401);

    const third = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect((await call(t.app, 'GET', '/api/profile', { token: third.body.data.token })).status).toBe(200);
    const changed = await call(t.app, 'POST', '/api/user/pwd/change', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'new-secret-9x', rePassword: 'new-secret-9x' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/profile', { token: third.body.data.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile', { token: changed.body.data.token })).status).toBe(200);
  });

  it('a change to the signed-in user row shows on the next call (the cached user is dropped)', async () => {
    const second = await createOrg(t.app, owner.token, 'Second');
    expect((await call(t.app, 'GET', '/api/organizations/getDefault', { token: owner.token })).body.data.orgId).toBe(owner.orgId);
    expect((await call(t.app, 'POST', `/api/organizations/setDefault?orgId=${second}`, { token: owner.token, body: { orgId: second } })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/organizations/getDefault', { token: owner.token })).body.data.orgId).toBe(second);
  });
});
