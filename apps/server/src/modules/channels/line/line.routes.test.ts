import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { createContact } from '../../../test/records.ts';
import { queryRows } from '../../../db/paging.ts';

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function count(table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`));
  return rows[0]!.n;
}

/** The phone sends; our server answers LINE; then the work after the answer is done. */
async function phone(event: Parameters<LineDouble['userSends']>[1]) {
  const result = await line.userSends(channel.channelId, event);
  await t.app.background.idle();
  return result;
}

async function conversations(token = owner.token, orgId = owner.orgId) {
  const { body } = await call(t.app, 'GET', url('/social/line/conversations', orgId), { token });
  return body.data;
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-test-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
});

afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('LINE channel: the six steps against the double', () => {
  it('is for system administrators only', async () => {
    const { status } = await call(t.app, 'GET', url('/channel/line'), { token: member.token });
    expect(status).toBe(403);
  });

  it('refuses skipping a step', async () => {
    const { status, body } = await call(t.app, 'PUT', url('/channel/line/credentials'), {
      token: owner.token,
      body: { channelId: channel.channelId, channelSecret: channel.secret },
    });
    expect(status).toBe(409);
    expect(body.errorCode).toBe('LINE_STEP_ORDER');
  });

  it('steps 1 and 2 are confirmations', async () => {
    for (const step of [1, 2]) {
      const { status, body } = await call(t.app, 'POST', url(`/channel/line/steps/${step}`), { token: owner.token });
      expect(status).toBe(200);
      expect(body.data.completedSteps).toBe(step);
    }
  });

  it('step 3: a wrong secret is a clear error in the user language, a right one issues a token (stored encrypted)', async () => {
    const wrong = await call(t.app, 'PUT', url('/channel/line/credentials'), {
      token: owner.token,
      locale: 'zh-TW',
      body: { channelId: channel.channelId, channelSecret: 'f'.repeat(32) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('LINE_CREDENTIALS_INVALID');
    expect(wrong.body.errorMessage).toContain('Channel secret');
    const malformed = await call(t.app, 'PUT', url('/channel/line/credentials'), { token: owner.token, body: { channelId: '12', channelSecret: channel.secret } });
    expect(malformed.status).toBe(400);

    const { status, body } = await call(t.app, 'PUT', url('/channel/line/credentials'), {
      token: owner.token,
      body: { channelId: channel.channelId, channelSecret: channel.secret },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ completedSteps: 3, botName: 'Lodestar Test Shop', sandbox: true });
    expect(body.data.webhookUrl).toMatch(/\/api\/line\/webhook\/[A-Za-z0-9_-]{20,}$/);
    const [stored] = await queryRows<{ channel_secret: string; access_token: string }>(t.db, sql`select channel_secret, access_token from line_channels`);
    expect(stored!.channel_secret.startsWith('v1.')).toBe(true);
    expect(stored!.channel_secret).not.toContain(channel.secret);
  });

  it('step 4: sets the webhook URL on the channel and LINE test request reaches it', async () => {
    const { status, body } = await call(t.app, 'POST', url('/channel/line/webhook'), { token: owner.token });
    expect(status).toBe(200);
    expect(body.data.completedSteps).toBe(4);
    expect(body.data.webhookTestedAt).not.toBeNull();
    expect(channel.endpoint).toBe(body.data.webhookUrl);
  });

  it('step 5: refused while "Use webhook" is off in LINE, passes once it is on', async () => {
    const off = await call(t.app, 'POST', url('/channel/line/steps/5'), { token: owner.token, locale: 'en-US' });
    expect(off.status).toBe(400);
    expect(off.body.errorCode).toBe('LINE_WEBHOOK_INACTIVE');
    expect(off.body.errorMessage).toContain('Use webhook');
    channel.active = true;
    const on = await call(t.app, 'POST', url('/channel/line/steps/5'), { token: owner.token });
    expect(on.status).toBe(200);
    expect(on.body.data.completedSteps).toBe(5);
  });

  it('step 6: waits for a message from a phone', async () => {
    const early = await call(t.app, 'POST', url('/channel/line/steps/6'), { token: owner.token });
    expect(early.body.errorCode).toBe('LINE_TEST_MESSAGE_MISSING');
    line.addUser('U00000000000000000000000000000001', '王小明');
    const sent = await phone({ userId: 'U00000000000000000000000000000001', kind: 'text', text: 'hello' });
    expect(sent.status).toBe(200);
    const { status, body } = await call(t.app, 'POST', url('/channel/line/steps/6'), { token: owner.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ completedSteps: 6, connected: true });
  });
});

describe('LINE webhook', () => {
  it('refuses a bad signature with 401 and stores nothing; an unknown path is 404', async () => {
    const before = await count('line_webhook_events');
    const body = JSON.stringify({ destination: 'x', events: [{ type: 'message', webhookEventId: 'evil', source: { type: 'user', userId: 'Uevil' }, message: { type: 'text', text: 'x' } }] });
    const badSignature = createHmac('sha256', 'f'.repeat(32)).update(body).digest('base64');
    const res = await fetch(channel.endpoint!, { method: 'POST', headers: { 'content-type': 'application/json', 'x-line-signature': badSignature }, body });
    expect(res.status).toBe(401);
    const missing = await fetch(channel.endpoint!, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(missing.status).toBe(401);
    const unknown = await fetch(channel.endpoint!.replace(/webhook\/.+$/, 'webhook/unknownunknownunknownunknown'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': createHmac('sha256', channel.secret).update(body).digest('base64') },
      body,
    });
    expect(unknown.status).toBe(404);
    expect(await count('line_webhook_events')).toBe(before);
  });

  it('applies a redelivered event once', async () => {
    const messagesBefore = await count('line_messages');
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'text', text: 'twice?', webhookEventId: '01DUPLICATEEVENT' });
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'text', text: 'twice?', webhookEventId: '01DUPLICATEEVENT' });
    expect(await count('line_messages')).toBe(messagesBefore + 1);
  });

  it('a follow makes a contact with the display name, picture and the Line social account; unfollow and re-follow show', async () => {
    line.addUser('U00000000000000000000000000000002', 'Mei Chen');
    await phone({ userId: 'U00000000000000000000000000000002', kind: 'follow' });
    const list = await conversations();
    const mei = list.items.find((c: { lineUserId: string }) => c.lineUserId === 'U00000000000000000000000000000002');
    expect(mei).toMatchObject({ displayName: 'Mei Chen', status: 'followed' });
    expect(mei.contact).not.toBeNull();
    const contact = await call(t.app, 'GET', url(`/customer/${mei.contact.id}`), { token: owner.token });
    expect(contact.body.data.socials).toEqual([{ type: 'line', account: 'U00000000000000000000000000000002' }]);
    expect(contact.body.data.avatarUrl ?? contact.body.data.fileAvatar ?? 'picture').toBeTruthy();

    await phone({ userId: 'U00000000000000000000000000000002', kind: 'unfollow' });
    let view = await call(t.app, 'GET', url(`/social/line/conversations/${mei.id}`), { token: owner.token });
    expect(view.body.data.conversation.status).toBe('unfollowed');
    const refused = await call(t.app, 'POST', url(`/social/line/conversations/${mei.id}/messages`), { token: owner.token, body: { text: 'hi' } });
    expect(refused.body.errorCode).toBe('LINE_FRIEND_UNFOLLOWED');
    await phone({ userId: 'U00000000000000000000000000000002', kind: 'follow' });
    view = await call(t.app, 'GET', url(`/social/line/conversations/${mei.id}`), { token: owner.token });
    expect(view.body.data.conversation.status).toBe('followed');
    expect(view.body.data.messages.map((m: { kind: string }) => m.kind)).toEqual(['follow', 'unfollow', 'follow']);
  });

  it('stores stickers, and images fetched from LINE when first viewed', async () => {
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'sticker' });
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'image' });
    const list = await conversations();
    const wang = list.items.find((c: { lineUserId: string }) => c.lineUserId === 'U00000000000000000000000000000001');
    expect(wang.unread).toBeGreaterThanOrEqual(4);
    const view = await call(t.app, 'GET', url(`/social/line/conversations/${wang.id}`), { token: owner.token });
    const [sticker, image] = view.body.data.messages.slice(-2);
    expect(sticker.sticker).toEqual({ packageId: '446', stickerId: '1988' });
    // Nothing is fetched when the message arrives: the first view fetches the content from LINE's content API.
    expect(image.imageUrl).toMatch(/^\/api\/social\/line\/conversations\/.+\/content/);
    const file = await t.app.inject({ method: 'GET', url: image.imageUrl, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect((await conversations()).items.find((c: { id: string }) => c.id === wang.id).unread).toBe(0);
  });
});

describe('LINE conversations', () => {
  let wangId: string;

  it('lists newest first and searches', async () => {
    const list = await conversations();
    // 王小明 sent the sticker and the image after Mei Chen followed again.
    expect(list.items.map((c: { displayName: string }) => c.displayName)).toEqual(['王小明', 'Mei Chen']);
    expect(list.quota).toMatchObject({ limit: 500 });
    wangId = list.items[0].id;
    const { body } = await call(t.app, 'GET', url('/social/line/conversations?keyword=' + encodeURIComponent('小明')), { token: owner.token });
    expect(body.data.items.map((c: { id: string }) => c.id)).toEqual([wangId]);
  });

  it('replies with a fresh reply token, then pushes', async () => {
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'text', text: 'price?' });
    const first = await call(t.app, 'POST', url(`/social/line/conversations/${wangId}/messages`), { token: owner.token, body: { text: 'NT$1,200' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ direction: 'out', via: 'reply', text: 'NT$1,200' });
    const second = await call(t.app, 'POST', url(`/social/line/conversations/${wangId}/messages`), { token: owner.token, body: { text: 'still there?' } });
    expect(second.body.data.via).toBe('push');
    expect(line.sent.slice(-2).map((s) => [s.via, s.to, s.messages[0].text])).toEqual([
      ['reply', 'U00000000000000000000000000000001', 'NT$1,200'],
      ['push', 'U00000000000000000000000000000001', 'still there?'],
    ]);
  });

  it("shows LINE's refusal in the user's language (monthly quota)", async () => {
    channel.quotaLimit = channel.used;
    const { status, body } = await call(t.app, 'POST', url(`/social/line/conversations/${wangId}/messages`), { token: owner.token, locale: 'zh-TW', body: { text: 'again' } });
    expect(status).toBe(429);
    expect(body.errorCode).toBe('LINE_QUOTA_EXCEEDED');
    expect(body.errorMessage).toContain('本月');
    channel.quotaLimit = 500;
  });

  it('links a friend to an existing contact in one call; the conversation shows on its timeline', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: '小明', lastName: '王' });
    const { status, body } = await call(t.app, 'PUT', url(`/social/line/conversations/${wangId}/contact`), { token: owner.token, body: { contactId } });
    expect(status).toBe(200);
    expect(body.data.contact).toEqual({ id: contactId, name: '王小明' });
    const view = await call(t.app, 'GET', url(`/page/customer/view/${contactId}`), { token: owner.token });
    expect(view.body.data.contact.socials).toContainEqual({ type: 'line', account: 'U00000000000000000000000000000001' });
    const actions = view.body.data.timeline.map((e: { action: string }) => e.action);
    expect(actions).toContain('lineLink');
    const texts = view.body.data.timeline.filter((e: { action: string }) => e.action === 'lineMessage').map((e: { changes: { lineMessage: [string, string] } }) => e.changes.lineMessage);
    expect(texts).toContainEqual(['in', 'price?']);
    expect(texts).toContainEqual(['out', 'NT$1,200']);
    // New messages land on the timeline as they come.
    await phone({ userId: 'U00000000000000000000000000000001', kind: 'text', text: 'thanks' });
    const after = await call(t.app, 'GET', url(`/page/customer/view/${contactId}`), { token: owner.token });
    expect(after.body.data.timeline.some((e: { changes: { lineMessage?: [string, string] } }) => e.changes.lineMessage?.[1] === 'thanks')).toBe(true);
  });

  it("a linked friend belongs to the contact's owner; a member with the default privilege (mine) sees only unassigned ones", async () => {
    // Both friends are linked to the owner's contacts: the owner receives them.
    expect((await conversations()).items.map((c: { owner: { userId: string } | null }) => c.owner?.userId)).toEqual([owner.user.id, owner.user.id]);
    expect((await conversations(member.token)).items).toHaveLength(0);
    const freed = await call(t.app, 'PUT', url(`/social/line/conversations/${wangId}/owner`), { token: owner.token, body: { ownerUserId: null } });
    expect(freed.body.data.owner).toBeNull();
    expect((await conversations(member.token)).items).toHaveLength(1);
    const { status, body } = await call(t.app, 'PUT', url(`/social/line/conversations/${wangId}/owner`), { token: owner.token, body: { ownerUserId: owner.user.id } });
    expect(status).toBe(200);
    expect(body.data.owner.userId).toBe(owner.user.id);
    expect((await conversations(member.token)).items).toHaveLength(0);
    const hidden = await call(t.app, 'GET', url(`/social/line/conversations/${wangId}`), { token: member.token });
    expect(hidden.status).toBe(404);
    const stranger = await call(t.app, 'PUT', url(`/social/line/conversations/${wangId}/owner`), { token: owner.token, body: { ownerUserId: other.user.id } });
    expect(stranger.status).toBe(400);
  });

  it("another workspace cannot read or change this workspace's conversations", async () => {
    expect((await conversations(other.token, other.orgId)).items).toEqual([]);
    for (const [method, p, body] of [
      ['GET', `/social/line/conversations/${wangId}`, undefined],
      ['POST', `/social/line/conversations/${wangId}/messages`, { text: 'x' }],
      ['PUT', `/social/line/conversations/${wangId}/contact`, { create: true }],
      ['PUT', `/social/line/conversations/${wangId}/owner`, { ownerUserId: null }],
    ] as const) {
      const res = await call(t.app, method, url(p, other.orgId), { token: other.token, body });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    const settings = await call(t.app, 'GET', url('/channel/line', other.orgId), { token: other.token });
    expect(settings.body.data.completedSteps).toBe(0);
  });
});

// Last: it adds a conversation the tests above do not expect.
describe('LINE webhook under concurrency', () => {
  it('a new friend’s first messages arriving at once make one conversation that counts them all', async () => {
    const messagesBefore = await count('line_messages');
    line.addUser('U00000000000000000000000000000009', '同時');
    await Promise.all(Array.from({ length: 5 }, (_, i) => line.userSends(channel.channelId, { userId: 'U00000000000000000000000000000009', kind: 'text', text: `同時 ${i}` })));
    await t.app.background.idle();
    expect(await count('line_messages')).toBe(messagesBefore + 5);
    const friend = (await conversations()).items.filter((c: { lineUserId: string }) => c.lineUserId === 'U00000000000000000000000000000009');
    expect(friend).toHaveLength(1);
    expect(friend[0].unread).toBe(5);
  });
});
