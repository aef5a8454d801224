import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { injectMultipart, multipart } from '../../../test/records.ts';
import { solidPng } from '../../../test/png.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';
import { createLineDeps } from './line.deps.ts';
import { mediaToken } from './line.media.ts';
import { mailWaitingOwners } from './line.waiting.ts';

/**
 * Issue 32: photos and files in replies (an image message whose URLs are our signed, expiring public link; any other
 * file as a link), a friend's image and file fetched from LINE's content API on first view, and the e-mail to the
 * owner of a conversation waiting 30 minutes for a reply (once per waiting period, with a moved clock).
 */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let friendId: string;
const friend = 'U7a000000000000000000000000000001';
const url = (p: string, orgId: string) => `/api${p}?orgId=${orgId}`;
const get = (user: { token: string }, p: string, orgId = owner.orgId) => call(t.app, 'GET', url(p, orgId), { token: user.token });

async function phone(event: Parameters<LineDouble['userSends']>[1]) {
  await line.userSends(channel.channelId, event);
  await t.app.background.idle();
}

function upload(user: { token: string }, conversationId: string, file: { filename: string; contentType: string; data: Buffer }, orgId = owner.orgId) {
  return injectMultipart(t.app, url(`/social/line/conversations/${conversationId}/files`, orgId), user.token, multipart({}, { field: 'file', ...file }));
}

async function messages(user: { token: string } = owner) {
  return (await get(user, `/social/line/conversations/${friendId}`)).body.data.messages as { id: string; kind: string; direction: string; imageUrl: string | null; file: { name: string; size: number | null; url: string } | null }[];
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-media-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
  await connectLine(t.app, owner, channel);
  await phone({ userId: friend, displayName: '林雅婷', kind: 'follow' });
  friendId = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${friend}`))[0]!.id;
  await t.db.execute(sql`update line_friends set owner_user_id = ${owner.user.id} where id = ${friendId}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('photos and files in replies', () => {
  it('a photo goes as an image message LINE can fetch from our signed public link; the conversation shows it', async () => {
    const photo = solidPng(64, 48);
    const sent = await upload(owner, friendId, { filename: 'shop.png', contentType: 'image/png', data: photo });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ kind: 'image', direction: 'out', imageUrl: expect.stringContaining('/api/files/') });
    const message = line.sent.at(-1)!.messages[0];
    expect(message.type).toBe('image');
    expect(message.originalContentUrl).toMatch(new RegExp(`^${t.app.config.publicUrl}/api/line/media/[\\w-]{48}\\.[\\w-]{43}$`));
    expect(message.previewImageUrl).toBe(message.originalContentUrl);
    // LINE fetched it without credentials: the bytes we stored.
    expect(line.fetchedImages.at(-1)).toEqual({ url: message.originalContentUrl, status: 200, mimeType: 'image/png', bytes: photo.length });
    expect((await messages()).at(-1)).toMatchObject({ kind: 'image', direction: 'out' });
  });

  it('a document goes as a text with its link, downloaded as an attachment; a forged or expired link is 404', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%quote\n');
    const sent = await upload(owner, friendId, { filename: '報價單.pdf', contentType: 'application/pdf', data: pdf });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ kind: 'file', file: { name: '報價單.pdf', size: pdf.length } });
    const text = line.sent.at(-1)!.messages[0].text as string;
    expect(text.split('\n')[0]).toBe('報價單.pdf');
    const link = new URL(text.split('\n')[1]!);
    const fetched = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/octet-stream');
    expect(fetched.headers['content-disposition']).toContain("attachment; filename*=UTF-8''%E5%A0%B1");
    expect(fetched.rawPayload.equals(pdf)).toBe(true);

    const token = link.pathname.split('/').at(-1)!;
    const [payload] = token.split('.');
    expect((await t.app.inject({ method: 'GET', url: `/api/line/media/${payload}.${'A'.repeat(43)}` })).statusCode).toBe(404);
    const fileId = (await queryRows<{ file_id: string }>(t.db, sql`select file_id from line_messages where kind = 'file' and direction = 'out'`))[0]!.file_id;
    const deps = createLineDeps(t.app.config);
    const old = mediaToken(deps, owner.orgId, fileId, new Date(Date.now() - 31 * 86_400_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/line/media/${old}` })).statusCode).toBe(404);
    // Signed for another workspace's id: the file is not there.
    expect((await t.app.inject({ method: 'GET', url: `/api/line/media/${mediaToken(deps, other.orgId, fileId)}` })).statusCode).toBe(404);
  });

  it('another workspace cannot send into the conversation, nothing is sent; a missing file names the field', async () => {
    const before = line.sent.length;
    const refused = await upload(other, friendId, { filename: 'x.png', contentType: 'image/png', data: solidPng(4, 4) }, other.orgId);
    expect(refused.status).toBe(404);
    expect(line.sent).toHaveLength(before);
    const empty = await injectMultipart(t.app, url(`/social/line/conversations/${friendId}/files`, owner.orgId), owner.token, multipart({ note: 'x' }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('file');
    // A member whose privileges do not reach the owner's conversations does not see it.
    expect((await upload(member, friendId, { filename: 'x.png', contentType: 'image/png', data: solidPng(4, 4) })).status).toBe(404);
  });
});

describe('a friend’s images and files', () => {
  it('are not fetched on arrival; the first view fetches from LINE and keeps a copy; other workspaces get 404', async () => {
    const photo = solidPng(30, 20, [200, 10, 10]);
    await phone({ userId: friend, kind: 'image', content: { mimeType: 'image/png', data: photo } });
    await phone({ userId: friend, kind: 'file', fileName: '名片.pdf' });
    const list = await messages();
    const image = list.find((m) => m.kind === 'image' && m.direction === 'in')!;
    const file = list.find((m) => m.kind === 'file' && m.direction === 'in')!;
    expect(file.file).toMatchObject({ name: '名片.pdf', size: expect.any(Number) });
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int n from line_messages where direction = 'in' and file_id is not null`))[0]!.n).toBe(0);

    const contentPath = new URL(image.imageUrl!, 'http://x').pathname.replace(/^\/api/, '');
    expect((await get(other, contentPath, other.orgId)).status).toBe(404);
    const first = await t.app.inject({ method: 'GET', url: image.imageUrl!, headers: { authorization: `Bearer ${owner.token}` } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(photo)).toBe(true);
    // LINE's retention ends: our copy still answers.
    const lineId = (await queryRows<{ line_message_id: string }>(t.db, sql`select line_message_id from line_messages where id = ${image.id}`))[0]!.line_message_id;
    line.expireContent(lineId);
    const again = await t.app.inject({ method: 'GET', url: image.imageUrl!, headers: { authorization: `Bearer ${owner.token}` } });
    expect(again.rawPayload.equals(photo)).toBe(true);

    // A file never opened before LINE dropped it: a localized 404 saying so.
    const fileLineId = (await queryRows<{ line_message_id: string }>(t.db, sql`select line_message_id from line_messages where id = ${file.id}`))[0]!.line_message_id;
    line.expireContent(fileLineId);
    const gone = await t.app.inject({ method: 'GET', url: file.file!.url, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe('LINE_CONTENT_UNAVAILABLE');
  });
});

