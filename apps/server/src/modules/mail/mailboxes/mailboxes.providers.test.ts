import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { call } from '../../../test/factories.ts';
import { messageWithFiles, rawMessage } from '../../../test/mail-servers.ts';
import { startMailProvidersDouble, type MailProvidersDouble } from '../../../test/mail-providers-double.ts';
import { crmFixture, createContact, type CrmFixture } from '../../../test/records.ts';

/**
 * Gmail and Outlook mailboxes against a local double of Google/Microsoft OAuth (PKCE), the Gmail API and Graph:
 * connect → backfill (paged) → incremental (history / delta) → send → the reply comes back into the thread; only
 * contacts' mail is stored; a forgotten cursor (404 / 410) resyncs without duplicates; an expired access token is
 * renewed; a 429 is waited out; a revoked grant shows as the mailbox's health and reconnecting recovers.
 */
let f: CrmFixture;
let double: MailProvidersDouble;
const key = Buffer.alloc(32, 9).toString('base64');
const emails = { gmail: 'sam@gmail.example', outlook: 'sam@outlook.example' };
const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const subjects = async (mailboxId: string) =>
  (await queryRows<{ subject: string }>(f.t.db, sql`select subject from emails where mailbox_id = ${mailboxId} order by subject`)).map((row) => row.subject);

/** Consent page → the provider's redirect → our callback, as the browser would follow it. */
async function connect(provider: 'gmail' | 'outlook'): Promise<string> {
  const start = await call(f.t.app, 'GET', url(`/mailboxes/oauth/${provider}/authorize?backfillDays=30`), { token: f.owner.token });
  expect(start.status).toBe(200);
  const consent = new URL(start.body.data.url);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  const redirect = await fetch(consent, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  const callback = await f.t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.statusCode).toBe(303);
  expect(callback.headers.location).toContain('outcome=connected');
  await f.t.app.background.idle();
  const list = await call(f.t.app, 'GET', url('/mailboxes'), { token: f.owner.token });
  const mailbox = list.body.data.find((m: { provider: string }) => m.provider === provider);
  expect(mailbox).toMatchObject({ email: emails[provider], provider });
  return mailbox.id;
}

const syncNow = async (id: string) => {
  const { status, body } = await call(f.t.app, 'POST', url(`/mailboxes/${id}/sync`), { token: f.owner.token });
  expect(status).toBe(200);
  return body.data;
};

beforeAll(async () => {
  double = await startMailProvidersDouble(emails);
  f = await crmFixture({ ENCRYPTION_KEY: key, ...double.config() });
  await createContact(f.t.app, f.member.token, f.owner.orgId, { firstName: '小明', lastName: '王', emails: [{ value: 'ming@hongda.example.tw' }] });
  for (const provider of ['gmail', 'outlook'] as const) {
    const to = emails[provider];
    double.deliver(provider, rawMessage({ From: 'ming@hongda.example.tw', To: to, Subject: `${provider} quote`, 'Message-ID': `<q-${provider}@hongda.example.tw>` }, 'Please confirm.'), 'inbox', daysAgo(2));
    double.deliver(provider, rawMessage({ From: 'stranger@spam.example', To: to, Subject: `${provider} stranger`, 'Message-ID': `<s-${provider}@spam.example>` }, 'Buy'), 'inbox', daysAgo(1));
    double.deliver(provider, rawMessage({ From: 'ming@hongda.example.tw', To: to, Subject: `${provider} too old`, 'Message-ID': `<o-${provider}@hongda.example.tw>` }, 'old'), 'inbox', daysAgo(60));
    double.deliver(provider, rawMessage({ From: to, To: 'ming@hongda.example.tw', Subject: `${provider} my offer`, 'Message-ID': `<m-${provider}@x.example>` }, 'Offer'), 'sentitems', daysAgo(1));
    double.deliver(provider, rawMessage({ From: 'other@spam.example', To: to, Subject: `${provider} noise`, 'Message-ID': `<n-${provider}@spam.example>` }, 'noise'), 'inbox', daysAgo(1));
  }
}, 120_000);
afterAll(async () => {
  await f?.t.close();
  await double?.close();
});

