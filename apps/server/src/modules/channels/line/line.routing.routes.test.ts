import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';
import { listEvents } from '../../../platform/events.ts';

/** Issue 32: routing (round-robin fairness, keyword rules), its events, the owner's notifications, and isolation. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let anna: TestUser;
let ben: TestUser;
const url = (p: string, orgId: string) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (user: { token: string }, method: 'GET' | 'POST' | 'PUT', p: string, body?: unknown, orgId = owner.orgId, locale?: string) =>
  call(t.app, method, url(p, orgId), { token: user.token, body, ...(locale ? { locale } : {}) });
const userId = (i: number) => `U4${String(i).padStart(31, '0')}`;

async function phone(event: Parameters<LineDouble['userSends']>[1]) {
  await line.userSends(channel.channelId, event);
  await t.app.background.idle();
}
const ownerOf = async (lineUserId: string) =>
  (await queryRows<{ owner: string | null }>(t.db, sql`select owner_user_id as owner from line_friends where line_user_id = ${lineUserId}`))[0]?.owner;

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-routing-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  anna = await registerUser(t.app);
  ben = await registerUser(t.app);
  await addMember(t.db, owner.orgId, anna.user.id);
  await addMember(t.db, owner.orgId, ben.user.id);
  await connectLine(t.app, owner, channel);
  for (let i = 1; i <= 40; i += 1) line.addUser(userId(i), `客戶${i}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('routing settings', () => {
  it('administrators save members and rules; members of the workspace only, a localized 400 naming the field', async () => {
    expect((await as(owner, 'GET', '/social/line/routing')).body.data).toEqual({ memberIds: [], rules: [] });
    expect((await as(anna, 'PUT', '/social/line/routing', { memberIds: [anna.user.id], rules: [] })).status).toBe(403);
    const stranger = await as(owner, 'PUT', '/social/line/routing', { memberIds: [other.user.id], rules: [] }, owner.orgId, 'en-US');
    expect(stranger.status).toBe(400);
    expect(stranger.body.errorMessage).toMatch(/memberIds/i);
    const badRule = await as(owner, 'PUT', '/social/line/routing', { memberIds: [], rules: [{ keyword: '報價', userId: other.user.id }] });
    expect(badRule.status).toBe(400);
    expect((await as(owner, 'PUT', '/social/line/routing', { memberIds: [], rules: [{ keyword: '', userId: anna.user.id }] })).status).toBe(400);
    expect((await queryRows<{ n: number }>(t.db, sql`select jsonb_array_length(routing_member_ids)::int as n from line_channels`))[0]!.n).toBe(0);
  });
});

describe('round-robin', () => {
  it('new friends go to the chosen members in turn, evenly, even when they arrive at once; the contact is the member’s', async () => {
    expect((await as(owner, 'PUT', '/social/line/routing', { memberIds: [anna.user.id, ben.user.id, owner.user.id], rules: [] })).status).toBe(200);
    const before = (await listEvents(t.db, owner.orgId)).length;
    // Nine follows posted together (LINE delivers concurrently): each takes its own turn.
    await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => line.userSends(channel.channelId, { userId: userId(i), kind: 'follow' })));
    await t.app.background.idle();
    const owners = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ownerOf(userId(i))));
    const counts = new Map<string, number>();
    for (const o of owners) counts.set(o!, (counts.get(o!) ?? 0) + 1);
    expect(counts).toEqual(new Map([[anna.user.id, 3], [ben.user.id, 3], [owner.user.id, 3]]));
    const contacts = await queryRows<{ same: boolean }>(t.db, sql`select c.owner_user_id = f.owner_user_id as same from line_friends f join contacts c on c.id = f.contact_id where f.line_user_id like 'U4%'`);
    expect(contacts).toHaveLength(9);
    expect(contacts.every((c) => c.same)).toBe(true);
    // One conversation.assigned event per assignment, saying how.
    const assigned = (await listEvents(t.db, owner.orgId, { limit: 5000 })).slice(before).filter((e) => e.type === 'conversation.assigned');
    expect(assigned).toHaveLength(9);
    expect(new Set(assigned.map((e) => e.data.record.via))).toEqual(new Set(['roundRobin']));
    // An owned conversation is not routed again.
    await phone({ userId: userId(1), kind: 'text', text: 'hi again' });
    expect(await ownerOf(userId(1))).toBe(owners[0]);
  });
});

describe('keyword rules', () => {
  it('the first rule the message contains (case, width, spaces ignored) wins over the turn; others still take turns', async () => {
    expect(
      (await as(owner, 'PUT', '/social/line/routing', { memberIds: [anna.user.id], rules: [{ keyword: '報價', userId: ben.user.id }, { keyword: 'vip', userId: owner.user.id }] })).status,
    ).toBe(200);
    // Friends first seen through a message (they followed before the channel was connected): unassigned until routed.
    await phone({ userId: userId(20), kind: 'text', text: '請問可以給我報價嗎？' });
    await phone({ userId: userId(21), kind: 'text', text: 'ＶＩＰ 方案' });
    await phone({ userId: userId(22), kind: 'text', text: '你好' });
    expect(await ownerOf(userId(20))).toBe(ben.user.id);
    expect(await ownerOf(userId(21))).toBe(owner.user.id);
    expect(await ownerOf(userId(22))).toBe(anna.user.id);
    const events = (await listEvents(t.db, owner.orgId, { limit: 5000 })).filter((e) => e.type === 'conversation.assigned').slice(-3);
    expect(events.map((e) => e.data.record.via)).toEqual(['keyword', 'keyword', 'roundRobin']);
    expect(events[0]!.data.record).toMatchObject({ owner_user_id: ben.user.id, line_user_id: userId(20) });
  });
});

describe('notifications', () => {
  it('the assigned salesperson is notified, then once per conversation for new messages until read', async () => {
    const mine = async (user: TestUser) => (await as(user, 'GET', '/notifications')).body.data;
    const ben1 = await mine(ben);
    const friendId = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${userId(20)}`))[0]!.id;
    const item = ben1.items.find((n: Json) => n.link === `social/line/${friendId}`);
    expect(item).toMatchObject({ kind: 'lineAssigned', title: '客戶20', body: '請問可以給我報價嗎？', read: false });
    const unread = ben1.unread;
    await phone({ userId: userId(20), kind: 'text', text: '明天方便嗎' });
    const ben2 = await mine(ben);
    expect(ben2.unread).toBe(unread);
    expect(ben2.items.find((n: Json) => n.link === `social/line/${friendId}`)).toMatchObject({ kind: 'lineMessage', body: '明天方便嗎' });
    expect((await as(ben, 'POST', '/notifications/read')).status).toBe(200);
    expect((await mine(ben)).unread).toBe(0);
    await phone({ userId: userId(20), kind: 'sticker' });
    expect((await mine(ben)).unread).toBe(1);
    // Not someone else's: anna sees none of ben's conversation.
    expect((await mine(anna)).items.some((n: Json) => n.link === `social/line/${friendId}`)).toBe(false);
  });

  it('assigning by hand or taking over leaves the event; the new owner is told, the one who acted is not', async () => {
    const friendId = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${userId(22)}`))[0]!.id;
    expect((await as(owner, 'PUT', `/social/line/conversations/${friendId}/owner`, { ownerUserId: ben.user.id })).status).toBe(200);
    expect((await as(owner, 'POST', `/social/line/conversations/${friendId}/take-over`)).status).toBe(200);
    const events = (await listEvents(t.db, owner.orgId, { limit: 5000 })).filter((e) => e.type === 'conversation.assigned').slice(-2);
    expect(events.map((e) => [e.data.record.via, e.data.record.owner_user_id, e.actor])).toEqual([
      ['manual', ben.user.id, `user:${owner.user.id}`],
      ['takeOver', owner.user.id, `user:${owner.user.id}`],
    ]);
    const benItems = (await as(ben, 'GET', '/notifications')).body.data.items;
    expect(benItems.find((n: Json) => n.link === `social/line/${friendId}`)?.kind).toBe('lineAssigned');
    expect((await as(owner, 'GET', '/notifications')).body.data.items.some((n: Json) => n.link === `social/line/${friendId}` && n.kind === 'lineAssigned' && !n.read)).toBe(false);
  });
});

describe('another workspace', () => {
  it('cannot read or change this routing, these conversations or these notifications', async () => {
    const friendId = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${userId(20)}`))[0]!.id;
    expect((await as(other, 'GET', '/social/line/routing', undefined, other.orgId)).body.errorCode).toBe('LINE_NOT_CONNECTED');
    expect((await as(other, 'PUT', '/social/line/routing', { memberIds: [], rules: [] }, other.orgId)).body.errorCode).toBe('LINE_NOT_CONNECTED');
    expect((await as(other, 'PUT', `/social/line/conversations/${friendId}/owner`, { ownerUserId: other.user.id }, other.orgId)).status).toBe(404);
    expect((await as(other, 'GET', '/notifications', undefined, other.orgId)).body.data).toEqual({ items: [], unread: 0 });
    // Signed in as this workspace's member but asking with the other workspace: refused.
    expect((await as(ben, 'GET', '/notifications', undefined, other.orgId)).status).toBe(403);
    expect((await as(owner, 'GET', '/social/line/routing')).body.data.memberIds).toEqual([anna.user.id]);
    expect(await ownerOf(userId(20))).toBe(ben.user.id);
  });
});
