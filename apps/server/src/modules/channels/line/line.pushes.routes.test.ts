import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, readMail, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { createContact } from '../../../test/records.ts';
import { createService, futureDay, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';
import { sendReminders } from '../../booking/reservations/reservations.notices.ts';
import { createLineDeps } from './line.deps.ts';
import { processPushes } from './line.pushes.ts';

/** Issue 32: booking notices go by LINE push to a linked friend (once, with LINE's retry key), by mail otherwise. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let business: Json;
let service: Json;
const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, body?: unknown, locale?: string) => call(t.app, method, url(p), { token, body, ...(locale ? { locale } : {}) });
const send = () => processPushes(t.db, createLineDeps(t.app.config), t.app.log);
const pushesTo = (userId: string) => line.sent.filter((m) => m.via === 'push' && m.to === userId).map((m) => m.messages[0].text as string);
const pushRows = (contactId: string) =>
  queryRows<{ id: string; status: string; source: string; attempts: number; last_error: string | null; retry_key: string; due_in: number }>(
    t.db,
    sql`select p.id, p.status, p.source, p.attempts, p.last_error, p.retry_key, extract(epoch from p.run_at - now())::int as due_in
        from line_pushes p join line_friends f on f.id = p.friend_id where f.contact_id = ${contactId} order by p.created_at`,
  );

/** A LINE friend of the account, linked by hand to a new contact with an e-mail. */
async function linkedFriend(userId: string, name: string): Promise<string> {
  return (await linkedConversation(userId, name)).contactId;
}

async function linkedConversation(userId: string, name: string): Promise<{ contactId: string; conversationId: string }> {
  line.addUser(userId, name);
  await line.userSends(channel.channelId, { userId, kind: 'follow' });
  await t.app.background.idle();
  const conversation = (await as(owner.token, 'GET', '/social/line/conversations')).body.data.items.find((c: Json) => c.lineUserId === userId);
  const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: name, emails: [{ value: `${userId.toLowerCase()}@example.com` }] });
  expect((await as(owner.token, 'PUT', `/social/line/conversations/${conversation.id}/contact`, { contactId })).status).toBe(200);
  return { contactId, conversationId: conversation.id };
}