describe.each(['gmail', 'outlook'] as const)('%s mailbox', (provider) => {
  let id: string;

  it('is offered, connects with PKCE and backfills only contacts\' mail within the window, over several pages', async () => {
    const options = await call(f.t.app, 'GET', url('/mailboxes/providers'), { token: f.owner.token });
    expect(options.body.data).toEqual([{ provider: 'imap', configured: true }, { provider: 'gmail', configured: true }, { provider: 'outlook', configured: true }]);
    id = await connect(provider);
    expect(await subjects(id)).toEqual([`${provider} my offer`, `${provider} quote`]);
    const row = (await queryRows<{ access_token: string; refresh_token: string }>(f.t.db, sql`select access_token, refresh_token from mailboxes where id = ${id}`))[0]!;
    // Encrypted at rest: no token the provider issued appears in the row.
    for (const token of double[provider].accessTokens.keys()) expect(row.access_token).not.toContain(token);
    for (const token of double[provider].refreshTokens) expect(row.refresh_token).not.toContain(token);
    expect(await syncNow(id)).toMatchObject({ status: 'idle', storedCount: 2, lastProblem: null });
  });

  it('reads only what arrived since (history / delta), renewing an expired token and waiting out a 429', async () => {
    double.deliver(provider, rawMessage({ From: 'ming@hongda.example.tw', To: emails[provider], Subject: `${provider} follow-up`, 'Message-ID': `<f-${provider}@hongda.example.tw>` }, 'Any news?'));
    double.expireAccessTokens(provider);
    double[provider].throttleNext = 1;
    const before = double[provider].requests.length;
    expect(await syncNow(id)).toMatchObject({ status: 'idle', storedCount: 3 });
    const paths = double[provider].requests.slice(before).map((r) => r.path);
    expect(paths.some((p) => (provider === 'gmail' ? p.includes('/history?') : p.includes('deltatoken')))).toBe(true);
    expect(paths.some((p) => (provider === 'gmail' ? p.includes('q=after') : p.includes('%24filter')))).toBe(false);
    expect(await syncNow(id)).toMatchObject({ storedCount: 3 });
  });

  it('a forgotten cursor (Gmail 404, Graph 410) reads the window again without a duplicate', async () => {
    double.forgetCursors(provider);
    double.deliver(provider, rawMessage({ From: 'ming@hongda.example.tw', To: emails[provider], Subject: `${provider} after reset`, 'Message-ID': `<r-${provider}@hongda.example.tw>` }, 'Again'));
    expect(await syncNow(id)).toMatchObject({ status: 'idle', storedCount: 4 });
    expect(await subjects(id)).toHaveLength(4);
  });

  it('sends through the provider (Sent copy there) and the reply comes back into the thread', async () => {
    const thread = (await queryRows<{ id: string; thread_id: string }>(f.t.db, sql`select id, thread_id from emails where mailbox_id = ${id} and subject = ${`${provider} quote`}`))[0]!;
    const sent = await call(f.t.app, 'POST', url('/emails'), { token: f.owner.token, body: { mailboxId: id, replyToId: thread.id, to: ['ming@hongda.example.tw'], cc: [], subject: `Re: ${provider} quote`, text: 'Confirmed.' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.threadId).toBe(thread.thread_id);
    const mime = double[provider].sent.at(-1)!;
    expect(mime).toMatch(new RegExp(`In-Reply-To: <q-${provider}@hongda.example.tw>`, 'i'));
    const messageId = /Message-ID: <([^>]+)>/i.exec(mime)![1]!;
    // The provider filed it in the original's thread (Gmail: messages.send with its threadId; Graph: messages/{id}/reply).
    const at = (mid: string) => double[provider].messages.find((m) => m.messageId === mid)!;
    const original = at(`q-${provider}@hongda.example.tw`);
    expect(at(messageId)).toMatchObject({ folder: 'sentitems', threadId: original.threadId });
    const sends = double[provider].requests.filter((r) => r.method === 'POST' && /send|reply/i.test(r.path)).map((r) => r.path);
    expect(sends.at(-1)).toBe(provider === 'gmail' ? '/google/gmail/v1/users/me/messages/send' : `/graph/v1.0/me/messages/${original.id}/reply`);
    double.deliver(provider, rawMessage({ From: 'ming@hongda.example.tw', To: emails[provider], Subject: `Re: ${provider} quote`, 'Message-ID': `<a-${provider}@hongda.example.tw>`, 'In-Reply-To': `<${messageId}>`, References: `<q-${provider}@hongda.example.tw> <${messageId}>` }, 'Thanks'));
    await syncNow(id);
    const inThread = async () => (await queryRows<{ subject: string }>(f.t.db, sql`select subject from emails where mailbox_id = ${id} and thread_id = ${thread.thread_id} order by sent_at`)).map((r) => r.subject);
    expect(await inThread()).toEqual([`${provider} quote`, `Re: ${provider} quote`, `Re: ${provider} quote`]);
    expect(at(`a-${provider}@hongda.example.tw`).threadId).toBe(original.threadId);

    // A follow-up to our own sent reply (stored at send, so no remote_ref): found at the provider by its Message-ID.
    const [own] = await queryRows<{ id: string }>(f.t.db, sql`select id from emails where mailbox_id = ${id} and message_id = ${messageId}`);
    const again = await call(f.t.app, 'POST', url('/emails'), { token: f.owner.token, body: { mailboxId: id, replyToId: own!.id, to: ['ming@hongda.example.tw'], cc: [], subject: `Re: ${provider} quote`, text: 'One more thing.' } });
    expect(again.status).toBe(200);
    expect(again.body.data.threadId).toBe(thread.thread_id);
    const followUp = /Message-ID: <([^>]+)>/i.exec(double[provider].sent.at(-1)!)![1]!;
    expect(at(followUp).threadId).toBe(original.threadId);
    await syncNow(id);
    expect(await inThread()).toHaveLength(4);
  });

  it('opens an attachment on demand from the provider (Gmail attachments.get / Graph $value), by its CJK name', async () => {
    const pdf = Buffer.from(`%PDF-1.4 ${provider} 報價`);
    double.deliver(provider, messageWithFiles({ From: 'ming@hongda.example.tw', To: emails[provider], Subject: `${provider} files`, 'Message-ID': `<file-${provider}@hongda.example.tw>` }, 'Attached.', [{ name: 'notes.txt', type: 'text/plain', content: Buffer.from('n') }, { name: '報價單 2026.pdf', type: 'application/pdf', content: pdf }]));
    await syncNow(id);
    const [row] = await queryRows<{ id: string; attachments: unknown }>(f.t.db, sql`select id, attachments from emails where mailbox_id = ${id} and subject = ${`${provider} files`}`);
    expect(row!.attachments).toEqual([{ filename: 'notes.txt', contentType: 'text/plain', size: 1 }, { filename: '報價單 2026.pdf', contentType: 'application/pdf', size: pdf.length }]);
    const reads = double[provider].attachmentReads;
    const file = await f.t.app.inject({ method: 'GET', url: url(`/emails/${row!.id}/attachments/1`), headers: { authorization: `Bearer ${f.owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="___ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('報價單 2026.pdf')}`);
    expect(double[provider].attachmentReads).toBe(reads + 1);
    const other = await f.t.app.inject({ method: 'GET', url: url(`/emails/${row!.id}/attachments/1`, f.other.orgId), headers: { authorization: `Bearer ${f.other.token}` } });
    expect(other.statusCode).toBe(404);
    expect(double[provider].attachmentReads).toBe(reads + 1);
  });

  it('a revoked grant shows as "authFailed"; reconnecting through the consent page recovers', async () => {
    double.revoke(provider);
    double.expireAccessTokens(provider);
    expect(await syncNow(id)).toMatchObject({ status: 'error', lastProblem: 'authFailed' });
    expect(await connect(provider)).toBe(id);
    expect(await syncNow(id)).toMatchObject({ status: 'idle', lastProblem: null });
  });

  it('another workspace or member cannot see the mailbox', async () => {
    const other = await call(f.t.app, 'POST', url(`/mailboxes/${id}/sync`, f.other.orgId), { token: f.other.token });
    expect(other.status).toBe(404);
    const member = await call(f.t.app, 'POST', url(`/mailboxes/${id}/sync`), { token: f.member.token });
    expect(member.status).toBe(404);
  });
});

describe('OAuth hand-off', () => {
  it('refuses a forged or tampered state, and a code redeemed without the PKCE verifier', async () => {
    const forged = await f.t.app.inject({ method: 'GET', url: '/api/mailboxes/oauth/gmail/callback?code=x&state=abc.def' });
    expect(forged.headers.location).toContain('outcome=invalid');
    const start = await call(f.t.app, 'GET', url('/mailboxes/oauth/gmail/authorize'), { token: f.owner.token });
    const consent = new URL(start.body.data.url);
    const back = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    // The code alone (an attacker's client without the verifier) is refused by the provider.
    const stolen = await fetch(double.config().GOOGLE_TOKEN_URL!, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: back.origin + back.pathname, code_verifier: 'guess' }) });
    expect(stolen.status).toBe(400);
    const failed = await f.t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(failed.headers.location).toContain('outcome=failed');
  });
});
