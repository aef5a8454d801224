import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { createDeal } from '../../../test/deals.ts';
import { call } from '../../../test/factories.ts';
import { messageWithFiles, rawMessage, startMailServers, type MailServers } from '../../../test/mail-servers.ts';
import { crmFixture, createContact, type CrmFixture } from '../../../test/records.ts';

/**
 * Against a real Dovecot: e-mail on deals (the one-open-deal rule, link and unlink by a member), attachments opened
 * on demand with IMAP BODY[part] (CJK RFC 2231 names), search over subjects and bodies (2-character CJK), and the
 * failing-for-a-day notice — each closed to another workspace and, for private mail, to another member.
 */
let f: CrmFixture;
let servers: MailServers;
const user = 'amy@lodestar.test';
const password = 'app-password-2';
const key = Buffer.alloc(32, 5).toString('base64');
const pdf = Buffer.from('%PDF-1.4 春茶報價 — 2026');
let mailboxId: string;
let oneDeal: string;
let twoDeals: [string, string];
const ids: Record<string, string> = {};

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const get = (path: string, token = f.owner.token, orgId = f.owner.orgId) => call(f.t.app, 'GET', url(path, orgId), { token });
const syncNow = async () => (await call(f.t.app, 'POST', url(`/mailboxes/${mailboxId}/sync`), { token: f.owner.token })).body.data;
const download = (id: string, index: number, token = f.owner.token, orgId = f.owner.orgId) =>
  f.t.app.inject({ method: 'GET', url: url(`/emails/${id}/attachments/${index}`, orgId), headers: { authorization: `Bearer ${token}` } });
const threadSubjects = async (entityType: string, entityId: string, token = f.owner.token) =>
  (await get(`/emails?entityType=${entityType}&entityId=${entityId}`, token)).body.data.threads.flatMap((t: { emails: { subject: string }[] }) => t.emails.map((e) => e.subject)).sort();

beforeAll(async () => {
  servers = await startMailServers({ [user]: password });
  f = await crmFixture({ ENCRYPTION_KEY: key });
  // The member owns the contacts and deals: the owner (an administrator) sees them too.
  const ming = await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: '小明', lastName: '王', emails: [{ value: 'ming@hongda.example.tw' }] });
  const chen = await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: '美玲', lastName: '陳', emails: [{ value: 'chen@tea.example.tw' }] });
  oneDeal = await createDeal(f.t.app, f.member.token, f.owner.orgId, { name: '春茶採購', clientId: ming });
  const won = await createDeal(f.t.app, f.member.token, f.owner.orgId, { name: '去年訂單', clientId: ming });
  await f.t.db.execute(sql`update deals set stage = 1000, completed_date = current_date where id = ${won}`);
  twoDeals = [await createDeal(f.t.app, f.member.token, f.owner.orgId, { name: '烏龍茶', clientId: chen }), await createDeal(f.t.app, f.member.token, f.owner.orgId, { name: '禮盒', clientId: chen })];

  const day = 86_400_000;
  const at = new Date(Date.now() - 2 * day);
  await servers.append(user, password, messageWithFiles({ From: 'ming@hongda.example.tw', To: user, Subject: 'Quote request', 'Message-ID': '<m1@hongda.example.tw>', Date: at.toUTCString() }, '您好，請提供春茶的報價，謝謝。', [{ name: 'notes.txt', type: 'text/plain', content: Buffer.from('hello') }, { name: '報價單.pdf', type: 'application/pdf', content: pdf }]), 'INBOX', at);
  await servers.append(user, password, rawMessage({ From: 'chen@tea.example.tw', To: user, Subject: 'Meeting next week', 'Message-ID': '<c1@tea.example.tw>' }, 'Can we meet about the gift boxes?'));
  await servers.append(user, password, rawMessage({ From: 'chen@tea.example.tw', To: user, Subject: 'Private matter', 'Message-ID': '<c2@tea.example.tw>' }, 'Only for Amy: 烏龍價格'));
  const connected = await call(f.t.app, 'POST', url('/mailboxes'), { token: f.owner.token, body: { imapHost: '127.0.0.1', imapPort: servers.imap.port, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: servers.smtpPort, smtpSecurity: 'none', username: user, password, email: user } });
  mailboxId = connected.body.data.id;
  await f.t.app.background.idle();
  for (const row of await queryRows<{ id: string; message_id: string }>(f.t.db, sql`select id, message_id from emails`)) ids[row.message_id] = row.id;
  await call(f.t.app, 'PUT', url(`/emails/${ids['c2@tea.example.tw']}/private`), { token: f.owner.token, body: { private: true } });
}, 120_000);
afterAll(async () => {
  await f?.t.close();
  await servers?.stop();
});

