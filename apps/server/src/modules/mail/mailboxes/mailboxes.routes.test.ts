import { ImapFlow } from 'imapflow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { call } from '../../../test/factories.ts';
import { crmFixture, createCompany, createContact, type CrmFixture } from '../../../test/records.ts';
import { rawMessage, startMailServers, type MailServers } from '../../../test/mail-servers.ts';
import { createMailDeps } from './mailboxes.deps.ts';
import { runMailSync } from './mailboxes.sync.ts';

/**
 * Connect → backfill → incremental → send → the reply comes back into the thread, against a real Dovecot (IMAP) and
 * a real SMTP server; only contacts' mail is ever stored; another workspace and another member (private mode) never
 * read it; a changed password shows as the mailbox's health and a reconnect recovers.
 */
let f: CrmFixture;
let servers: MailServers;
const user = 'sam@lodestar.test';
const password = 'app-password-1';
const key = Buffer.alloc(32, 7).toString('base64');
let contactId: string;
let companyId: string;
let mailboxId: string;

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const settings = () => ({ imapHost: '127.0.0.1', imapPort: servers.imap.port, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: servers.smtpPort, smtpSecurity: 'none', username: user, password });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const storedSubjects = async () => (await queryRows<{ subject: string }>(f.t.db, sql`select subject from emails order by sent_at`)).map((row) => row.subject);
const syncNow = async () => {
  const { status, body } = await call(f.t.app, 'POST', url(`/mailboxes/${mailboxId}/sync`), { token: f.owner.token });
  expect(status).toBe(200);
  return body.data;
};

beforeAll(async () => {
  servers = await startMailServers({ [user]: password });
  f = await crmFixture({ ENCRYPTION_KEY: key });
  // The member owns the records, so both the member and the owner (an administrator) see them.
  companyId = await createCompany(f.t.app, f.member.token, f.owner.orgId, { name: '宏達貿易', url: 'https://hongda.example.tw' });
  contactId = await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: '小明', lastName: '王', emails: [{ value: 'ming@hongda.example.tw' }], companyId });
  await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: 'Colleague', emails: [{ value: 'pat@lodestar.test' }] });

  const append = (raw: string, date = daysAgo(1)) => servers.append(user, password, raw, 'INBOX', date);
  await append(rawMessage({ From: '王小明 <ming@hongda.example.tw>', To: user, Subject: '=?Big5?B?s/i7+bPmvVS7ew==?=', 'Message-ID': '<q1@hongda.example.tw>', Date: daysAgo(3).toUTCString() }, 'Please confirm the quote.'), daysAgo(3));
  await append(rawMessage({ From: 'stranger@spam.example', To: user, Subject: 'Stranger offer', 'Message-ID': '<s1@spam.example>' }, 'Buy now'));
  await append(rawMessage({ From: 'ming@hongda.example.tw', To: user, Subject: 'Too old', 'Message-ID': '<old@hongda.example.tw>' }, 'old'), daysAgo(200));
  await append(rawMessage({ From: 'pat@lodestar.test', To: user, Subject: 'Colleague note', 'Message-ID': '<c1@lodestar.test>' }, 'internal'));
  await append(rawMessage({ From: 'lee@hongda.example.tw', To: user, Subject: 'Same company, not a contact', 'Message-ID': '<d1@hongda.example.tw>' }, 'domain'));
  await append(
    rawMessage(
      { From: 'ming@hongda.example.tw', To: user, Subject: 'HTML with a trap', 'Message-ID': '<h1@hongda.example.tw>', 'Content-Type': 'text/html; charset=utf-8' },
      '<p onclick="alert(1)">Hi<script>alert(1)</script><img src="https://tracker.example/p.gif"><a href="javascript:alert(1)">x</a></p>',
    ),
  );
}, 120_000);
afterAll(async () => {
  await f?.t.close();
  await servers?.stop();
});

