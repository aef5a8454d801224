import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { injectMultipart, multipart } from '../../../test/records.ts';
import { saveBusiness } from '../../../test/booking.ts';
import { solidPng } from '../../../test/png.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';
import { createLineDeps } from './line.deps.ts';
import { processSegments } from './line.segments.ts';

/**
 * Issue 32: segment messages besides text — an image, a business card, the booking page — checked against LINE's limits
 * before anything is sent, to a tag or to a saved contact filter (the contact list's), counted by the query that sends.
 */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const url = (p: string, orgId: string) => `/api${p}?orgId=${orgId}`;
const as = (user: { token: string }, method: 'GET' | 'POST' | 'DELETE', p: string, body?: unknown, orgId = owner.orgId) => call(t.app, method, url(p, orgId), { token: user.token, body, locale: 'en-US' });
const run = () => processSegments(t.db, createLineDeps(t.app.config), t.app.log);
const userId = (i: number) => `U8${String(i).padStart(31, '0')}`;

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  channel.quotaLimit = null;
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-segment-messages-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
  await connectLine(t.app, owner, channel);
  await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-shop' });
  expect((await call(t.app, 'PUT', url('/businesscard', owner.orgId), { token: owner.token, body: { firstName: '小明', lastName: '王', isPublic: true, phones: [], links: [] } })).status).toBe(200);
  // 30 contacts linked to friends: 10 important (3 of them no marketing), 20 not.
  const [row] = await queryRows<{ id: string }>(t.db, sql`select id from line_channels where org_id = ${owner.orgId}`);
  await t.db.execute(sql`insert into contacts (org_id, first_name, last_name, is_important, no_marketing, owner_user_id)
    select ${owner.orgId}, 'Friend', 'No.' || i, i <= 10, i <= 3, ${owner.user.id} from generate_series(1, 30) i`);
  await t.db.execute(sql`insert into line_friends (org_id, channel_row_id, line_user_id, display_name, contact_id)
    select ${owner.orgId}, ${row!.id}, 'U8' || lpad(substr(c.last_name, 4), 31, '0'), c.last_name, c.id
    from contacts c where c.org_id = ${owner.orgId} and c.last_name like 'No.%'`);
  for (let i = 1; i <= 30; i += 1) line.addUser(userId(i), `No.${i}`);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('saved contact filters', () => {
  it('are saved and listed per workspace; another workspace neither sees nor deletes them; only their creator or an administrator deletes', async () => {
    const saved = await as(owner, 'POST', '/saved-filters/customer', { name: '重要客戶', filter: { important: true } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '重要客戶', filter: { important: true }, createdByUserId: owner.user.id });
    expect((await as(owner, 'GET', '/saved-filters/customer')).body.data.items).toHaveLength(1);
    expect((await as(other, 'GET', '/saved-filters/customer', undefined, other.orgId)).body.data.items).toEqual([]);
    expect((await as(other, 'DELETE', `/saved-filters/customer/${saved.body.data.id}`, undefined, other.orgId)).status).toBe(404);
    const bad = await as(owner, 'POST', '/saved-filters/customer', { name: '', filter: { noContactDays: 7 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('name');
    const mine = await as(member, 'POST', '/saved-filters/customer', { name: 'Mine', filter: { keyword: 'No.2' } });
    expect(mine.status).toBe(200);
    expect((await as(member, 'DELETE', `/saved-filters/customer/${saved.body.data.id}`)).status).toBe(403);
    expect((await as(owner, 'DELETE', `/saved-filters/customer/${mine.body.data.id}`)).status).toBe(200);
  });

  it('as an audience: the count before sending is what the send reaches (no marketing skipped); another workspace’s filter is refused', async () => {
    const [filter] = (await as(owner, 'GET', '/saved-filters/customer')).body.data.items;
    const preview = await as(owner, 'POST', '/social/line/segments/preview', { savedFilterId: filter.id });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ recipients: 7, optedOut: 3, blocked: 0, notLinked: 0 });
    const theirs = await as(other, 'POST', '/saved-filters/customer', { name: 'Theirs', filter: {} }, other.orgId);
    const refused = await as(owner, 'POST', '/social/line/segments/preview', { savedFilterId: theirs.body.data.id });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe('savedFilterId');
    const both = await as(owner, 'POST', '/social/line/segments/preview', {});
    expect(both.status).toBe(400);

    const created = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, text: 'VIP night' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ savedFilterId: filter.id, tagId: null, kind: 'text' });
    await run();
    const done = (await as(owner, 'GET', `/social/line/segments/${created.body.data.id}`)).body.data;
    expect(done).toMatchObject({ status: 'done', total: 7, sent: 7, skippedOptOut: 3 });
    const reached = new Set(line.sent.filter((m) => m.messages[0].text === 'VIP night').map((m) => m.to));
    expect([...reached].sort()).toEqual([4, 5, 6, 7, 8, 9, 10].map(userId).sort());
  });
});

