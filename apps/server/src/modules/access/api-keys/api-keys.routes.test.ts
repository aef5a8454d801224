import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { queryRows } from '../../../db/paging.ts';
import { testConfig } from '../../../test/build-test-app.ts';
import { call, type Json } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';
import { apiKeys } from './api-keys.table.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

const keysUrl = (path = '', orgId = w.owner.orgId) => `/api/settings/api-keys${path}?orgId=${orgId}`;
const contactsUrl = (orgId = w.owner.orgId) => `/api/page/customer/listV2?orgId=${orgId}`;

async function newKey(body: Json, token = w.owner.token, orgId = w.owner.orgId): Promise<{ id: string; secret: string }> {
  const created = await call(w.t.app, 'POST', keysUrl('', orgId), { token, body: { name: 'Zapier', ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

describe('settings/api-keys', () => {
  it('creates a key shown once (lsk_ + a visible id), lists it with its scopes and last use, and revokes it', async () => {
    const created = await call(w.t.app, 'POST', keysUrl(), { token: w.owner.token, body: { name: 'Zapier', scopes: ['contacts:read', 'deals:write'], allowedIps: ['203.0.113.0/24'] } });
    expect(created.status).toBe(200);
    const key = created.body.data;
    expect(key.secret).toMatch(/^lsk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ kind: 'workspace', name: 'Zapier', scopes: ['contacts:read', 'deals:write'], expiresAt: null, lastUsedAt: null, revokedAt: null });
    // Only the hash is stored.
    const [row] = await w.t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(13));

    const listed = await call(w.t.app, 'GET', keysUrl(), { token: w.owner.token });
    expect(listed.body.data[0]).toMatchObject({ id: key.id, prefix: key.prefix, createdBy: { name: 'Ada Lin' } });
    expect(listed.body.data[0]).not.toHaveProperty('secret');

    const revoked = await call(w.t.app, 'DELETE', keysUrl(`/${key.id}`), { token: w.owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
  });

  it('is for administrators only, and refuses bad input naming the field', async () => {
    expect((await call(w.t.app, 'POST', keysUrl(), { token: w.member.token, body: { name: 'x', scopes: ['contacts:read'] } })).status).toBe(403);
    expect((await call(w.t.app, 'GET', keysUrl(), { token: w.member.token })).status).toBe(403);
    const bad = await call(w.t.app, 'POST', keysUrl(), { token: w.owner.token, body: { name: 'x', scopes: ['contacts:admin'] }, locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/scopes/i);
    expect((await call(w.t.app, 'POST', keysUrl(), { token: w.owner.token, body: { name: 'x', scopes: ['contacts:read'], allowedIps: ['300.1.1.1'] } })).status).toBe(400);
    const past = await call(w.t.app, 'POST', keysUrl(), { token: w.owner.token, body: { name: 'x', scopes: ['contacts:read'], expiresAt: '2020-01-01T00:00:00Z' } });
    expect(past.body.errorCode).toBe('API_KEY_EXPIRY_PAST');
  });

  it('keeps workspaces apart: another workspace can neither list nor revoke a key, and a key reaches no other workspace', async () => {
    const key = await newKey({ scopes: ['contacts:write'] });
    const theirs = await call(w.t.app, 'GET', keysUrl('', w.other.orgId), { token: w.other.token });
    expect(theirs.body.data.map((k: Json) => k.id)).not.toContain(key.id);
    expect((await call(w.t.app, 'DELETE', keysUrl(`/${key.id}`, w.other.orgId), { token: w.other.token })).body.errorCode).toBe('API_KEY_NOT_FOUND');
    const otherContact = await createContact(w.t.app, w.other.token, w.other.orgId, { firstName: 'Other' });
    // The key names the other workspace: as if it did not exist.
    expect((await call(w.t.app, 'GET', contactsUrl(w.other.orgId), { token: key.secret })).status).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/customer/${otherContact}?orgId=${w.other.orgId}`, { token: key.secret })).status).toBe(404);
    // Its own workspace does not hold the other's record either.
    expect((await call(w.t.app, 'GET', `/api/customer/${otherContact}?orgId=${w.owner.orgId}`, { token: key.secret })).status).toBe(404);
  });
});

describe('a call with an API key', () => {
  it('acts within its scopes: reads with read, writes with write, and the write\'s event names the key', async () => {
    const reader = await newKey({ scopes: ['contacts:read'] });
    const listed = await call(w.t.app, 'GET', contactsUrl(), { token: reader.secret });
    expect(listed.status).toBe(200);
    expect(listed.headers['ratelimit-limit']).toBe('120');
    expect(Number(listed.headers['ratelimit-remaining'])).toBeLessThan(120);
    const refused = await call(w.t.app, 'POST', `/api/customer?orgId=${w.owner.orgId}`, { token: reader.secret, body: { firstName: 'A', lastName: 'B' } });
    expect(refused).toMatchObject({ status: 403, body: { errorCode: 'API_KEY_SCOPE' } });
    expect((await call(w.t.app, 'GET', `/api/page/company/listV2?orgId=${w.owner.orgId}`, { token: reader.secret })).body.errorCode).toBe('API_KEY_SCOPE');
    // Settings and the keys themselves are for people.
    expect((await call(w.t.app, 'GET', keysUrl(), { token: reader.secret })).body.errorCode).toBe('API_KEY_SCOPE');
    expect((await call(w.t.app, 'GET', '/api/profile', { token: reader.secret })).body.errorCode).toBe('API_KEY_SCOPE');

    const writer = await newKey({ scopes: ['contacts:write'] });
    const id = await createContact(w.t.app, writer.secret, w.owner.orgId, { firstName: 'Key' });
    const events = await queryRows<{ actor: string; type: string }>(w.t.db, sql`select actor, type from events where record_id = ${id}`);
    expect(events).toEqual([{ actor: `apiKey:${writer.id}`, type: 'contact.created' }]);
    const listedKeys = await call(w.t.app, 'GET', keysUrl(), { token: w.owner.token });
    expect(listedKeys.body.data.find((k: Json) => k.id === writer.id).lastUsedAt).not.toBeNull();
  });

  it('is refused once revoked, on every app server within one second (two app instances on one database)', async () => {
    const second = await buildApp(testConfig(), w.t.database, { logger: false });
    try {
      const key = await newKey({ scopes: ['contacts:read'] });
      expect((await call(second, 'GET', contactsUrl(), { token: key.secret })).status).toBe(200);
      expect((await call(w.t.app, 'DELETE', keysUrl(`/${key.id}`), { token: w.owner.token })).status).toBe(200);
      const revokedAt = Date.now();
      const refused = await call(second, 'GET', contactsUrl(), { token: key.secret });
      const elapsed = Date.now() - revokedAt;
      expect(refused.status).toBe(401);
      expect(elapsed).toBeLessThan(1000);
      expect((await call(w.t.app, 'GET', contactsUrl(), { token: key.secret })).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('is refused once expired', async () => {
    const key = await newKey({ scopes: ['contacts:read'], expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    expect((await call(w.t.app, 'GET', contactsUrl(), { token: key.secret })).status).toBe(200);
    await w.t.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    expect((await call(w.t.app, 'GET', contactsUrl(), { token: key.secret })).status).toBe(401);
  });

  it('answers only from its IP allow-list', async () => {
    const key = await newKey({ scopes: ['contacts:read'], allowedIps: ['203.0.113.0/24', '2001:db8::1'] });
    const from = (remoteAddress: string) => w.t.app.inject({ method: 'GET', url: contactsUrl(), remoteAddress, headers: { authorization: `Bearer ${key.secret}` } });
    expect((await from('203.0.113.42')).statusCode).toBe(200);
    expect((await from('2001:db8::1')).statusCode).toBe(200);
    const outside = await from('198.51.100.1');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errorCode).toBe('API_KEY_IP_NOT_ALLOWED');
  });

  it('is rate-limited per key: 429 with Retry-After and RateLimit-* headers once its bucket is empty', async () => {
    const key = await newKey({ scopes: ['contacts:read'] });
    const other = await newKey({ scopes: ['contacts:read'] });
    await w.t.db.update(apiKeys).set({ bucketTokens: 0, bucketAt: sql`now()` }).where(eq(apiKeys.id, key.id));
    const limited = await call(w.t.app, 'GET', contactsUrl(), { token: key.secret });
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // Another key has its own bucket.
    expect((await call(w.t.app, 'GET', contactsUrl(), { token: other.secret })).status).toBe(200);
    // Spending the burst: the answer after the last token is 429.
    await w.t.db.update(apiKeys).set({ bucketTokens: 3, bucketAt: sql`now()` }).where(eq(apiKeys.id, other.id));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(w.t.app, 'GET', contactsUrl(), { token: other.secret })).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is refused when unknown', async () => {
    expect((await call(w.t.app, 'GET', contactsUrl(), { token: 'lsk_nothing_here' })).status).toBe(401);
  });
});

describe('personal access tokens', () => {
  it('act as their user, never beyond the user\'s rights, and only where the user is a member', async () => {
    const created = await call(w.t.app, 'POST', '/api/user/tokens', { token: w.member.token, body: { name: 'my script', scopes: ['contacts:write'] } });
    expect(created.status).toBe(200);
    const pat = created.body.data;
    expect(pat.secret).toMatch(/^lsp_/);
    expect(pat.kind).toBe('personal');
    const ownersContact = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'OwnersOnly' });
    const mine = await createContact(w.t.app, pat.secret, w.owner.orgId, { firstName: 'Mine' });
    // The member privilege sees only its own contacts: so does the token.
    const listed = await call(w.t.app, 'GET', contactsUrl(), { token: pat.secret });
    const ids = listed.body.data.items.map((c: Json) => c.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(ownersContact);
    expect((await call(w.t.app, 'GET', `/api/customer/${ownersContact}?orgId=${w.owner.orgId}`, { token: pat.secret })).status).toBe(404);
    // Not a member of the other workspace.
    expect((await call(w.t.app, 'GET', contactsUrl(w.other.orgId), { token: pat.secret })).status).toBe(403);
    // A token cannot make tokens or keys.
    expect((await call(w.t.app, 'POST', '/api/user/tokens', { token: pat.secret, body: { name: 'x', scopes: ['contacts:read'] } })).body.errorCode).toBe('API_KEY_SCOPE');

    const list = await call(w.t.app, 'GET', '/api/user/tokens', { token: w.member.token });
    expect(list.body.data.map((t: Json) => t.id)).toEqual([pat.id]);
    // Another user cannot revoke it.
    expect((await call(w.t.app, 'DELETE', `/api/user/tokens/${pat.id}`, { token: w.owner.token })).body.errorCode).toBe('API_KEY_NOT_FOUND');
    expect((await call(w.t.app, 'DELETE', `/api/user/tokens/${pat.id}`, { token: w.member.token })).status).toBe(200);
    expect((await call(w.t.app, 'GET', contactsUrl(), { token: pat.secret })).status).toBe(401);
  });
});

describe('api-keys/current (the calling key)', () => {
  it('tells a workspace key its workspace and scopes, a personal token its user\'s workspaces, and a session to use a key', async () => {
    const key = await newKey({ scopes: ['contacts:read', 'deals:write'] });
    const answer = await call(w.t.app, 'GET', '/api/api-keys/current', { token: key.secret });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: key.id,
      kind: 'workspace',
      scopes: ['contacts:read', 'deals:write'],
      user: { id: w.owner.user.id },
      workspace: { id: w.owner.orgId, name: 'Acme' },
      workspaces: [{ id: w.owner.orgId, name: 'Acme' }],
    });
    // A key of any scope may ask (a reports-only key too).
    const reports = await newKey({ scopes: ['reports:read'] });
    expect((await call(w.t.app, 'GET', '/api/api-keys/current', { token: reports.secret })).status).toBe(200);

    // The member's personal token works where the member is: the owner's workspace only, never the other one.
    const pat = await call(w.t.app, 'POST', '/api/user/tokens', { token: w.member.token, body: { name: 'script', scopes: ['contacts:read'] } });
    const mine = await call(w.t.app, 'GET', '/api/api-keys/current', { token: pat.body.data.secret });
    expect(mine.body.data).toMatchObject({ kind: 'personal', workspace: null, workspaces: [{ id: w.owner.orgId }], user: { id: w.member.user.id } });

    expect((await call(w.t.app, 'GET', '/api/api-keys/current', { token: w.owner.token })).body.errorCode).toBe('API_KEY_REQUIRED');
    await call(w.t.app, 'DELETE', keysUrl(`/${key.id}`), { token: w.owner.token });
    expect((await call(w.t.app, 'GET', '/api/api-keys/current', { token: key.secret })).status).toBe(401);
  });
});
