import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-test-app.ts';
import { call, type TestUser } from '../test/factories.ts';
import { createContact, crmFixture } from '../test/records.ts';
import { notes } from '../modules/records/notes/notes.table.ts';
import { idempotencyKeys } from './idempotency.table.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let contact: string;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture());
  contact = await createContact(t.app, owner.token, owner.orgId);
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}?orgId=${orgId}`;
const addNote = (key: string, content: string, user: TestUser = owner, orgId = owner.orgId, locale?: string) =>
  call(t.app, 'POST', url('/notes', orgId), {
    token: user.token,
    locale,
    // As a browser sends it: answers compressed for it must still be kept and replayed (compression.ts, reads only).
    headers: { 'idempotency-key': key, 'accept-encoding': 'gzip, deflate, br' },
    body: { entityType: 'contact', entityId: contact, content },
  });
const notesWith = async (content: string) => t.db.select().from(notes).where(and(eq(notes.orgId, owner.orgId), eq(notes.content, content)));

describe('Idempotency-Key on workspace writes', () => {
  it('writes once for a repeated key and replays the first answer', async () => {
    const first = await addNote('outbox-key-0001', 'once only');
    const again = await addNote('outbox-key-0001', 'once only');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesWith('once only')).toHaveLength(1);
  });

  it('keeps two users apart: the same key from another member is their own write', async () => {
    const memberContact = await createContact(t.app, member.token, owner.orgId);
    const mine = await addNote('shared-key-0001', 'owner note');
    const theirs = await call(t.app, 'POST', url('/notes'), {
      token: member.token,
      headers: { 'idempotency-key': 'shared-key-0001' },
      body: { entityType: 'contact', entityId: memberContact, content: 'member note' },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'shared-key-0001'))).toHaveLength(2);
  });

  it('refuses a key reused with another body, in the caller language, and writes nothing', async () => {
    await addNote('reused-key-0001', 'original');
    const reused = await addNote('reused-key-0001', 'changed', owner, owner.orgId, 'en-US');
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ result: 'fail', errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect(reused.body.errorMessage).toContain('Idempotency-Key');
    const zh = await addNote('reused-key-0001', 'changed', owner, owner.orgId, 'zh-TW');
    expect(zh.body.errorMessage).toContain('請換一個新的金鑰');
    expect(await notesWith('changed')).toHaveLength(0);
  });

  it('answers 409 while the first request with the key still runs, and takes over a claim left behind', async () => {
    await t.db.insert(idempotencyKeys).values({ orgId: owner.orgId, userId: owner.user.id, key: 'running-key-0001', fingerprint: 'x' });
    const busy = await addNote('running-key-0001', 'busy');
    expect(busy.status).toBe(409);
    expect(busy.body.errorCode).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(await notesWith('busy')).toHaveLength(0);
    const first = await addNote('stale-key-00001', 'stale');
    await t.db.update(idempotencyKeys).set({ status: null, answer: null, createdAt: sql`now() - interval '1 hour'` }).where(eq(idempotencyKeys.key, 'stale-key-00001'));
    const retried = await addNote('stale-key-00001', 'stale');
    expect(retried.status).toBe(200);
    expect(retried.body.data.id).not.toBe(first.body.data.id);
  });

  it('validates the key; an invalid body is refused before the key is claimed', async () => {
    const bad = await addNote('short', 'bad key', owner, owner.orgId, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('Idempotency-Key');
    expect(await notesWith('bad key')).toHaveLength(0);
    const invalid = await addNote('invalid-body-key', '   ');
    expect(invalid.body.details[0].field).toBe('content');
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'invalid-body-key'))).toHaveLength(0);
    expect((await addNote('invalid-body-key', 'fixed')).status).toBe(200);
  });

  it('another workspace: its key space is its own, and it gets 404 for the first workspace records', async () => {
    await addNote('cross-org-key-01', 'mine');
    const foreign = await addNote('cross-org-key-01', 'mine', other, other.orgId);
    expect(foreign.status).toBe(404);
    expect(foreign.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesWith('mine')).toHaveLength(1);
    const notMember = await addNote('cross-org-key-02', 'mine', other, owner.orgId);
    expect(notMember.status).toBe(403);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'cross-org-key-02'))).toHaveLength(0);
  });

  it('forgets keys past the retention period', async () => {
    await addNote('old-key-000001', 'old');
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(idempotencyKeys.key, 'old-key-000001'));
    await pruneIdempotencyKeys(t.db);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old-key-000001'))).toHaveLength(0);
    expect((await addNote('old-key-000001', 'old')).headers['idempotent-replayed']).toBeUndefined();
  });
});
