import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../access/privileges/access-core.ts';
import { addMember, call, registerUser, type TestUser } from '../../../test/factories.ts';
import { startMailProvidersDouble, type MailProvidersDouble } from '../../../test/mail-providers-double.ts';
import { startMailServers, type MailServers } from '../../../test/mail-servers.ts';
import { crmFixture, createContact, type CrmFixture } from '../../../test/records.ts';
import { createMailDeps } from './mailboxes.deps.ts';
import { deliverQueuedMail, queueTemplateMail, type SendDeps } from './mailboxes.sends.ts';
import { mailSends } from './mailboxes.table.ts';

/**
 * Queued sends (a workflow's e-mail step) from a Gmail and an Outlook mailbox when the process dies mid-send: cut
 * off after the provider took the message and before `sent` was recorded, the next pass finds the Message-ID in the
 * mailbox and marks it sent without sending again; cut off before the provider took it, the mailbox does not hold it
 * and it is sent now, once. IMAP + SMTP (a real Dovecot and SMTP server): a copy in the Sent folder confirms it; none
 * there leaves it unconfirmed — SMTP may have relayed it before the copy was filed — and it is not sent again.
 */
let f: CrmFixture;
let double: MailProvidersDouble;
let servers: MailServers;
let imapSender: TestUser;
let imapContactId: string;
const imapLogin = { user: 'kai@lodestar.test', password: 'app-password-2' };
let deps: SendDeps;
let templateId: string;
let contactId: string;
const emails = { gmail: 'sam@gmail.example', outlook: 'mia@outlook.example' };
const url = (path: string) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${f.owner.orgId}`;

async function connect(user: TestUser, provider: 'gmail' | 'outlook'): Promise<void> {
  const start = await call(f.t.app, 'GET', url(`/mailboxes/oauth/${provider}/authorize?backfillDays=30`), { token: user.token });
  const back = new URL((await fetch(new URL(start.body.data.url), { redirect: 'manual' })).headers.get('location')!);
  const callback = await f.t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.headers.location).toContain('outcome=connected');
  await f.t.app.background.idle();
}

const sentWith = (provider: 'gmail' | 'outlook', messageId: string) => double[provider].sent.filter((mime) => mime.includes(`<${messageId}>`));
const rowOf = async (source: string) => (await f.t.db.select().from(mailSends).where(and(eq(mailSends.orgId, f.owner.orgId), eq(mailSends.source, source))))[0]!;

beforeAll(async () => {
  double = await startMailProvidersDouble(emails);
  f = await crmFixture({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), ...double.config() });
  await connect(f.owner, 'gmail');
  await connect(f.member, 'outlook');
  servers = await startMailServers({ [imapLogin.user]: imapLogin.password });
  imapSender = await registerUser(f.t.app, { firstName: 'Kai' });
  await addMember(f.t.db, f.owner.orgId, imapSender.user.id, { isSystemAdministrator: true });
  const imap = await call(f.t.app, 'POST', url('/mailboxes'), {
    token: imapSender.token,
    body: { imapHost: '127.0.0.1', imapPort: servers.imap.port, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: servers.smtpPort, smtpSecurity: 'none', username: imapLogin.user, password: imapLogin.password, email: imapLogin.user },
  });
  expect(imap.status).toBe(200);
  await f.t.app.background.idle();
  imapContactId = await createContact(f.t.app, imapSender.token, f.owner.orgId, { firstName: '大同', lastName: '林', emails: [{ value: 'datong@hongda.example.tw' }] });
  contactId = await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: '小明', lastName: '王', emails: [{ value: 'ming@hongda.example.tw' }] });
  const template = await call(f.t.app, 'POST', url('/mailboxes/templates'), { token: f.owner.token, body: { name: '歡迎', locale: 'zh-TW', subject: '{fullName} 您好', body: '歡迎。' } });
  templateId = template.body.data.id;
  deps = { mail: createMailDeps(f.t.app.config, f.t.app.mailer), mailer: f.t.app.mailer, log: f.t.app.log, leaseSeconds: 0 };
}, 120_000);
afterAll(async () => {
  await f?.t.close();
  await double?.close();
  await servers?.stop();
});

describe.each([
  ['gmail', () => f.owner],
  ['outlook', () => f.member],
] as const)('a queued send from %s cut by a crash', (provider, sender) => {
  it('after the provider took it: confirmed in the mailbox by its Message-ID, never sent twice', async () => {
    const source = `workflow:crash-${provider}:0:0`;
    const queued = await queueTemplateMail(f.t.db, await loadActor(f.t.db, sender().user.id, f.owner.orgId), { templateId, contactId, source, marketing: false });
    expect(queued).toMatchObject({ queued: true });
    const messageId = (await rowOf(source)).messageId;
    const crash = new Error('killed after the provider answered, before the sent-marker');
    await expect(deliverQueuedMail(f.t.db, { ...deps, afterSend: () => { throw crash; } })).rejects.toBe(crash);
    expect(sentWith(provider, messageId)).toHaveLength(1);
    expect(await rowOf(source)).toMatchObject({ status: 'sending', via: 'mailbox' });

    // The restarted job claims it again (its lease ran out) and asks the mailbox instead of sending.
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(1);
    expect(sentWith(provider, messageId)).toHaveLength(1);
    expect(await rowOf(source)).toMatchObject({ status: 'sent', error: null });
    const lookups = double[provider].requests.filter((r) => (provider === 'gmail' ? r.path.includes('rfc822msgid') : r.path.includes('internetMessageId')));
    expect(lookups.length).toBeGreaterThan(0);
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(0);
  });

  it('before the provider took it: not in the mailbox, so sent now — once', async () => {
    const source = `workflow:cut-${provider}:0:0`;
    await queueTemplateMail(f.t.db, await loadActor(f.t.db, sender().user.id, f.owner.orgId), { templateId, contactId, source, marketing: false });
    const row = await rowOf(source);
    // As left by a kill -9 right after the claim and the `via` note: marked `sending`, nothing handed over.
    await f.t.db.update(mailSends).set({ status: 'sending', via: 'mailbox', attempts: 1, lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailSends.id, row.id));
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(1);
    expect(sentWith(provider, row.messageId)).toHaveLength(1);
    expect(await rowOf(source)).toMatchObject({ status: 'sent' });
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(0);
    expect(sentWith(provider, row.messageId)).toHaveLength(1);
  });
});

describe('a queued send from an IMAP + SMTP mailbox cut by a crash', () => {
  const delivered = (messageId: string) => servers.delivered.filter((mail) => mail.raw.includes(`<${messageId}>`));

  it('after SMTP took it and the copy was filed: found in the Sent folder, not sent again', async () => {
    const source = 'workflow:crash-imap:0:0';
    await queueTemplateMail(f.t.db, await loadActor(f.t.db, imapSender.user.id, f.owner.orgId), { templateId, contactId: imapContactId, source, marketing: false });
    const { messageId } = await rowOf(source);
    const crash = new Error('killed after the send, before the sent-marker');
    await expect(deliverQueuedMail(f.t.db, { ...deps, afterSend: () => { throw crash; } })).rejects.toBe(crash);
    expect(delivered(messageId)).toHaveLength(1);
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(1);
    expect(await rowOf(source)).toMatchObject({ status: 'sent' });
    expect(delivered(messageId)).toHaveLength(1);
  });

  it('no copy in the Sent folder: unconfirmed, never sent blindly', async () => {
    const source = 'workflow:cut-imap:0:0';
    await queueTemplateMail(f.t.db, await loadActor(f.t.db, imapSender.user.id, f.owner.orgId), { templateId, contactId: imapContactId, source, marketing: false });
    const row = await rowOf(source);
    await f.t.db.update(mailSends).set({ status: 'sending', via: 'mailbox', attempts: 1, lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailSends.id, row.id));
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(1);
    expect(await rowOf(source)).toMatchObject({ status: 'unconfirmed', error: expect.stringContaining('not sent again') });
    expect(delivered(row.messageId)).toHaveLength(0);
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(0);
  });
});
