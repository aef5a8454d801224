import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { createService, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { createContact, crmFixture } from '../../../test/records.ts';
import { createSecrets, loadEncryptionKey } from '../../../platform/secrets.ts';
import { runErasures } from './pdpa.erase.ts';
import { taipeiToday } from './pdpa.service.ts';
import { unsubscribeLink } from './pdpa.unsubscribe.ts';

/** A person's PDPA requests: due dates, restriction, view/copy, erasure that leaves no trace, the unsubscribe link, isolation. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const dataDir = `/tmp/lodestar-pdpa-test-${process.pid}`;

const byKeyword = (keyword: string) => `/page/customer/listV2?advanceFilter=${encodeURIComponent(JSON.stringify({ keyword }))}`;
const url = (orgId: string, path: string) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const asOwner = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(t.app, method, url(owner.orgId, path), { token: owner.token, body });

async function request(contactId: string, type: string, receivedOn = taipeiToday()) {
  const answer = await asOwner('POST', '/pdpa/requests', { contactId, type, receivedOn });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Json;
}

/** Every text, json/jsonb and array column of every table, as text, matched against the patterns (case-insensitive). */
async function traces(patterns: string[]): Promise<string[]> {
  const columns = (await t.db.execute(sql`select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
      and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`)) as unknown as { rows: { table: string; column: string }[] };
  expect(columns.rows.length).toBeGreaterThan(200);
  const found: string[] = [];
  for (const { table, column } of columns.rows) {
    const rows = (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}
      where ${sql.identifier(column)}::text ilike any(array[${sql.join(patterns.map((p) => sql`${`%${p}%`}`), sql`, `)}]::text[])`)) as unknown as { rows: { n: number }[] };
    if (rows.rows[0]!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: dataDir }));
});
afterAll(async () => {
  await t?.close();
});

describe('source and consent', () => {
  it('a contact made in the form is manual from today; the form saves source, date, purpose and note', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Con', lastName: 'Sent' });
    let contact = (await asOwner('GET', `/customer/${id}`)).body.data;
    expect(contact).toMatchObject({ dataSource: 'manual', dataObtainedOn: new Date().toISOString().slice(0, 10), dataPurpose: null, restricted: false });
    const saved = await asOwner('POST', '/customer', { id, firstName: 'Con', lastName: 'Sent', dataSource: 'businessCard', dataObtainedOn: '2026-11-02', dataPurpose: 'marketing', consentNote: 'Signed form in the binder' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    contact = (await asOwner('GET', `/customer/${id}`)).body.data;
    expect(contact).toMatchObject({ dataSource: 'businessCard', dataObtainedOn: '2026-11-02', dataPurpose: 'marketing', consentNote: 'Signed form in the binder' });
    const bad = await call(t.app, 'POST', url(owner.orgId, '/customer'), { token: owner.token, locale: 'en-US', body: { id, firstName: 'Con', lastName: 'Sent', dataSource: 'rumour' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('dataSource');
  });
});

describe('requests', () => {
  it('due dates follow article 13 and extend once', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Due', lastName: 'Date' });
    const access = await request(id, 'access', '2026-01-01');
    expect(access).toMatchObject({ state: 'open', dueOn: '2026-01-16', extended: false, overdue: true });
    const extended = await asOwner('POST', `/pdpa/requests/${access.id}`, { action: 'extend', note: 'Archive in storage' });
    expect(extended.body.data).toMatchObject({ dueOn: '2026-01-31', extended: true, overdue: true });
    const again = await call(t.app, 'POST', url(owner.orgId, `/pdpa/requests/${access.id}`), { token: owner.token, locale: 'en-US', body: { action: 'extend' } });
    expect(again.status).toBe(409);
    const erase = await request(id, 'erase', '2026-12-01');
    expect(erase.dueOn).toBe('2026-12-31');
    const list = (await asOwner('GET', '/pdpa/requests')).body.data.items as Json[];
    expect(list.map((r) => r.id)).toEqual(expect.arrayContaining([access.id, erase.id]));
    // By due date, the oldest first.
    expect(list.every((r, i) => i === 0 || list[i - 1].dueOn <= r.dueOn)).toBe(true);
    const bad = await call(t.app, 'POST', url(owner.orgId, '/pdpa/requests'), { token: owner.token, locale: 'en-US', body: { contactId: id, type: 'forget', receivedOn: '2026-12-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('type');
  });

  it('a restricted contact is kept but absent from the list, search and counts until lifted', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Rest', lastName: 'Ricted', phones: [{ value: '0922-000-111', type: 'mobile' }] });
    const listed = async () => ((await asOwner('GET', byKeyword('Ricted'))).body.data.items as Json[]).length;
    const searched = async () => ((await asOwner('GET', '/search?keyword=Ricted')).body.data as Json[] | { items: Json[] });
    expect(await listed()).toBe(1);
    const restrict = await request(id, 'restrict');
    const done = await asOwner('POST', `/pdpa/requests/${restrict.id}`, { action: 'complete', note: 'Stopped all use' });
    expect(done.body.data).toMatchObject({ state: 'done', resolution: 'Stopped all use' });
    expect(await listed()).toBe(0);
    expect(JSON.stringify(await searched())).not.toContain(id);
    // Kept: its page still opens (for the administrator to lift it), marked restricted.
    expect((await asOwner('GET', `/customer/${id}`)).body.data).toMatchObject({ restricted: true });
    await asOwner('POST', `/pdpa/requests/${restrict.id}`, { action: 'lift' });
    expect(await listed()).toBe(1);
  });

  it('view/copy answers with the person\'s archive (the backup format)', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Copy', lastName: 'Me' });
    const access = await request(id, 'access');
    const done = await asOwner('POST', `/pdpa/requests/${access.id}`, { action: 'complete' });
    expect(done.body.data.state).toBe('done');
    expect(done.body.data.backupId).toBeTruthy();
    const backup = (await asOwner('GET', `/backup/${done.body.data.backupId}`)).body.data;
    expect(backup).toMatchObject({ kind: 'contact', contactId: id });
  });

  it('another workspace cannot read or act on a request; a member without the contact cannot either', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Iso', lastName: 'Lated' });
    const req = await request(id, 'correct');
    const theirs = await call(t.app, 'GET', url(other.orgId, '/pdpa/requests'), { token: other.token });
    expect(JSON.stringify(theirs.body.data)).not.toContain(req.id);
    expect((await call(t.app, 'POST', url(other.orgId, `/pdpa/requests/${req.id}`), { token: other.token, body: { action: 'complete' } })).status).toBe(404);
    expect((await call(t.app, 'POST', url(other.orgId, '/pdpa/requests'), { token: other.token, body: { contactId: id, type: 'erase', receivedOn: '2026-12-01' } })).status).toBe(404);
    expect((await call(t.app, 'GET', url(owner.orgId, '/pdpa/requests'), { token: other.token })).status).toBe(403);
    // A member (scope: their own contacts) neither sees the workspace list nor acts on the owner's contact.
    expect((await call(t.app, 'GET', url(owner.orgId, '/pdpa/requests'), { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url(owner.orgId, `/pdpa/requests/${req.id}`), { token: member.token, body: { action: 'complete' } })).status).toBe(404);
  });
});

describe('erasure', () => {
  it('removes the person everywhere, leaving the request and one audit entry without personal data', async () => {
    // The person arrives through the public card page (a card exchange: contact, lead, events, mail to the owner) …
    const card = await asOwner('PUT', '/businesscard', { firstName: '小明', lastName: '王', phones: [{ value: '0911-000-000', type: 'mobile' }], email: 'ming@example.tw' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const exchange = await call(t.app, 'POST', `/api/public/card/${card.body.data.slug}/exchange`, { body: { name: '柯思妤', phone: '0933-222-111', email: 'siyu.ko@example.tw' } });
    expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
    const found = (await asOwner('GET', byKeyword('siyu.ko'))).body.data.items as Json[];
    expect(found).toHaveLength(1);
    const id = found[0].id as string;
    expect((await asOwner('GET', `/customer/${id}`)).body.data).toMatchObject({ dataSource: 'businessCard', dataPurpose: 'sales' });
    // … is edited (history, timeline), written about (a note), and asks to be deleted.
    const contact = (await asOwner('GET', `/customer/${id}`)).body.data;
    await asOwner('POST', '/customer', { ...pick(contact), position: '柯思妤的職稱', note: '柯思妤 prefers e-mail: siyu.ko@example.tw' });
    expect((await asOwner('POST', '/notes', { entityType: 'contact', entityId: id, content: '見過 柯思妤 0933-222-111' })).status).toBeLessThan(300);
    // … and books on the public booking page with the same phone (the booking joins that contact).
    const business = await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'pdpa-shop' });
    const service = await createService(t.app, owner.token, owner.orgId);
    const booked = await call(t.app, 'POST', '/api/public/booking/pdpa-shop/reservation', { body: reservationBody(business.id, service.id, { name: '柯思妤', phone: '0933-222-111', email: 'siyu.ko@example.tw', note: '柯思妤 will be late' }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const patterns = ['柯思妤', '0933-222-111', '0933222111', 'siyu.ko@example.tw'];
    expect((await traces(patterns)).length).toBeGreaterThan(3);

    const erase = await request(id, 'erase');
    const queued = await asOwner('POST', `/pdpa/requests/${erase.id}`, { action: 'complete', note: 'Verified by phone' });
    expect(queued.body.data.state).toBe('erasing');
    await t.app.background.idle();
    await runErasures(t.db, dataDir);

    expect(await traces(patterns)).toEqual([]);
    const closed = (await asOwner('GET', '/pdpa/requests?scope=all')).body.data.items.find((r: Json) => r.id === erase.id);
    expect(closed).toMatchObject({ state: 'done', contactId: null, contactName: null });
    expect((await asOwner('GET', `/customer/${id}`)).status).toBe(404);
    // The booking stays (the business's seat and figures) without anything personal.
    const [reservation] = ((await t.db.execute(sql`select name, phone, email, contact_id as "contactId" from reservations where org_id = ${owner.orgId}`)) as unknown as { rows: Json[] }).rows;
    expect(reservation).toEqual({ name: '', phone: null, email: null, contactId: null });
    const audit = (await asOwner('GET', '/settings/audit-log?type=personalDataErased')).body.data;
    expect(JSON.stringify(audit)).toContain(erase.id);
  });
});

describe('unsubscribe link', () => {
  it('a signed link sets "no marketing"; a tampered one is 404', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Un', lastName: 'Subscribe' });
    const link = unsubscribeLink(createSecrets(loadEncryptionKey({ encryptionKey: undefined, dataDir } as never)), 'http://x', owner.orgId, id);
    const token = new URL(link).searchParams.get('t')!;
    const check = await call(t.app, 'POST', '/api/public/unsubscribe/check', { body: { token } });
    expect(check.body.data).toEqual({ workspaceName: 'Acme', done: false });
    const done = await call(t.app, 'POST', '/api/public/unsubscribe', { body: { token } });
    expect(done.body.data).toEqual({ workspaceName: 'Acme', done: true });
    expect((await asOwner('GET', `/customer/${id}`)).body.data.noMarketing).toBe(true);
    // Members get the same link for their marketing e-mails; another workspace cannot.
    const given = await asOwner('GET', `/pdpa/unsubscribe-link/${id}`);
    expect(new URL(given.body.data.url).searchParams.get('t')).toBe(token);
    expect((await call(t.app, 'GET', url(other.orgId, `/pdpa/unsubscribe-link/${id}`), { token: other.token })).status).toBe(404);
    const forged = `${owner.orgId}.${id}.${'A'.repeat(43)}`;
    expect((await call(t.app, 'POST', '/api/public/unsubscribe', { body: { token: forged } })).status).toBe(404);
  });
});

/** A contact answer as a save body. */
function pick(contact: Json): Json {
  return { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, phones: contact.phones, emails: contact.emails };
}
