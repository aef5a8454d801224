import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { addMember, call, readMail, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { startMailServers, type MailServers } from '../../../test/mail-servers.ts';
import { createContact } from '../../../test/records.ts';
import { connectLine } from '../../../test/line.ts';
import { createLineDeps } from '../../channels/line/line.deps.ts';
import { processPushes } from '../../channels/line/line.pushes.ts';

/**
 * Issue 36: a quote goes by LINE to the deal contact's linked friend (a push through LINE's outbox, against the LINE
 * double) and by e-mail from the sender's connected mailbox (real SMTP and IMAP servers), else the system mail. The
 * send dialog's channels answer what this contact actually has.
 */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let servers: MailServers;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const mailboxUser = 'sales@lodestar.test';
const mailboxPassword = 'app-password-9';
const friendUserId = 'U30000000000000000000000000000001';
let friendDeal: string;
let plainDeal: string;

const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, body?: unknown, orgId = owner.orgId) => call(t.app, method, url(p, orgId), { token: user.token, body, locale: 'zh-TW' });
const pushes = () => processPushes(t.db, createLineDeps(t.app.config), t.app.log);
const pushesTo = (userId: string) => line.sent.filter((m) => m.via === 'push' && m.to === userId).map((m) => m.messages[0].text as string);

async function newQuote(dealId: string): Promise<Json> {
  const answer = await as(owner, 'POST', '/quote', { dealId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  servers = await startMailServers({ [mailboxUser]: mailboxPassword });
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), DATA_DIR: path.join(os.tmpdir(), `lodestar-quote-send-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  member = await registerUser(t.app);
  await addMember(t.db, owner.orgId, member.user.id);
  await connectLine(t.app, owner, channel);

  // A contact linked to a LINE friend, and one with only an e-mail.
  line.addUser(friendUserId, '林小美');
  await line.userSends(channel.channelId, { userId: friendUserId, kind: 'follow' });
  await t.app.background.idle();
  const conversation = (await as(owner, 'GET', '/social/line/conversations')).body.data.items.find((c: Json) => c.lineUserId === friendUserId);
  const friendContact = await createContact(t.app, owner.token, owner.orgId, { firstName: '小美', lastName: '林', emails: [{ value: 'mei@example.com' }] });
  expect((await as(owner, 'PUT', `/social/line/conversations/${conversation.id}/contact`, { contactId: friendContact })).status).toBe(200);
  const plainContact = await createContact(t.app, owner.token, owner.orgId, { firstName: '大同', lastName: '陳', emails: [{ value: 'chen@example.com' }] });
  const products = [{ name: '雲端方案', singlePrice: '5000', quotedPrice: '5000', num: 1 }];
  friendDeal = await createDeal(t.app, owner.token, owner.orgId, { name: '門市導入', clientId: friendContact, products });
  plainDeal = await createDeal(t.app, owner.token, owner.orgId, { name: '總部導入', clientId: plainContact, products });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
  await servers?.stop();
});

describe('sending a quote (issue 36)', () => {
  it('offers only what the contact has; LINE to a contact without a friend is a 409 and nothing is sent', async () => {
    const quote = await newQuote(plainDeal);
    const offered = await as(owner, 'GET', `/quote/${quote.id}/channels`);
    expect(offered.body.data).toEqual({ email: 'chen@example.com', mailbox: null, line: false });
    const refused = await as(owner, 'POST', `/quote/${quote.id}/send`, { line: true, email: 'chen@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('QUOTE_NO_LINE_FRIEND');
    expect((await as(owner, 'GET', `/quote/${quote.id}`)).body.data.status).toBe('draft');
    expect(await readMail(t.app, t.db, 'chen@example.com')).toHaveLength(0);

    // Without a connected mailbox the system mail sends it.
    const sent = await as(owner, 'POST', `/quote/${quote.id}/send`, { email: 'chen@example.com' });
    expect(sent.status).toBe(200);
    const [mail] = await readMail(t.app, t.db, 'chen@example.com');
    expect(mail!.text).toContain(`/q/${quote.publicPath.slice(3)}`);
    expect(servers.delivered).toHaveLength(0);
  });

  it('pushes the link by LINE to the linked friend: once per send, through the push outbox, shown in the thread', async () => {
    const quote = await newQuote(friendDeal);
    expect((await as(owner, 'GET', `/quote/${quote.id}/channels`)).body.data).toEqual({ email: 'mei@example.com', mailbox: null, line: true });
    const sent = await as(owner, 'POST', `/quote/${quote.id}/send`, { line: true, message: '林小姐您好' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe('sent');
    expect(await pushes()).toBe(1);
    expect(await pushes()).toBe(0);
    const [text] = pushesTo(friendUserId);
    expect(text).toContain('林小姐您好');
    expect(text).toContain(`${quote.number} v1`);
    expect(text).toContain(`${t.app.config.publicUrl}/q/${quote.publicPath.slice(3)}`);
    expect(text).toContain('5,250');
    const rows = await queryRows<{ source: string; status: string }>(t.db, sql`select source, status from line_pushes where org_id = ${owner.orgId}`);
    expect(rows).toEqual([{ source: expect.stringMatching(new RegExp(`^quote:${quote.id}:\\d+$`)), status: 'sent' }]);
    // Sent again: a second push.
    expect((await as(owner, 'POST', `/quote/${quote.id}/send`, { line: true })).status).toBe(200);
    expect(await pushes()).toBe(1);
    expect(pushesTo(friendUserId)).toHaveLength(2);
  });

  it("e-mails from the sender's connected mailbox with the PDF, not through the system mail", async () => {
    const connected = await as(owner, 'POST', '/mailboxes', {
      imapHost: '127.0.0.1', imapPort: servers.imap.port, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: servers.smtpPort, smtpSecurity: 'none',
      username: mailboxUser, password: mailboxPassword, email: mailboxUser,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const quote = await newQuote(friendDeal);
    expect((await as(owner, 'GET', `/quote/${quote.id}/channels`)).body.data).toEqual({ email: 'mei@example.com', mailbox: mailboxUser, line: true });
    const sent = await as(owner, 'POST', `/quote/${quote.id}/send`, { email: 'mei@example.com', line: true });
    expect(sent.status).toBe(200);
    const delivered = servers.delivered.filter((m) => m.to.includes('mei@example.com'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe(mailboxUser);
    expect(delivered[0]!.raw).toContain('application/pdf');
    expect(delivered[0]!.raw).toContain(`${quote.number}-v1.pdf`);
    expect(await readMail(t.app, t.db, 'mei@example.com')).toHaveLength(0);
    expect(await pushes()).toBe(1);
  });

  it('a member who cannot edit the deal, and another workspace, can neither see the channels nor send', async () => {
    const quote = await newQuote(plainDeal);
    expect([403, 404]).toContain((await as(member, 'GET', `/quote/${quote.id}/channels`)).status);
    expect([403, 404]).toContain((await as(member, 'POST', `/quote/${quote.id}/send`, { line: true })).status);
    expect((await as(other, 'GET', `/quote/${quote.id}/channels`, undefined, other.orgId)).status).toBe(404);
    expect((await as(other, 'POST', `/quote/${quote.id}/send`, { email: 'x@example.com' }, other.orgId)).status).toBe(404);
    expect((await as(owner, 'GET', `/quote/${quote.id}`)).body.data.status).toBe('draft');
  });
});