describe('the e-mail for a message waiting 30 minutes', () => {
  const mails = () => queryRows<{ recipient: string; subject: string; text: string }>(t.db, sql`select recipient, subject, text from mail_outbox where subject like '%LINE%' order by created_at`);
  const scan = async (at: Date) => {
    const n = await mailWaitingOwners(t.db, t.app.mailer, t.app.config.publicUrl, at);
    await t.app.background.idle();
    return n;
  };

  it('mails the owner once per waiting period; our reply ends the period; the next message starts a new one', async () => {
    // Reply first, so nothing waits.
    expect((await call(t.app, 'POST', url(`/social/line/conversations/${friendId}/messages`, owner.orgId), { token: owner.token, body: { text: '您好' } })).status).toBe(200);
    await phone({ userId: friend, kind: 'text', text: '請問明天有營業嗎？' });
    const [waiting] = await queryRows<{ since: string }>(t.db, sql`select awaiting_reply_since::text as since from line_friends where id = ${friendId}`);
    const since = new Date(waiting!.since.replace(' ', 'T').replace(/\+00$/, 'Z'));
    await phone({ userId: friend, kind: 'text', text: '還在嗎？' });
    // The period starts at the first unanswered message, not the latest.
    expect((await queryRows<{ since: string }>(t.db, sql`select awaiting_reply_since::text as since from line_friends where id = ${friendId}`))[0]!.since).toBe(waiting!.since);

    expect(await scan(new Date(since.getTime() + 29 * 60_000))).toBe(0);
    expect(await scan(new Date(since.getTime() + 31 * 60_000))).toBe(1);
    expect(await scan(new Date(since.getTime() + 90 * 60_000))).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: owner.email });
    expect(sent[0]!.subject).toContain('林雅婷');
    expect(sent[0]!.text).toContain(`/${owner.orgId}/social/line/${friendId}`);

    // Our reply ends the period; a new message after it starts another, mailed once more.
    expect((await call(t.app, 'POST', url(`/social/line/conversations/${friendId}/messages`, owner.orgId), { token: owner.token, body: { text: '有的，10 點開門' } })).status).toBe(200);
    expect((await queryRows<{ since: string | null }>(t.db, sql`select awaiting_reply_since as since from line_friends where id = ${friendId}`))[0]!.since).toBeNull();
    expect(await scan(new Date(Date.now() + 120 * 60_000))).toBe(0);
    await phone({ userId: friend, kind: 'text', text: '好的謝謝' });
    expect(await scan(new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await mails()).toHaveLength(2);
  });

  it('a conversation without an owner, or in another state, is not mailed; the claim survives a restart', async () => {
    await t.db.execute(sql`update line_friends set owner_user_id = null, awaiting_reply_since = null, awaiting_notice_at = null where id = ${friendId}`);
    await phone({ userId: friend, kind: 'text', text: '有人嗎' });
    expect(await scan(new Date(Date.now() + 31 * 60_000))).toBe(0);
    // Assigned later: the owner hears of it at the next scan — after a restart too (the state is in the row).
    await t.db.execute(sql`update line_friends set owner_user_id = ${owner.user.id} where id = ${friendId}`);
    await t.rebuild();
    expect(await scan(new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await scan(new Date(Date.now() + 32 * 60_000))).toBe(0);
  });
});