async function book(contactId: string, overrides: Record<string, unknown> = {}): Promise<Json> {
  const res = await as(owner.token, 'POST', '/booking/reservation', reservationBody(business.id, service.id, { associateCustomer: contactId, ...overrides }), 'zh-TW');
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-pushes-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  await connectLine(t.app, owner, channel);
  business = await saveBusiness(t.app, owner.token, owner.orgId, { reminderTime: '18:00' });
  service = await createService(t.app, owner.token, owner.orgId, { title: '剪髮' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('booking notices on LINE', () => {
  it('the business keeps its reminder time; a bad one is a 400 naming the field', async () => {
    expect(business.reminderTime).toBe('18:00');
    const bad = await as(owner.token, 'PUT', '/business', { idName: business.idName, concurrentBooking: 3, reminderTime: '25:00' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('reminderTime');
  });

  it('a linked friend gets the confirmation and the cancellation by push, not by mail; each once', async () => {
    const userId = 'U20000000000000000000000000000001';
    const contactId = await linkedFriend(userId, '林小美');
    const reservation = await book(contactId, { selectedTime: '10:00' });
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    const [confirmation] = pushesTo(userId);
    expect(confirmation).toContain('您已預約');
    expect(confirmation).toContain('剪髮');
    expect(await readMail(t.app, t.db, `${userId.toLowerCase()}@example.com`)).toHaveLength(0);

    expect((await as(owner.token, 'PUT', `/booking/order/${reservation.id}/cancel`)).status).toBe(200);
    expect(await send()).toBe(1);
    expect(pushesTo(userId)[1]).toContain('已取消');
    // The thread shows what went out; each push carried its own retry key.
    const rows = await pushRows(contactId);
    expect(rows.map((r) => [r.status, r.source.split(':')[2]])).toEqual([
      ['sent', 'confirmed'],
      ['sent', 'cancelled'],
    ]);
    const keys = line.pushRequests.filter((r) => rows.some((row) => row.retry_key === r.retryKey));
    expect(keys).toHaveLength(2);
    const conversation = (await as(owner.token, 'GET', '/social/line/conversations')).body.data.items.find((c: Json) => c.lineUserId === userId);
    const thread = (await as(owner.token, 'GET', `/social/line/conversations/${conversation.id}`)).body.data.messages;
    expect(thread.filter((m: Json) => m.direction === 'out' && m.via === 'push')).toHaveLength(2);
  });

  it('a contact without a linked friend (or whose friend unfollowed) gets mail', async () => {
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Mail Only', emails: [{ value: 'mail-only@example.com' }] });
    await book(contactId, { selectedTime: '11:00' });
    expect(await readMail(t.app, t.db, 'mail-only@example.com')).toHaveLength(1);

    const userId = 'U20000000000000000000000000000002';
    const blocked = await linkedFriend(userId, 'Blocked');
    await line.userSends(channel.channelId, { userId, kind: 'unfollow' });
    await t.app.background.idle();
    await book(blocked, { selectedTime: '12:00' });
    expect(await readMail(t.app, t.db, `${userId.toLowerCase()}@example.com`)).toHaveLength(1);
    expect(await pushRows(blocked)).toEqual([]);
  });

  it('LINE down: the push waits and goes out later; a 429 waits its Retry-After', async () => {
    const userId = 'U20000000000000000000000000000003';
    const contactId = await linkedFriend(userId, 'Patient');
    line.setOutage(503);
    await book(contactId, { selectedTime: '13:00' });
    expect(await send()).toBe(0);
    line.setOutage(null);
    let [row] = await pushRows(contactId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('503');
    expect(row!.due_in).toBeGreaterThan(20);

    line.throttle(1, 7);
    await t.db.execute(sql`update line_pushes set run_at = now() where id = ${row!.id}`);
    expect(await send()).toBe(0);
    [row] = await pushRows(contactId);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.due_in).toBeGreaterThanOrEqual(5);
    expect(row!.due_in).toBeLessThanOrEqual(7);

    await t.db.execute(sql`update line_pushes set run_at = now() where id = ${row!.id}`);
    expect(await send()).toBe(1);
    expect(pushesTo(userId)).toHaveLength(1);
  });

  it('a push LINE accepted before a crash is not sent twice: the same retry key answers 409, counted as sent', async () => {
    const userId = 'U20000000000000000000000000000004';
    const contactId = await linkedFriend(userId, 'Crash');
    await book(contactId, { selectedTime: '14:00' });
    const [row] = await pushRows(contactId);
    // The first worker pushed, then died before recording it (its lease lapsed).
    const deps = createLineDeps(t.app.config);
    const token = (await queryRows<{ access_token: string }>(t.db, sql`select access_token from line_channels where org_id = ${owner.orgId}`))[0]!.access_token;
    await deps.client.push(deps.secrets.decrypt(token), userId, [{ type: 'text', text: 'first attempt' }], row!.retry_key);
    expect(await send()).toBe(1);
    expect(pushesTo(userId)).toEqual(['first attempt']);
    const repeated = line.pushRequests.filter((r) => r.retryKey === row!.retry_key);
    expect(repeated.map((r) => r.status)).toEqual([200, 409]);
    expect((await pushRows(contactId))[0]!.status).toBe('sent');
  });

  it('the reminder goes the day before at the business time, once: LINE for a linked friend, mail otherwise', async () => {
    const userId = 'U20000000000000000000000000000005';
    const contactId = await linkedFriend(userId, 'Tomorrow');
    const mailed = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Mailed', emails: [{ value: 'remind-me@example.com' }] });
    const day = futureDay(20);
    const a = await book(contactId, { ...day, selectedTime: '15:00' });
    await book(mailed, { ...day, selectedTime: '16:00' });
    const remindAt = new Date(new Date(a.startAt).getTime() - 21 * 3_600_000); // 18:00 the day before, Asia/Taipei
    expect(await sendReminders(t.db, t.app.mailer, new Date(remindAt.getTime() - 60_000))).toBe(0);
    expect(await sendReminders(t.db, t.app.mailer, remindAt)).toBe(2);
    expect(await sendReminders(t.db, t.app.mailer, remindAt)).toBe(0);
    await send();
    expect(pushesTo(userId).at(-1)).toContain('提醒您明天');
    const mails = await readMail(t.app, t.db, 'remind-me@example.com');
    // The confirmation is sent in the background, so it may be written after the reminder: order is not the point.
    expect(mails.map((m) => m.subject).sort()).toEqual([expect.stringMatching(/^明天的預約：/), expect.stringMatching(/^預約確認：/)]);
  });
});

describe('a signed booking link from the chat', () => {
  it('prefills the public page for the linked contact; the booking finds that contact and confirms on LINE', async () => {
    const userId = 'U20000000000000000000000000000006';
    const { contactId, conversationId } = await linkedConversation(userId, '張小華');
    const reply = await as(owner.token, 'POST', '/social/line/saved-replies', { title: 'Book', texts: { 'zh-TW': '{name} 您好，預約請點：{bookingLink}' }, quickReplies: [] });
    const rendered = await as(owner.token, 'POST', `/social/line/conversations/${conversationId}/render`, { savedReplyId: reply.body.data.id, locale: 'zh-TW' });
    const link = /https?:\/\/\S+/.exec(rendered.body.data.text)![0];
    expect(link).toContain(`/book/${business.idName}?p=`);
    const token = new URL(link).searchParams.get('p')!;

    const prefill = await call(t.app, 'GET', `/api/public/booking/${business.idName}/prefill?p=${encodeURIComponent(token)}`);
    expect(prefill.status).toBe(200);
    expect(prefill.body.data).toEqual({ name: expect.stringContaining('張小華'), phone: '', email: `${userId.toLowerCase()}@example.com` });
    // A changed signature, contact or expiry, or another business's page: 404, nothing told.
    const [id, expires, signature] = token.split('.');
    for (const bad of [`${id}.${expires}.${signature!.slice(1)}x`, `${id}.${Number(expires) + 1}.${signature}`, `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${expires}.${signature}`]) {
      expect((await call(t.app, 'GET', `/api/public/booking/${business.idName}/prefill?p=${encodeURIComponent(bad)}`)).status).toBe(404);
    }
    const other = await signedInOwner(t.app, 'Other');
    const otherBusiness = await saveBusiness(t.app, other.token, other.orgId);
    expect((await call(t.app, 'GET', `/api/public/booking/${otherBusiness.idName}/prefill?p=${encodeURIComponent(token)}`)).status).toBe(404);

    const booked = await call(t.app, 'POST', `/api/public/booking/${business.idName}/reservation`, {
      locale: 'zh-TW',
      body: reservationBody(business.id, service.id, { ...prefill.body.data, phone: '0911-000-111', selectedTime: '17:00' }),
    });
    expect(booked.status).toBe(200);
    await send();
    expect(pushesTo(userId).at(-1)).toContain('您已預約');
    expect((await pushRows(contactId)).map((r) => r.status)).toEqual(['sent']);
  });
});
