import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { createContact } from '../../../test/records.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';
import { createLineDeps } from './line.deps.ts';
import { processSegments } from './line.segments.ts';

/** Issue 32: segment messages to a tag's linked friends, the PDPA opt-out (no marketing, stop keywords), quota, chunks. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let tagId: string;
const url = (p: string, orgId: string) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (user: { token: string; orgId?: string }, method: 'GET' | 'POST' | 'PUT', p: string, body?: unknown, locale?: string) =>
  call(t.app, method, url(p, user.orgId ?? owner.orgId), { token: user.token, body, ...(locale ? { locale } : {}) });
const run = () => processSegments(t.db, createLineDeps(t.app.config), t.app.log);
const userId = (i: number) => `U3${String(i).padStart(31, '0')}`;
const multicasts = () => line.pushRequests.filter((r) => r.path.endsWith('/multicast'));

async function phone(event: Parameters<LineDouble['userSends']>[1]) {
  await line.userSends(channel.channelId, event);
  await t.app.background.idle();
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-segments-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
  await connectLine(t.app, owner, channel);
  const tag = await as(owner, 'POST', '/tags/customer', { name: 'VIP' });
  expect(tag.status).toBe(200);
  tagId = tag.body.data.id;
  // 1 203 tagged contacts, each linked to a friend (written directly: the API would take minutes).
  const [row] = await queryRows<{ id: string }>(t.db, sql`select id from line_channels where org_id = ${owner.orgId}`);
  await t.db.execute(sql`insert into contacts (org_id, first_name, last_name, tag_ids, owner_user_id)
    select ${owner.orgId}, 'Friend', 'No.' || i, array[${tagId}::uuid], ${owner.user.id} from generate_series(1, 1203) i`);
  await t.db.execute(sql`insert into line_friends (org_id, channel_row_id, line_user_id, display_name, contact_id)
    select ${owner.orgId}, ${row!.id}, 'U3' || lpad(substr(c.last_name, 4), 31, '0'), c.last_name, c.id
    from contacts c where c.org_id = ${owner.orgId} and c.last_name like 'No.%'`);
  for (let i = 1; i <= 1203; i += 1) line.addUser(userId(i), `No.${i}`);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('the PDPA opt-out', () => {
  it('a stop keyword (default or the workspace’s own, full-width and spaces ignored) sets no marketing and is confirmed', async () => {
    await phone({ userId: userId(1), kind: 'text', text: ' 退訂 ' });
    const confirmation = line.sent.filter((m) => m.to === userId(1) && m.via === 'reply').at(-1);
    expect(confirmation?.messages[0].text).toContain('取消訂閱');
    const [contact] = await queryRows<{ id: string; no_marketing: boolean }>(t.db, sql`select c.id, c.no_marketing from contacts c join line_friends f on f.contact_id = c.id where f.line_user_id = ${userId(1)}`);
    expect(contact!.no_marketing).toBe(true);
    expect((await as(owner, 'GET', `/customer/${contact!.id}`)).body.data.noMarketing).toBe(true);

    expect((await as(member, 'PUT', '/social/line/stop-keywords', { keywords: ['停止'] })).status).toBe(403);
    const saved = await as(owner, 'PUT', '/social/line/stop-keywords', { keywords: ['不要再傳', 'stop'] });
    expect(saved.body.data.keywords).toEqual(['不要再傳', 'stop']);
    await phone({ userId: userId(2), kind: 'text', text: 'ＳＴＯＰ' });
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int n from line_friends where opted_out_at is not null`))[0]!.n).toBe(2);
    // An ordinary message containing the word is not a stop.
    await phone({ userId: userId(3), kind: 'text', text: 'please stop by tomorrow' });
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int n from line_friends where opted_out_at is not null`))[0]!.n).toBe(2);
  });

  it('the contact form keeps the flag when it is left out, and sets it when given', async () => {
    const id = await createContact(t.app, other.token, other.orgId, { firstName: 'Form', noMarketing: true });
    expect((await as(other, 'GET', `/customer/${id}`)).body.data.noMarketing).toBe(true);
    expect((await as(other, 'POST', '/customer', { id, firstName: 'Form', lastName: 'Lovelace' })).status).toBe(200);
    expect((await as(other, 'GET', `/customer/${id}`)).body.data.noMarketing).toBe(true);
    await as(other, 'POST', '/customer', { id, firstName: 'Form', lastName: 'Lovelace', noMarketing: false });
    expect((await as(other, 'GET', `/customer/${id}`)).body.data.noMarketing).toBe(false);
  });
});

describe('segment messages', () => {
  it('counts before sending, checks LINE’s quota, then sends once in chunks of 500 with figures', async () => {
    await phone({ userId: userId(4), kind: 'unfollow' });
    const preview = await as(owner, 'POST', '/social/line/segments/preview', { tagId });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({ recipients: 1200, optedOut: 2, blocked: 1, notLinked: 0, quota: { limit: 500, used: expect.any(Number) } });

    const refused = await as(owner, 'POST', '/social/line/segments', { tagId, text: '週年慶 8 折' }, 'en-US');
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('LINE_QUOTA_NOT_ENOUGH');
    expect(refused.body.errorMessage).toContain('1200');

    channel.quotaLimit = 10_000;
    const created = await as(owner, 'POST', '/social/line/segments', { tagId, text: '週年慶 8 折' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'scheduled', total: 0 });
    line.throttle(1, 3);
    expect(await run()).toBe(2);
    // The throttled chunk waits for LINE's Retry-After (3 s), then goes.
    let [chunk] = await queryRows<{ id: string; status: string; due_in: number }>(t.db, sql`select id, status, extract(epoch from run_at - now())::int due_in from line_segment_chunks where status = 'pending'`);
    expect(chunk!.due_in).toBeGreaterThanOrEqual(1);
    await t.db.execute(sql`update line_segment_chunks set run_at = now() where id = ${chunk!.id}`);
    expect(await run()).toBe(1);
    [chunk] = await queryRows(t.db, sql`select id from line_segment_chunks where status = 'pending'`);
    expect(chunk).toBeUndefined();

    const send = (await as(owner, 'GET', `/social/line/segments/${created.body.data.id}`)).body.data;
    expect(send).toMatchObject({ status: 'done', total: 1200, sent: 1200, failed: 0, skippedOptOut: 2, skippedBlocked: 1 });
    const calls = multicasts();
    expect(calls.map((c) => c.status)).toEqual([429, 200, 200, 200]);
    expect(new Set(calls.map((c) => c.retryKey)).size).toBe(3);
    const received = line.sent.filter((m) => m.messages[0].text === '週年慶 8 折');
    expect(received).toHaveLength(1200);
    expect(received.some((m) => [userId(1), userId(2), userId(4)].includes(m.to))).toBe(false);
  });

  it('a chunk LINE already accepted (a crash before it was recorded) is not sent twice', async () => {
    const created = await as(owner, 'POST', '/social/line/segments', { tagId, text: 'second' });
    await t.db.execute(sql`update line_segment_sends set scheduled_at = now() where id = ${created.body.data.id}`);
    // Start it while LINE throttles (every chunk waits), then play a first worker that multicast chunk 0 and died.
    line.throttle(3, 60);
    await run();
    const [first] = await queryRows<{ id: string; retry_key: string; line_user_ids: string[] }>(
      t.db,
      sql`select c.id, c.retry_key, c.line_user_ids from line_segment_chunks c where c.send_id = ${created.body.data.id} order by seq limit 1`,
    );
    const deps = createLineDeps(t.app.config);
    const [stored] = await queryRows<{ access_token: string }>(t.db, sql`select access_token from line_channels where org_id = ${owner.orgId}`);
    await deps.client.multicast(deps.secrets.decrypt(stored!.access_token), first!.line_user_ids, [{ type: 'text', text: 'second' }], first!.retry_key);
    await t.db.execute(sql`update line_segment_chunks set run_at = now() where send_id = ${created.body.data.id}`);
    await run();
    expect(line.sent.filter((m) => m.messages[0].text === 'second')).toHaveLength(1200);
    expect(multicasts().filter((c) => c.retryKey === first!.retry_key).map((c) => c.status)).toEqual([429, 200, 409]);
    expect((await as(owner, 'GET', `/social/line/segments/${created.body.data.id}`)).body.data).toMatchObject({ status: 'done', sent: 1200 });
  });

  it('a scheduled send waits for its time; bad input names the field', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = await as(owner, 'POST', '/social/line/segments', { tagId, text: 'later', scheduledAt: later });
    expect(created.body.data).toMatchObject({ status: 'scheduled', scheduledAt: later });
    await run();
    expect((await as(owner, 'GET', `/social/line/segments/${created.body.data.id}`)).body.data.status).toBe('scheduled');
    for (const [body, field] of [
      [{ tagId, text: 'x', scheduledAt: '2020-01-01T00:00:00Z' }, 'scheduledAt'],
      [{ tagId: '00000000-0000-4000-8000-000000000000', text: 'x' }, 'tagId'],
      [{ tagId, text: '' }, 'text'],
    ] as const) {
      const bad = await as(owner, 'POST', '/social/line/segments', body);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(field);
    }
  });

  it('only system administrators send; another workspace neither sees nor reaches these friends', async () => {
    expect((await as(member, 'POST', '/social/line/segments/preview', { tagId })).status).toBe(403);
    expect((await as(member, 'POST', '/social/line/segments', { tagId, text: 'x' })).status).toBe(403);
    const list = await as(owner, 'GET', '/social/line/segments');
    const id = list.body.data.items[0].id as string;
    expect((await as(other, 'GET', `/social/line/segments/${id}`)).status).toBe(404);
    expect((await as(other, 'GET', '/social/line/segments')).body.data.items).toEqual([]);
    // Our tag is not theirs, and they have no LINE channel.
    const preview = await as(other, 'POST', '/social/line/segments/preview', { tagId });
    expect(preview.status).toBe(400);
    expect(JSON.stringify(preview.body)).toContain('tagId');
    const theirTag = (await as(other, 'POST', '/tags/customer', { name: 'Theirs' })).body.data.id as Json;
    expect((await as(other, 'POST', '/social/line/segments', { tagId: theirTag, text: 'x' })).body.errorCode).toBe('LINE_NOT_CONNECTED');
  });
});
