import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { createContact } from '../../../test/records.ts';
import { createDeal } from '../../../test/deals.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';

/** Issue 32: a LINE friend ↔ a contact (by hand, by binding code), unlinking, the contact page's section, owners. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, body?: unknown, orgId = owner.orgId) => call(t.app, method, url(p, orgId), { token, body });

async function phone(event: Parameters<LineDouble['userSends']>[1]) {
  await line.userSends(channel.channelId, event);
  await t.app.background.idle();
}

async function friend(userId: string, name: string, text = 'hello'): Promise<Json> {
  line.addUser(userId, name);
  await phone({ userId, kind: 'text', text });
  const list = await as(owner.token, 'GET', '/social/line/conversations');
  return list.body.data.items.find((c: Json) => c.lineUserId === userId);
}

const summary = async (contactId: string, token = owner.token) => (await as(token, 'GET', `/record/summary?entityType=contact&entityId=${contactId}`)).body.data;
const socials = async (contactId: string) => (await as(owner.token, 'GET', `/customer/${contactId}`)).body.data.socials;

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-contacts-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
  await connectLine(t.app, owner, channel);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('friend ↔ contact by hand', () => {
  it('links, refuses a second friend on the same contact, unlinks (the contact loses its LINE account, keeps its timeline)', async () => {
    const a = await friend('U10000000000000000000000000000001', '陳大文');
    const b = await friend('U10000000000000000000000000000002', 'Big Chen');
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: '大文', lastName: '陳' });
    const linked = await as(owner.token, 'PUT', `/social/line/conversations/${a.id}/contact`, { contactId });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ contact: { id: contactId }, owner: { userId: owner.user.id }, canReply: true });

    const second = await call(t.app, 'PUT', url(`/social/line/conversations/${b.id}/contact`), { token: owner.token, locale: 'en-US', body: { contactId } });
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('LINE_CONTACT_TAKEN');
    expect(second.body.errorMessage).toContain('unlink');

    const unlinked = await as(owner.token, 'DELETE', `/social/line/conversations/${a.id}/contact`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.contact).toBeNull();
    expect(await socials(contactId)).toEqual([]);
    const timeline = (await as(owner.token, 'GET', `/timeline/page?entityType=contact&entityId=${contactId}`)).body.data.items;
    expect(timeline.filter((e: Json) => e.action === 'lineLink').map((e: Json) => e.changes.lineLink)).toEqual([
      ['陳大文', null],
      [null, '陳大文'],
    ]);
    // Now free: the other friend takes the contact.
    expect((await as(owner.token, 'PUT', `/social/line/conversations/${b.id}/contact`, { contactId })).status).toBe(200);
    expect(await socials(contactId)).toEqual([{ type: 'line', account: 'U10000000000000000000000000000002' }]);
  });

  it('creates a contact from the friend with the display name and profile picture', async () => {
    const c = await friend('U10000000000000000000000000000003', 'Amy Lin');
    const made = await as(owner.token, 'PUT', `/social/line/conversations/${c.id}/contact`, { create: true });
    expect(made.status).toBe(200);
    const contact = (await as(owner.token, 'GET', `/customer/${made.body.data.contact.id}`)).body.data;
    expect(contact.socials).toEqual([{ type: 'line', account: 'U10000000000000000000000000000003' }]);
    expect(contact.avatarUrl).toMatch(/^\/api\/files\//);
    const missing = await as(owner.token, 'PUT', `/social/line/conversations/${c.id}/contact`, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('contactId');
  });
});

describe('friend ↔ contact by binding code', () => {
  it('the friend sends the code (as typed on a phone): linked, confirmed on LINE in the maker’s language, once', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: '美玲', lastName: '黃' });
    const issued = await as(owner.token, 'POST', '/social/line/bind-codes', { contactId });
    expect(issued.status).toBe(200);
    const code: string = issued.body.data.code;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(issued.body.data.addFriendUrl).toMatch(/^https:\/\/line\.me\/R\/ti\/p\/@/);

    line.addUser('U10000000000000000000000000000004', 'Meiling');
    await phone({ userId: 'U10000000000000000000000000000004', kind: 'follow' });
    await phone({ userId: 'U10000000000000000000000000000004', kind: 'text', text: ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} ` });
    expect(line.sent.at(-1)).toMatchObject({ via: 'reply', to: 'U10000000000000000000000000000004', messages: [{ type: 'text', text: expect.stringContaining('綁定完成') }] });
    const list = (await as(owner.token, 'GET', '/social/line/conversations')).body.data.items;
    const meiling = list.find((c: Json) => c.lineUserId === 'U10000000000000000000000000000004');
    expect(meiling.contact.id).toBe(contactId);
    expect(await socials(contactId)).toEqual([{ type: 'line', account: 'U10000000000000000000000000000004' }]);

    // The contact page shows the conversation: the latest messages (the code and our confirmation) and the thread.
    const section = (await summary(contactId)).conversation;
    expect(section.friend).toMatchObject({ conversationId: meiling.id, displayName: 'Meiling', status: 'followed' });
    expect(section.messages.at(-1)).toMatchObject({ direction: 'out', text: expect.stringContaining('綁定完成') });

    // Spent: another friend sending it is only a message.
    await friend('U10000000000000000000000000000005', 'Copycat', code);
    const copycat = (await as(owner.token, 'GET', '/social/line/conversations')).body.data.items.find((c: Json) => c.lineUserId === 'U10000000000000000000000000000005');
    expect(copycat.contact).toBeNull();
    // A contact with a friend gets no new code.
    expect((await as(owner.token, 'POST', '/social/line/bind-codes', { contactId })).body.errorCode).toBe('LINE_CONTACT_TAKEN');
  });

  it('an expired code does nothing; an unlinked contact’s page offers a code', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Late' });
    expect((await summary(contactId)).conversation).toEqual({ channel: 'line', friend: null, messages: [], total: 0, canLink: true });
    const { code } = (await as(owner.token, 'POST', '/social/line/bind-codes', { contactId })).body.data;
    await t.db.execute(sql`update line_bind_codes set expires_at = now() - interval '1 second' where code = ${code}`);
    const late = await friend('U10000000000000000000000000000006', 'Late', code);
    expect(late.contact).toBeNull();
  });
});

describe('owners', () => {
  it('others see a conversation read-only until they take it over', async () => {
    const d = await friend('U10000000000000000000000000000007', 'Owned');
    await as(owner.token, 'PUT', `/social/line/conversations/${d.id}/owner`, { ownerUserId: member.user.id });
    const view = (await as(owner.token, 'GET', `/social/line/conversations/${d.id}`)).body.data.conversation;
    expect(view.canReply).toBe(false);
    const refused = await call(t.app, 'POST', url(`/social/line/conversations/${d.id}/messages`), { token: owner.token, locale: 'en-US', body: { text: 'hi' } });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('LINE_CONVERSATION_NOT_YOURS');
    const taken = await as(owner.token, 'POST', `/social/line/conversations/${d.id}/take-over`);
    expect(taken.body.data).toMatchObject({ owner: { userId: owner.user.id }, canReply: true });
    expect((await as(owner.token, 'POST', `/social/line/conversations/${d.id}/messages`, { text: 'hi' })).status).toBe(200);
    // The member (scope "mine") no longer sees it.
    expect((await as(member.token, 'GET', `/social/line/conversations/${d.id}`)).status).toBe(404);
  });
});

describe('isolation', () => {
  it('another workspace cannot unlink, take over, get a code for this workspace’s contact, or see the section', async () => {
    const [row] = await queryRows<{ id: string; contact_id: string }>(t.db, sql`select id, contact_id from line_friends where contact_id is not null limit 1`);
    for (const [method, p, body] of [
      ['DELETE', `/social/line/conversations/${row!.id}/contact`, undefined],
      ['POST', `/social/line/conversations/${row!.id}/take-over`, undefined],
      ['POST', '/social/line/bind-codes', { contactId: row!.contact_id }],
      ['GET', `/record/summary?entityType=contact&entityId=${row!.contact_id}`, undefined],
    ] as const) {
      const res = await as(other.token, method, p, body, other.orgId);
      expect([403, 404], `${method} ${p}: ${res.status}`).toContain(res.status);
    }
    // Its own contacts' page has no LINE section: its channel is not connected.
    const mine = await createContact(t.app, other.token, other.orgId, { firstName: 'Other' });
    expect((await as(other.token, 'GET', `/record/summary?entityType=contact&entityId=${mine}`, undefined, other.orgId)).body.data.conversation).toBeNull();
    expect((await as(other.token, 'POST', '/social/line/bind-codes', { contactId: mine }, other.orgId)).body.errorCode).toBe('LINE_NOT_CONNECTED');
  });
});

describe('saved replies', () => {
  it('fills {name}, {dealName} and {nextBooking} for the conversation in the chosen language; quick replies reach LINE', async () => {
    const f = await friend('U10000000000000000000000000000008', 'Kao');
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: '志明', lastName: '高' });
    await as(owner.token, 'PUT', `/social/line/conversations/${f.id}/contact`, { contactId });
    await createDeal(t.app, owner.token, owner.orgId, { name: '年度合約', amount: '1000', clientId: contactId });

    const made = await as(owner.token, 'POST', '/social/line/saved-replies', {
      title: 'Quote',
      texts: { 'zh-TW': '{name} 您好，「{dealName}」的報價如附。下次預約：{nextBooking}', 'en-US': 'Hi {name}, the quote for {dealName}. {unknown}' },
      quickReplies: ['好的', '再考慮'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const replyId = made.body.data.id;
    expect((await as(member.token, 'GET', '/social/line/saved-replies')).body.data.map((r: Json) => r.title)).toEqual(['Quote']);

    const zh = await as(owner.token, 'POST', `/social/line/conversations/${f.id}/render`, { savedReplyId: replyId, locale: 'zh-TW' });
    expect(zh.body.data).toEqual({ text: '高志明 您好，「年度合約」的報價如附。下次預約：', quickReplies: ['好的', '再考慮'] });
    const en = await as(owner.token, 'POST', `/social/line/conversations/${f.id}/render`, { savedReplyId: replyId, locale: 'en-US' });
    expect(en.body.data.text).toBe('Hi 高志明, the quote for 年度合約. {unknown}');
    // No zh-CN text: the first language it has (zh-TW).
    expect((await as(owner.token, 'POST', `/social/line/conversations/${f.id}/render`, { savedReplyId: replyId, locale: 'zh-CN' })).body.data.text).toContain('您好');

    const sent = await as(owner.token, 'POST', `/social/line/conversations/${f.id}/messages`, { text: zh.body.data.text, quickReplies: ['好的', '再考慮'] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(line.sent.at(-1)!.messages[0].quickReply.items.map((i: Json) => i.action.label)).toEqual(['好的', '再考慮']);
  });

  it('refuses bad input naming the field; another workspace cannot read, change or delete them', async () => {
    const empty = await as(owner.token, 'POST', '/social/line/saved-replies', { title: 'Empty', texts: {} });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('texts');
    const long = await as(owner.token, 'POST', '/social/line/saved-replies', { title: 'Long', texts: { 'en-US': 'x' }, quickReplies: ['x'.repeat(21)] });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('quickReplies');
    const made = await as(owner.token, 'POST', '/social/line/saved-replies', { title: 'Mine', texts: { 'en-US': 'hello' } });
    const id = made.body.data.id;
    expect((await as(other.token, 'PUT', `/social/line/saved-replies/${id}`, { title: 'x', texts: { 'en-US': 'y' } }, other.orgId)).status).toBe(404);
    expect((await as(other.token, 'DELETE', `/social/line/saved-replies/${id}`, undefined, other.orgId)).status).toBe(404);
    expect((await as(other.token, 'GET', '/social/line/saved-replies', undefined, other.orgId)).body.data).toEqual([]);
    const updated = await as(owner.token, 'PUT', `/social/line/saved-replies/${id}`, { title: 'Mine 2', texts: { 'en-US': 'hello again', 'zh-TW': '' } });
    expect(updated.body.data).toMatchObject({ title: 'Mine 2', texts: { 'en-US': 'hello again' } });
    expect(updated.body.data.texts['zh-TW']).toBeUndefined();
    expect((await as(owner.token, 'DELETE', `/social/line/saved-replies/${id}`)).status).toBe(200);
    expect((await as(owner.token, 'DELETE', `/social/line/saved-replies/${id}`)).status).toBe(404);
  });
});