describe('segment messages besides text', () => {
  it('an image: uploaded, then sent as an image message LINE fetches from our signed link, with its words after it', async () => {
    const [filter] = (await as(owner, 'GET', '/saved-filters/customer')).body.data.items;
    const png = solidPng(120, 80);
    const upload = await injectMultipart(t.app, url('/social/line/segments/images', owner.orgId), owner.token, multipart({}, { field: 'image', filename: 'sale.png', contentType: 'image/png', data: png }));
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const gif = await injectMultipart(t.app, url('/social/line/segments/images', owner.orgId), owner.token, multipart({}, { field: 'image', filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a') }));
    expect(gif.status).toBe(400);
    expect((await injectMultipart(t.app, url('/social/line/segments/images', owner.orgId), member.token, multipart({}, { field: 'image', filename: 'sale.png', contentType: 'image/png', data: png }))).status).toBe(403);

    expect((await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'image' })).body.details[0].field).toBe('imageFileId');
    const created = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'image', imageFileId: upload.body.data.fileId, text: '週末 8 折' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ kind: 'image', imageUrl: expect.stringContaining(upload.body.data.fileId) });
    await run();
    const sent = line.sent.filter((m) => m.messages[0].type === 'image');
    expect(sent).toHaveLength(7);
    expect(sent[0]!.messages[1]).toEqual({ type: 'text', text: '週末 8 折' });
    expect(line.fetchedImages.at(-1)).toMatchObject({ status: 200, mimeType: 'image/png', bytes: png.length });
  });

  it('a business card and the booking page go as buttons templates within LINE’s limits; too long words are a 400 naming the field', async () => {
    const [filter] = (await as(owner, 'GET', '/saved-filters/customer')).body.data.items;
    const long = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'card', cardUserId: owner.user.id, text: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toMatchObject({ field: 'text', reason: 'tooLong' });
    const notPublic = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'card', cardUserId: member.user.id });
    expect(notPublic.body.details[0].field).toBe('cardUserId');

    const card = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'card', cardUserId: owner.user.id, text: '我的電子名片', linkLabel: '查看名片' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const booking = await as(owner, 'POST', '/social/line/segments', { savedFilterId: filter.id, kind: 'booking', text: '線上預約享優惠', linkLabel: '立即預約' });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    await run();
    const templates = line.sent.filter((m) => m.messages[0].type === 'template').map((m) => m.messages[0]);
    expect(templates).toHaveLength(14);
    const cardMessage = templates.find((m) => m.template.text === '我的電子名片');
    expect(cardMessage.template).toMatchObject({ type: 'buttons', title: expect.stringContaining('小明'), actions: [{ type: 'uri', label: '查看名片', uri: expect.stringMatching(/\/card\/\w+$/) }] });
    const bookingMessage = templates.find((m) => m.template.text === '線上預約享優惠');
    expect(bookingMessage.template.actions[0]).toMatchObject({ label: '立即預約', uri: expect.stringMatching(/\/book\/acme-shop$/) });
    expect(bookingMessage.altText).toContain('/book/acme-shop');
  });
});