describe('connecting', () => {
  it('"Test connection" answers each side in plain words', async () => {
    const ok = await call(f.t.app, 'POST', url('/mailboxes/test'), { token: f.owner.token, body: settings() });
    expect(ok.body.data).toEqual({ imap: { ok: true, problem: null, detail: null }, smtp: { ok: true, problem: null, detail: null } });
    const wrong = await call(f.t.app, 'POST', url('/mailboxes/test'), { token: f.owner.token, body: { ...settings(), password: 'nope' } });
    expect(wrong.body.data.imap).toMatchObject({ ok: false, problem: 'authFailed' });
    expect(wrong.body.data.smtp).toMatchObject({ ok: false, problem: 'authFailed' });
    const closed = await call(f.t.app, 'POST', url('/mailboxes/test'), { token: f.owner.token, body: { ...settings(), imapPort: 1, smtpPort: 1 } });
    expect(closed.body.data.imap).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(closed.body.data.smtp).toMatchObject({ ok: false, problem: 'unreachable' });
  });

  it('refuses a wrong password at once (localized), and a bad field by name', async () => {
    const wrong = await call(f.t.app, 'POST', url('/mailboxes'), { token: f.owner.token, locale: 'zh-TW', body: { ...settings(), email: user, password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('MAILBOX_CONNECT_FAILED');
    expect(wrong.body.errorMessage).toContain('應用程式密碼');
    const bad = await call(f.t.app, 'POST', url('/mailboxes'), { token: f.owner.token, body: { ...settings(), email: user, imapPort: 70000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('imapPort');
  });

  it('connects, keeps the password encrypted, and backfills only mail to or from contacts within the window', async () => {
    const { status, body } = await call(f.t.app, 'POST', url('/mailboxes'), { token: f.owner.token, body: { ...settings(), email: user, excluded: ['lodestar.test'] } });
    expect(status).toBe(200);
    expect(JSON.stringify(body.data)).not.toContain(password);
    mailboxId = body.data.id;
    await f.t.app.background.idle();
    const [row] = await queryRows<{ password: string; cursors: Record<string, { lastUid: number }> }>(f.t.db, sql`select password, cursors from mailboxes where id = ${mailboxId}`);
    expect(row!.password).toMatch(/^v1\./);
    expect(row!.cursors.INBOX!.lastUid).toBe(6);
    // The Big5 subject decoded; the stranger, the colleague (excluded domain), the company's other address (no
    // domain opt-in) and the message older than 90 days are nowhere in the database.
    expect(await storedSubjects()).toEqual(['報價單確認', 'HTML with a trap']);
    const dump = await queryRows<{ text: string }>(f.t.db, sql`select string_agg(e::text, ' ') as text from emails e`);
    expect(dump[0]!.text).not.toMatch(/Stranger|spam\.example|Colleague note|Too old|Same company/);
    const list = await call(f.t.app, 'GET', url('/mailboxes'), { token: f.owner.token });
    expect(list.body.data[0]).toMatchObject({ status: 'idle', storedCount: 2, lastProblem: null });
    expect(list.body.data[0].lastSyncedAt).not.toBeNull();
  });

  it('stores HTML sanitized: no script, handler or javascript: link; the remote image is left for the page to hold back', async () => {
    const [row] = await queryRows<{ html: string }>(f.t.db, sql`select html from emails where subject = 'HTML with a trap'`);
    expect(row!.html).not.toMatch(/script|onclick|javascript:/i);
    expect(row!.html).toContain('Hi');
  });
});

describe('incremental sync', () => {
  it('reads only what arrived since (UIDNEXT), never twice', async () => {
    await servers.append(user, password, rawMessage({ From: 'ming@hongda.example.tw', To: user, Subject: 'Follow-up', 'Message-ID': '<q2@hongda.example.tw>' }, 'Any news?'));
    const mailbox = await syncNow();
    expect(mailbox.storedCount).toBe(3);
    expect(await syncNow()).toMatchObject({ storedCount: 3, status: 'idle' });
  });

  it('resumes after a crash mid-backfill (cursor behind what was stored, lease run out) with no duplicate, once across two servers', async () => {
    await f.t.db.execute(sql`update mailboxes set cursors = '{}'::jsonb, locked_until = now() - interval '1 minute', sync_at = now() where id = ${mailboxId}`);
    const before = await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from events where type = 'email.synced'`);
    // Two app servers claim at once: the lease lets one sync, the other finds nothing due.
    const deps = createMailDeps(f.t.app.config);
    const [a, b] = await Promise.all([runMailSync(f.t.db, deps, f.t.app.log), runMailSync(f.t.db, deps, f.t.app.log)]);
    expect(a.mailboxes + b.mailboxes).toBe(1);
    expect(await storedSubjects()).toHaveLength(3);
    const after = await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from events where type = 'email.synced'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('opted in to company domains, mail from anyone at the company joins the company', async () => {
    await call(f.t.app, 'PUT', url(`/mailboxes/${mailboxId}`), { token: f.owner.token, body: { includeCompanyDomains: true } });
    await servers.append(user, password, rawMessage({ From: 'lee@hongda.example.tw', To: user, Subject: 'From the company', 'Message-ID': '<d2@hongda.example.tw>' }, 'hello'));
    expect((await syncNow()).storedCount).toBe(4);
    const company = await call(f.t.app, 'GET', url(`/emails?entityType=company&entityId=${companyId}`), { token: f.owner.token });
    expect(company.body.data.threads.map((t: { subject: string }) => t.subject)).toContain('From the company');
  });
});

describe('sending and replies', () => {
  let sentId: string;
  it('sends through the member\'s own SMTP, files the copy in Sent, and shows "awaiting reply"', async () => {
    const { status, body } = await call(f.t.app, 'POST', url('/emails'), { token: f.owner.token, body: { to: ['ming@hongda.example.tw'], subject: '報價單', text: '附上報價單，請參考。' } });
    expect(status).toBe(200);
    sentId = body.data.id;
    expect(body.data).toMatchObject({ direction: 'out', mine: true, subject: '報價單' });
    const delivered = servers.delivered.at(-1)!;
    expect(delivered).toMatchObject({ from: user, to: ['ming@hongda.example.tw'] });
    const client = new ImapFlow({ host: servers.imap.host, port: servers.imap.port, secure: false, auth: { user, pass: password }, logger: false });
    await client.connect();
    expect(await client.status('Sent', { messages: true })).toMatchObject({ messages: 1 });
    await client.logout();
    const summary = await call(f.t.app, 'GET', url(`/record/summary?entityType=contact&entityId=${contactId}`), { token: f.owner.token });
    expect(summary.body.data.mail).toMatchObject({ state: 'awaiting', awaitingDays: 0 });
  });

  it('a reply to it comes back into the same thread, and the contact shows "replied"', async () => {
    const [sent] = await queryRows<{ message_id: string; thread_id: string }>(f.t.db, sql`select message_id, thread_id from emails where id = ${sentId}`);
    await servers.append(user, password, rawMessage({ From: 'ming@hongda.example.tw', To: user, Subject: 'Re: 報價單', 'Message-ID': '<r1@hongda.example.tw>', 'In-Reply-To': `<${sent!.message_id}>`, References: `<${sent!.message_id}>` }, 'Looks good.'));
    await syncNow();
    const threads = await call(f.t.app, 'GET', url(`/emails?entityType=contact&entityId=${contactId}`), { token: f.owner.token });
    const thread = threads.body.data.threads.find((t: { threadId: string }) => t.threadId === sent!.thread_id);
    expect(thread.emails.map((e: { subject: string; direction: string }) => [e.subject, e.direction])).toEqual([['報價單', 'out'], ['Re: 報價單', 'in']]);
    const summary = await call(f.t.app, 'GET', url(`/record/summary?entityType=contact&entityId=${contactId}`), { token: f.owner.token });
    expect(summary.body.data.mail).toMatchObject({ state: 'replied', awaitingDays: null });
    // Our own sent copy, read back from Sent by the sync, is not stored twice.
    expect((await storedSubjects()).filter((s) => s === '報價單')).toHaveLength(1);
  });

  it('answering with replyToId sets In-Reply-To and References', async () => {
    const [reply] = await queryRows<{ id: string }>(f.t.db, sql`select id from emails where message_id = 'r1@hongda.example.tw'`);
    const { status } = await call(f.t.app, 'POST', url('/emails'), { token: f.owner.token, body: { to: ['ming@hongda.example.tw'], subject: 'Re: 報價單', text: 'Thanks!', replyToId: reply!.id } });
    expect(status).toBe(200);
    const raw = servers.delivered.at(-1)!.raw;
    expect(raw).toMatch(/In-Reply-To: <r1@hongda\.example\.tw>/);
    expect(raw).toMatch(/References: <[^>]+>\s+<r1@hongda\.example\.tw>/);
  });

  it('the timeline lists the e-mail (kind mail), named by subject', async () => {
    const { body } = await call(f.t.app, 'GET', url(`/timeline/page?entityType=contact&entityId=${contactId}&kinds=mail`), { token: f.owner.token });
    expect(body.data.items.length).toBeGreaterThanOrEqual(5);
    expect(body.data.items.every((item: { action: string }) => item.action === 'email')).toBe(true);
    expect(body.data.items.map((item: { recordName: string }) => item.recordName)).toContain('Re: 報價單');
  });

  it('each new e-mail left its event (no body in it)', async () => {
    const rows = await queryRows<{ type: string; data: { record: Record<string, unknown> } }>(f.t.db, sql`select type, data from events where type in ('email.synced', 'email.sent')`);
    expect(rows.filter((r) => r.type === 'email.sent')).toHaveLength(2);
    expect(rows.filter((r) => r.type === 'email.synced').length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(rows)).not.toContain('Looks good.');
  });
});

describe('who sees what', () => {
  it('private mode: the member sees subject and people, not the body; only the owner switches it', async () => {
    const [row] = await queryRows<{ id: string }>(f.t.db, sql`select id from emails where message_id = 'q2@hongda.example.tw'`);
    expect((await call(f.t.app, 'PUT', url(`/emails/${row!.id}/private`), { token: f.member.token, body: { private: true } })).status).toBe(404);
    expect((await call(f.t.app, 'PUT', url(`/emails/${row!.id}/private`), { token: f.owner.token, body: { private: true } })).body.data).toMatchObject({ private: true, text: expect.stringContaining('Any news?') });
    const seen = await call(f.t.app, 'GET', url(`/emails?entityType=contact&entityId=${contactId}`), { token: f.member.token });
    const email = seen.body.data.threads.flatMap((t: { emails: unknown[] }) => t.emails).find((e: { id: string }) => e.id === row!.id);
    expect(email).toMatchObject({ subject: 'Follow-up', private: true, mine: false, text: null, html: null, snippet: null });
    expect(JSON.stringify(seen.body.data)).not.toContain('Any news?');
  });

  it('another workspace and another member never reach the mailbox or its mail', async () => {
    expect((await call(f.t.app, 'GET', url(`/emails?entityType=contact&entityId=${contactId}`, f.other.orgId), { token: f.other.token })).status).toBe(404);
    expect((await call(f.t.app, 'GET', url('/mailboxes', f.other.orgId), { token: f.other.token })).body.data).toEqual([]);
    expect((await call(f.t.app, 'GET', url('/mailboxes'), { token: f.member.token })).body.data).toEqual([]);
    expect((await call(f.t.app, 'POST', url(`/mailboxes/${mailboxId}/sync`), { token: f.member.token })).status).toBe(404);
    expect((await call(f.t.app, 'POST', url(`/mailboxes/${mailboxId}/sync`, f.other.orgId), { token: f.other.token })).status).toBe(404);
    expect((await call(f.t.app, 'DELETE', url(`/mailboxes/${mailboxId}`, f.other.orgId), { token: f.other.token })).status).toBe(404);
    const [row] = await queryRows<{ id: string }>(f.t.db, sql`select id from emails limit 1`);
    expect((await call(f.t.app, 'PUT', url(`/emails/${row!.id}/private`, f.other.orgId), { token: f.other.token, body: { private: false } })).status).toBe(404);
    // Sending needs one's own mailbox.
    const none = await call(f.t.app, 'POST', url('/emails'), { token: f.member.token, body: { to: ['ming@hongda.example.tw'], subject: 'x', text: 'y' } });
    expect(none.body.errorCode).toBe('NO_MAILBOX');
  });
});

describe('sync health', () => {
  it('a changed password shows as "authFailed" with the time; reconnecting with the new one recovers', async () => {
    servers.imap.setPassword(user, 'changed-password');
    // Dovecot looks at its passwd-file at most once a second: let a login in this same second not hide the change.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const failed = await syncNow();
    expect(failed).toMatchObject({ status: 'error', lastProblem: 'authFailed' });
    expect(failed.lastErrorAt).not.toBeNull();
    const refused = await call(f.t.app, 'PUT', url(`/mailboxes/${mailboxId}`), { token: f.owner.token, body: { password: 'still-wrong' } });
    expect(refused.body.errorCode).toBe('MAILBOX_CONNECT_FAILED');
    const fixed = await call(f.t.app, 'PUT', url(`/mailboxes/${mailboxId}`), { token: f.owner.token, body: { password: 'changed-password' } });
    expect(fixed.body.data).toMatchObject({ lastProblem: null });
    await f.t.app.background.idle();
    expect(await syncNow()).toMatchObject({ status: 'idle', lastProblem: null });
  });

  it('removing the mailbox removes its stored mail', async () => {
    expect((await call(f.t.app, 'DELETE', url(`/mailboxes/${mailboxId}`), { token: f.owner.token })).status).toBe(200);
    expect(await storedSubjects()).toEqual([]);
  });
});