describe('e-mail on deals', () => {
  it('the one-open-deal rule: a contact with exactly one open deal puts its thread on that deal (not on two, not on a won one)', async () => {
    expect(await threadSubjects('deal', oneDeal)).toEqual(['Quote request']);
    expect(await threadSubjects('deal', twoDeals[0])).toEqual([]);
    const email = (await get(`/emails?entityType=deal&entityId=${oneDeal}`)).body.data.threads[0].emails[0];
    expect(email.deals).toEqual([{ id: oneDeal, name: '春茶採購', via: 'auto' }]);
    const summary = await get(`/record/summary?entityType=deal&entityId=${oneDeal}`);
    expect(summary.body.data.mail).toMatchObject({ total: 1 });
    const timeline = await get(`/timeline/page?entityType=deal&entityId=${oneDeal}&kinds=mail`);
    expect(timeline.body.data.items.map((item: { recordName: string }) => item.recordName)).toEqual(['Quote request']);
  });

  it('a reply later in the thread joins the deal too', async () => {
    await servers.append(user, password, rawMessage({ From: 'ming@hongda.example.tw', To: user, Subject: 'Re: Quote request', 'Message-ID': '<m2@hongda.example.tw>', 'In-Reply-To': '<m1@hongda.example.tw>', References: '<m1@hongda.example.tw>' }, 'Any update?'));
    await syncNow();
    expect(await threadSubjects('deal', oneDeal)).toEqual(['Quote request', 'Re: Quote request']);
  });

  it('"link to deal" offers the contact\'s open deals; linking and unlinking move it on and off the deal, with events', async () => {
    const id = ids['c1@tea.example.tw']!;
    const options = await get(`/emails/${id}/deals`);
    expect(options.body.data.map((d: { name: string; linked: boolean; contactName: string }) => [d.name, d.linked, d.contactName])).toEqual([['烏龍茶', false, '陳美玲'], ['禮盒', false, '陳美玲']]);
    const linked = await call(f.t.app, 'PUT', url(`/emails/${id}/deals/${twoDeals[1]}`), { token: f.member.token });
    expect(linked.status).toBe(200);
    expect(linked.body.data.deals).toEqual([{ id: twoDeals[1], name: '禮盒', via: 'user' }]);
    expect(await threadSubjects('deal', twoDeals[1])).toEqual(['Meeting next week']);
    expect((await get(`/emails/${id}/deals`)).body.data.find((d: { id: string }) => d.id === twoDeals[1]).linked).toBe(true);
    const unlinked = await call(f.t.app, 'DELETE', url(`/emails/${id}/deals/${twoDeals[1]}`), { token: f.owner.token });
    expect(unlinked.body.data.deals).toEqual([]);
    expect(await threadSubjects('deal', twoDeals[1])).toEqual([]);
    const events = await queryRows<{ type: string }>(f.t.db, sql`select type from events where type in ('email.linked', 'email.unlinked') order by seq`);
    expect(events.map((e) => e.type)).toEqual(['email.linked', 'email.unlinked']);
  });

  it('another workspace, and another member for a private e-mail, can neither list, link nor unlink', async () => {
    const id = ids['c1@tea.example.tw']!;
    expect((await get(`/emails/${id}/deals`, f.other.token, f.other.orgId)).status).toBe(404);
    expect((await call(f.t.app, 'PUT', url(`/emails/${id}/deals/${twoDeals[0]}`, f.other.orgId), { token: f.other.token })).status).toBe(404);
    expect((await get(`/emails?entityType=deal&entityId=${oneDeal}`, f.other.token, f.other.orgId)).status).toBe(404);
    const secret = ids['c2@tea.example.tw']!;
    expect((await get(`/emails/${secret}/deals`, f.member.token)).status).toBe(404);
    expect((await call(f.t.app, 'PUT', url(`/emails/${secret}/deals/${twoDeals[0]}`), { token: f.member.token })).status).toBe(404);
    expect((await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from email_links where entity_type = 'deal' and via = 'user'`))[0]!.n).toBe(0);
  });
});

describe('attachments on demand (IMAP BODY[part])', () => {
  it('lists name (CJK, RFC 2231), size and type; stores no byte of them', async () => {
    const email = (await get(`/emails?entityType=deal&entityId=${oneDeal}`)).body.data.threads[0].emails.find((e: { subject: string }) => e.subject === 'Quote request');
    expect(email.attachments).toEqual([{ filename: 'notes.txt', contentType: 'text/plain', size: 5, saved: false }, { filename: '報價單.pdf', contentType: 'application/pdf', size: pdf.length, saved: false }]);
    expect(email.attachmentsAvailable).toBe(true);
    const dump = await queryRows<{ text: string }>(f.t.db, sql`select string_agg(e::text, ' ') as text from emails e`);
    expect(dump[0]!.text).not.toContain(pdf.toString('base64').slice(0, 20));
    expect(dump[0]!.text).not.toContain('%PDF');
  });

  it('fetches the part from the server when opened and streams it as a download with a safe name', async () => {
    const file = await download(ids['m1@hongda.example.tw']!, 1);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('報價單.pdf')}`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(ids['m1@hongda.example.tw']!, 0, f.member.token)).rawPayload.toString()).toBe('hello');
  });

  it('another workspace, another member for a private e-mail, and a missing index get 404', async () => {
    expect((await download(ids['m1@hongda.example.tw']!, 1, f.other.token, f.other.orgId)).statusCode).toBe(404);
    expect((await download(ids['c2@tea.example.tw']!, 0, f.member.token)).statusCode).toBe(404);
    const missing = await download(ids['m1@hongda.example.tw']!, 5);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('EMAIL_ATTACHMENT_GONE');
  });
});

