import { maxAppPasswords } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, type TestUser } from '../../../test/factories.ts';
import { carddavAppPasswords } from './carddav.table.ts';
import { basic } from './carddav.test-kit.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
});
afterAll(async () => {
  await t?.close();
});

const url = (orgId: string, path = '') => `/api/carddav/app-passwords${path}?orgId=${orgId}`;
const create = (token: string, orgId: string, body: unknown) => call(t.app, 'POST', url(orgId), { token, body });
const principal = (email: string, password: string) =>
  t.app.inject({ method: 'PROPFIND', url: '/carddav/', headers: { authorization: basic(email, password), depth: '0' } });

describe('app passwords', () => {
  it('are created once readable, listed without the secret, used by CardDAV and revoked at once', async () => {
    const created = await create(owner.token, owner.orgId, { name: 'iPhone' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { password, serverUrl, username, appPassword } = created.body.data;
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(serverUrl).toMatch(/\/carddav\/$/);
    expect(username).toBe(owner.email);
    expect(appPassword).toMatchObject({ name: 'iPhone', tagId: null, tagName: null, lastUsedAt: null });
    // Stored hashed: the table never holds the password.
    const [row] = await t.db.select().from(carddavAppPasswords).where(eq(carddavAppPasswords.id, appPassword.id));
    expect(row!.secretHash).not.toContain(password);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await principal(owner.email, password)).statusCode).toBe(207);
    // Typed with a capital first letter by a phone's keyboard: still the same password.
    expect((await principal(owner.email.toUpperCase(), password.toUpperCase())).statusCode).toBe(207);
    const listed = await call(t.app, 'GET', url(owner.orgId), { token: owner.token });
    expect(listed.body.data).toMatchObject({ serverUrl, username: owner.email });
    expect(listed.body.data.items).toHaveLength(1);
    expect(JSON.stringify(listed.body.data)).not.toContain(password);
    expect(listed.body.data.items[0].lastUsedAt).not.toBeNull();

    expect((await call(t.app, 'DELETE', url(owner.orgId, `/${appPassword.id}`), { token: owner.token })).status).toBe(200);
    const refused = await principal(owner.email, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data.items).toEqual([]);
  });

  it('name a tag of the workspace, refuse an unknown one and bad names with the field, and stop at the limit', async () => {
    const tag = await call(t.app, 'POST', `/api/tags/customer?orgId=${owner.orgId}`, { token: owner.token, body: { name: 'VIP' } });
    const scoped = await create(owner.token, owner.orgId, { name: 'Thunderbird', tagId: tag.body.data.id });
    expect(scoped.body.data.appPassword).toMatchObject({ tagId: tag.body.data.id, tagName: 'VIP' });

    const foreignTag = await call(t.app, 'POST', `/api/tags/customer?orgId=${other.orgId}`, { token: other.token, body: { name: 'Theirs' } });
    const unknown = await create(owner.token, owner.orgId, { name: 'x', tagId: foreignTag.body.data.id });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ field: 'tagId', reason: 'notFound' })]);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const bad = await create(owner.token, owner.orgId, { name });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('name');
    }
    const zh = await call(t.app, 'POST', url(owner.orgId), { token: owner.token, body: { name: '' }, locale: 'zh-TW' });
    expect(zh.body.errorMessage).toMatch(/[\u4e00-\u9fff]/);

    const before = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data.items.length;
    for (let i = before; i < maxAppPasswords; i += 1) expect((await create(owner.token, owner.orgId, { name: `p${i}` })).status).toBe(200);
    const over = await create(owner.token, owner.orgId, { name: 'one too many' });
    expect(over.status).toBe(409);
    expect(over.body.errorCode).toBe('APP_PASSWORD_LIMIT');
    await t.db.delete(carddavAppPasswords).where(eq(carddavAppPasswords.orgId, owner.orgId));
  });

  it('belong to their member: another member or workspace cannot list or revoke them', async () => {
    const mine = (await create(member.token, owner.orgId, { name: 'Android' })).body.data.appPassword;
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data.items).toEqual([]);
    expect((await call(t.app, 'DELETE', url(owner.orgId, `/${mine.id}`), { token: owner.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(other.orgId, `/${mine.id}`), { token: other.token })).status).toBe(404);
    // Not a member of that workspace at all.
    expect((await call(t.app, 'GET', url(owner.orgId), { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url(owner.orgId))).status).toBe(401);
    expect((await call(t.app, 'GET', url(owner.orgId), { token: member.token })).body.data.items).toHaveLength(1);
  });

  it('need the contact view privilege to be created', async () => {
    const bare = await registerUser(t.app);
    await addMember(t.db, owner.orgId, bare.user.id, { privilegeId: null });
    const refused = await create(bare.token, owner.orgId, { name: 'no' });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
  });
});