describe('keeping a copy of an attachment on the record', () => {
  const save = (index: number, entityType: string, entityId: string, token = f.owner.token, orgId = f.owner.orgId, id = ids['m1@hongda.example.tw']!) =>
    call(f.t.app, 'POST', url(`/emails/${id}/attachments/${index}/save`, orgId), { token, body: { entityType, entityId } });
  const contactOf = async () => (await queryRows<{ id: string }>(f.t.db, sql`select id from contacts where first_name = '小明'`))[0]!.id;
  const files = async () => (await queryRows<{ n: number; bytes: number }>(f.t.db, sql`select count(*)::int as n, coalesce(sum(size), 0)::int as bytes from files`))[0]!;

  it('stores it once as a file of the contact (counted in the workspace\'s storage), listed on the record and marked on the e-mail', async () => {
    const ming = await contactOf();
    const before = await files();
    const first = await save(1, 'contact', ming, f.member.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ filename: '報價單.pdf', contentType: 'application/pdf', size: pdf.length, subject: 'Quote request', savedBy: 'Mia Member' });
    // Once per attachment: a second save (another member, another record it is on) answers the same copy.
    const again = await save(1, 'deal', oneDeal);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await files()).toEqual({ n: before.n + 1, bytes: before.bytes + pdf.length });
    const listed = await get(`/emails/saved-attachments?entityType=contact&entityId=${ming}`, f.member.token);
    expect(listed.body.data.map((file: { filename: string }) => file.filename)).toEqual(['報價單.pdf']);
    const email = (await get(`/emails?entityType=contact&entityId=${ming}`)).body.data.threads.flatMap((t: { emails: unknown[] }) => t.emails).find((e: { subject: string }) => e.subject === 'Quote request');
    expect(email.attachments.map((file: { saved: boolean }) => file.saved)).toEqual([false, true]);
    const download = await f.t.app.inject({ method: 'GET', url: url(`/emails/saved-attachments/${first.body.data.id}`), headers: { authorization: `Bearer ${f.member.token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('報價單.pdf')}`);
  });

  it('refuses a record the e-mail is not on, another workspace, a private e-mail of another member, and a file over the limit', async () => {
    const ming = await contactOf();
    const notOn = await save(0, 'deal', twoDeals[0]);
    expect(notOn.status).toBe(400);
    expect(notOn.body.errorCode).toBe('EMAIL_NOT_ON_RECORD');
    expect((await save(0, 'contact', ming, f.other.token, f.other.orgId)).status).toBe(404);
    const chen = (await queryRows<{ id: string }>(f.t.db, sql`select id from contacts where first_name = '美玲'`))[0]!.id;
    expect((await save(0, 'contact', chen, f.member.token, f.owner.orgId, ids['c2@tea.example.tw']!)).status).toBe(404);
    const saved = (await get(`/emails/saved-attachments?entityType=contact&entityId=${ming}`)).body.data[0].id;
    expect((await f.t.app.inject({ method: 'GET', url: url(`/emails/saved-attachments/${saved}`, f.other.orgId), headers: { authorization: `Bearer ${f.other.token}` } })).statusCode).toBe(404);
    expect((await get(`/emails/saved-attachments?entityType=contact&entityId=${ming}`, f.other.token, f.other.orgId)).status).toBe(404);
    await f.t.db.execute(sql`update emails set attachments = jsonb_set(attachments, '{0,size}', '30000000') where id = ${ids['m1@hongda.example.tw']!}`);
    const big = await save(0, 'contact', ming);
    expect(big.status).toBe(413);
    expect(big.body.errorCode).toBe('EMAIL_ATTACHMENT_TOO_LARGE');
    await f.t.db.execute(sql`update emails set attachments = jsonb_set(attachments, '{0,size}', '5') where id = ${ids['m1@hongda.example.tw']!}`);
    expect((await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from saved_attachments`))[0]!.n).toBe(1);
  });
});

describe('search over subjects and bodies', () => {
  const search = async (q: string, token = f.owner.token, orgId = f.owner.orgId) => (await get(`/emails/search?q=${encodeURIComponent(q)}`, token, orgId)).body.data.items as { subject: string; excerpt: string | null; record: { entityType: string; name: string } }[];

  it('finds a 2-character Chinese word in a body, English in a subject, with an excerpt and where to read it', async () => {
    const tea = await search('春茶');
    expect(tea.map((hit) => hit.subject)).toEqual(['Quote request']);
    expect(tea[0]!.excerpt).toContain('春茶的報價');
    expect(tea[0]!.record).toMatchObject({ entityType: 'contact', name: '王小明' });
    expect((await search('meeting')).map((hit) => hit.subject)).toEqual(['Meeting next week']);
    expect(await search('沒有這個')).toEqual([]);
  });

  it('private e-mail is found by its owner only; another workspace finds nothing', async () => {
    expect((await search('烏龍')).map((hit) => hit.subject)).toEqual(['Private matter']);
    expect(await search('烏龍', f.member.token)).toEqual([]);
    expect((await search('gift', f.member.token)).map((hit) => hit.subject)).toEqual(['Meeting next week']);
    expect(await search('春茶', f.other.token, f.other.orgId)).toEqual([]);
  });

  it('refuses a one-character keyword, naming the field', async () => {
    const { status, body } = await get('/emails/search?q=a');
    expect(status).toBe(400);
    expect(body.errorMessage).toContain('q');
  });
});

describe('e-mail in the header\'s global search', () => {
  type Hit = { type: string; name: string; emails: string[]; email?: { from: { address: string }; excerpt: string | null; record: { entityType: string; name: string } } };
  const global = async (keyword: string, token = f.owner.token, orgId = f.owner.orgId) => {
    const { status, body } = await get(`/search?keyword=${encodeURIComponent(keyword)}`, token, orgId);
    expect(status).toBe(200);
    return body.data.items as Hit[];
  };

  it('finds messages by subject, body and participant, after the records, newest first, with the record to open', async () => {
    const byAddress = await global('hongda');
    expect(byAddress.map((hit) => hit.type)).toEqual(['contact', 'email', 'email']);
    expect(byAddress.filter((hit) => hit.type === 'email').map((hit) => hit.name)).toEqual(['Re: Quote request', 'Quote request']);
    expect(byAddress[1]!.email).toMatchObject({ from: { address: 'ming@hongda.example.tw' }, excerpt: null, record: { entityType: 'contact', name: '王小明' } });
    expect(byAddress[1]!.emails).toEqual(['ming@hongda.example.tw', user]);
    const tea = await global('春茶');
    expect(tea.map((hit) => [hit.type, hit.name])).toEqual([['deal', '春茶採購'], ['email', 'Quote request']]);
    expect(tea[1]!.email!.excerpt).toContain('春茶的報價');
  });

  it('a participant\'s Chinese name is found with two characters', async () => {
    await servers.append(user, password, rawMessage({ From: '"陳美玲" <chen@tea.example.tw>', To: user, Subject: 'Samples', 'Message-ID': '<c3@tea.example.tw>' }, 'Samples are on the way.'));
    await syncNow();
    expect((await global('美玲')).filter((hit) => hit.type === 'email').map((hit) => hit.name)).toEqual(['Samples']);
  });

  it('keeps the mail timeline\'s visibility: a private message for its owner only; nothing for another workspace', async () => {
    expect((await global('烏龍')).map((hit) => [hit.type, hit.name])).toEqual([['deal', '烏龍茶'], ['email', 'Private matter']]);
    expect((await global('烏龍', f.member.token)).map((hit) => hit.type)).toEqual(['deal']);
    expect((await global('gift', f.member.token)).map((hit) => hit.name)).toEqual(['Meeting next week']);
    expect((await get(`/search?keyword=${encodeURIComponent('春茶')}`, f.other.token)).status).toBe(403);
    expect(await global('春茶', f.other.token, f.other.orgId)).toEqual([]);
  });
});

describe('a mailbox failing for a day', () => {
  it('tells its owner once (bell and e-mail), shows since when, and starts over after a good sync', async () => {
    servers.imap.setPassword(user, 'changed-password');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const first = await syncNow();
    expect(first).toMatchObject({ status: 'error', lastProblem: 'authFailed', failureNoticedAt: null });
    expect(first.failingSince).not.toBeNull();
    const notices = async () => (await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from notifications where kind = 'mailboxFailing'`))[0]!.n;
    const mails = async () => {
      await f.t.app.background.idle();
      return queryRows<{ subject: string; text: string }>(f.t.db, sql`select subject, text from mail_outbox where subject like '%' || ${user} || '%'`);
    };
    expect(await notices()).toBe(0);
    await f.t.db.execute(sql`update mailboxes set failing_since = now() - interval '25 hours' where id = ${mailboxId}`);
    const day = await syncNow();
    expect(day.failureNoticedAt).not.toBeNull();
    expect(await notices()).toBe(1);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`信箱 ${user} 已超過一天無法同步`);
    expect(sent[0]!.text).toContain('登入被拒');
    const bell = await get('/notifications');
    expect(bell.body.data.items[0]).toMatchObject({ kind: 'mailboxFailing', title: user, link: '/account/mailboxes' });
    // Failing on: no second notice.
    await syncNow();
    expect(await notices()).toBe(1);
    expect(await mails()).toHaveLength(1);
    expect((await get('/notifications', f.member.token)).body.data.items).toEqual([]);
    servers.imap.setPassword(user, password);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await syncNow()).toMatchObject({ status: 'idle', failingSince: null, failureNoticedAt: null });
  });
});

describe('removing the mailbox', () => {
  it('removes its e-mail but keeps the attachments saved on records, still downloadable', async () => {
    const ming = (await queryRows<{ id: string }>(f.t.db, sql`select id from contacts where first_name = '小明'`))[0]!.id;
    expect((await call(f.t.app, 'DELETE', url(`/mailboxes/${mailboxId}`), { token: f.owner.token })).status).toBe(200);
    expect((await queryRows<{ n: number }>(f.t.db, sql`select count(*)::int as n from emails`))[0]!.n).toBe(0);
    const listed = (await get(`/emails/saved-attachments?entityType=contact&entityId=${ming}`, f.member.token)).body.data;
    expect(listed).toMatchObject([{ filename: '報價單.pdf', emailId: null, subject: 'Quote request' }]);
    const download = await f.t.app.inject({ method: 'GET', url: url(`/emails/saved-attachments/${listed[0].id}`), headers: { authorization: `Bearer ${f.member.token}` } });
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });
});
