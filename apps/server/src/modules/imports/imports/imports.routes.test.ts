import { importChunkRows } from '@lodestar/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { createContact, crmFixture, injectMultipart, multipart, setOrgPlan } from '../../../test/records.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import * as importsRepository from './imports.repository.ts';
import { processImport } from './imports.runner.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-imports-test-${process.pid}` }));
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

async function upload(data: Buffer, who: { token: string; orgId?: string } = owner, name = 'contacts.csv') {
  const form = multipart({}, { field: 'file', filename: name, contentType: 'text/csv', data });
  return injectMultipart(t.app, url('/customer/import', who.orgId ?? owner.orgId), who.token, form);
}
const detail = (id: string, language = 'en-US', who = owner) =>
  call(t.app, 'GET', url(`/customer/import/detail/${id}`), { token: who.token, headers: { 'accept-language': language } });

/** Upload, keep the guessed mapping (or the given one), run, and wait for the in-process job. */
async function runImport(text: string | Buffer, options: { mapping?: string[]; duplicates?: 'skip' | 'update' | 'create'; orgId?: string } = {}) {
  const up = await upload(typeof text === 'string' ? Buffer.from(text) : text, { token: owner.token, orgId: options.orgId ?? owner.orgId });
  expect(up.status).toBe(200);
  const id = up.body.data.id as string;
  const d = await detail(id);
  const field = await call(t.app, 'POST', url(`/customer/import/field/${id}`, options.orgId), {
    token: owner.token,
    body: { mapping: options.mapping ?? d.body.data.mapping, duplicates: options.duplicates ?? 'skip' },
  });
  expect(field.status).toBe(200);
  const stored = await call(t.app, 'POST', url(`/customer/import/store/${id}`, options.orgId), { token: owner.token });
  expect(stored.status).toBe(200);
  await t.app.background.idle();
  return { id, detail: (await call(t.app, 'GET', url(`/customer/import/detail/${id}`, options.orgId), { token: owner.token })).body.data };
}

const liveContacts = (orgId = owner.orgId) =>
  t.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), isNull(contacts.deletedAt)));

describe('check step', () => {
  it('guesses the mapping from Chinese and English headers, ignores blank-named columns, and previews rows', async () => {
    const up = await upload(Buffer.from('\uFEFF姓名,Email,手機,,公司,Favourite colour\n王小明,ming@example.com,0912345678,x,Acme,blue\n'));
    expect(up.status).toBe(200);
    const { body } = await detail(up.body.data.id);
    expect(body.data).toMatchObject({ encoding: 'utf-8-bom', totalRows: 1, state: 'ready' });
    expect(body.data.headers).toEqual(['姓名', 'Email', '手機', '', '公司', 'Favourite colour']);
    expect(body.data.mapping).toEqual(['name', 'email', 'mobile', '', 'company', 'new']);
    expect(body.data.preview[0][0]).toBe('王小明');
    expect(body.data.problems).toEqual([]);
  });

  it('reads Big5 files from Taiwanese Excel', async () => {
    // 姓名,電話 / 陳大文,02-1234-5678 in Big5
    const big5 = Buffer.from('a96da6572cb971b8dc0d0ab3afa46aa4e52c30322d313233342d353637380d0a', 'hex');
    const up = await upload(big5);
    expect(up.status).toBe(200);
    const { body } = await detail(up.body.data.id);
    expect(body.data.encoding).toBe('big5');
    expect(body.data.headers).toEqual(['姓名', '電話']);
    expect(body.data.preview).toEqual([['陳大文', '02-1234-5678']]);
  });

  it('lists per-row problems in the caller\'s language before anything is written', async () => {
    const up = await upload(Buffer.from('Name,Email,Birthday\nAda Lovelace,not-an-email,1815-12-10\nGrace Hopper,grace@example.com,1906-13-40\n'));
    const id = up.body.data.id;
    const en = (await detail(id, 'en-US')).body.data.problems;
    expect(en).toEqual([
      expect.objectContaining({ row: 1, column: 'Email', reason: 'invalidEmail' }),
      expect.objectContaining({ row: 2, column: 'Birthday', reason: 'invalidDate' }),
    ]);
    const tw = (await detail(id, 'zh-TW')).body.data.problems;
    const cn = (await detail(id, 'zh-CN')).body.data.problems;
    expect(new Set([en[0].message, tw[0].message, cn[0].message]).size).toBe(3);
  });

  it('refuses a file that is no text in a known encoding (a PNG; UTF-16 with its BOM is read: readers.routes.test.ts), naming the problem', async () => {
    const up = await upload(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(up.status).toBe(400);
    expect(up.body.errorCode).toBe('IMPORT_FILE_UNREADABLE');
  });

  it('refuses a mapping of a blank-named column or one field twice', async () => {
    const up = await upload(Buffer.from('Name,,Email\nA B,x,a@example.com\n'));
    const id = up.body.data.id;
    const bad = await call(t.app, 'POST', url(`/customer/import/field/${id}`), { token: owner.token, body: { mapping: ['name', 'note', 'email'], duplicates: 'skip' } });
    expect(bad.status).toBe(400);
    const twice = await call(t.app, 'POST', url(`/customer/import/field/${id}`), { token: owner.token, body: { mapping: ['name', '', 'name'], duplicates: 'skip' } });
    expect(twice.status).toBe(400);
  });
});

describe('run', () => {
  it('imports every field type, links companies and tags by name, adds new columns as custom fields, and records failures', async () => {
    const text = [
      '姓名,Email,手機,生日,性別,公司,標籤,Hobby',
      '林 志玲,lin@example.com,0911-111-111,1974/11/29,女,Lin Studio,"VIP, 台北",diving',
      'Bad Row,bad-email,,,,,,',
      '周杰倫,jay@example.com,0922222222,1979-01-18,male,Lin Studio,VIP,music',
    ].join('\r\n');
    const { id, detail: d } = await runImport(text);
    expect(d).toMatchObject({ state: 'done', created: 2, failed: 1, rowsDone: 3 });
    expect(d.problems).toEqual([expect.objectContaining({ row: 2, column: 'Email', reason: 'invalidEmail' })]);
    const rows = (await liveContacts()).filter((c) => c.emails.some((e) => e.value === 'lin@example.com' || e.value === 'jay@example.com'));
    expect(rows).toHaveLength(2);
    const lin = rows.find((c) => c.emails[0]!.value === 'lin@example.com')!;
    expect(lin).toMatchObject({ firstName: '志玲', lastName: '林', birthday: '1974-11-29', sex: 'female' });
    expect(lin.companyId).toBeTruthy();
    expect(rows[0]!.companyId).toBe(rows[1]!.companyId);
    expect(lin.tagIds).toHaveLength(2);
    expect(Object.values(lin.dynamicFields)).toEqual(['diving']);
    const failed = await t.app.inject({ method: 'GET', url: url(`/customer/import/failed/${id}`), headers: { authorization: `Bearer ${owner.token}` } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('Bad Row,bad-email');
  });

  it('handles duplicates by email or phone per choice: skip, update (undo restores), create', async () => {
    const existing = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Dup', lastName: 'Licate', emails: [{ value: 'dup@example.com' }], position: 'Old' });
    const text = 'First name,Last name,Email,Position\nDup,Licate,dup@example.com,New\n';
    const skipped = await runImport(text, { duplicates: 'skip' });
    expect(skipped.detail).toMatchObject({ skipped: 1, created: 0 });
    const updated = await runImport(text, { duplicates: 'update' });
    expect(updated.detail).toMatchObject({ updated: 1, created: 0 });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, existing));
    expect(row!.position).toBe('New');
    const undo = await call(t.app, 'POST', url(`/customer/import/undo/${updated.id}`), { token: owner.token });
    expect(undo.status).toBe(202);
    expect(undo.body.data).toMatchObject({ state: 'undoing', undoTotal: 1, undoDone: 0 });
    await t.app.background.idle();
    const [restored] = await t.db.select().from(contacts).where(eq(contacts.id, existing));
    expect(restored!.position).toBe('Old');
    const created = await runImport(text, { duplicates: 'create' });
    expect(created.detail).toMatchObject({ created: 1 });
  });

  it('undo removes exactly the contacts the import created', async () => {
    const before = (await liveContacts()).length;
    const { id } = await runImport('Name,Email\nUn Do,undo1@example.com\nRe Do,undo2@example.com\n');
    expect((await liveContacts()).length).toBe(before + 2);
    const undo = await call(t.app, 'POST', url(`/customer/import/undo/${id}`), { token: owner.token });
    expect(undo.status).toBe(202);
    await t.app.background.idle();
    expect((await liveContacts()).length).toBe(before);
    const again = await call(t.app, 'POST', url(`/customer/import/undo/${id}`), { token: owner.token });
    expect(again.status).toBe(409);
  });

  it('stops a free workspace at 100 contacts with the upgrade message, naming how many rows were imported', async () => {
    await setOrgPlan(t.db, other.orgId, 'free');
    await createContact(t.app, other.token, other.orgId);
    const lines = ['Name,Email', ...Array.from({ length: 120 }, (_, i) => `Free Row${i},free${i}@example.com`)];
    const up = await upload(Buffer.from(lines.join('\n')), other);
    const id = up.body.data.id;
    const d = await call(t.app, 'GET', url(`/customer/import/detail/${id}`, other.orgId), { token: other.token });
    await call(t.app, 'POST', url(`/customer/import/field/${id}`, other.orgId), { token: other.token, body: { mapping: d.body.data.mapping, duplicates: 'skip' } });
    await call(t.app, 'POST', url(`/customer/import/store/${id}`, other.orgId), { token: other.token });
    await t.app.background.idle();
    const done = (await call(t.app, 'GET', url(`/customer/import/detail/${id}`, other.orgId), { token: other.token, headers: { 'accept-language': 'en-US' } })).body.data;
    expect(done).toMatchObject({ state: 'failed', errorCode: 'PLAN_LIMIT_REACHED', created: 99, errorMessage: 'Please upgrade to the Pro version' });
    expect((await liveContacts(other.orgId)).length).toBe(100);
  });

  it('finishes an import interrupted between chunks and inside a chunk, with every row exactly once', async () => {
    const n = importChunkRows * 3 + 7;
    const lines = ['Name,Email', ...Array.from({ length: n }, (_, i) => `Crash Row${i},crash${i}@example.com`)];
    const up = await upload(Buffer.from(lines.join('\n')));
    const id = up.body.data.id;
    // 'create': no duplicate look-ups, so the test stays quick on a busy machine.
    await importsRepository.transition(t.db, id, 'ready', { state: 'running', duplicates: 'create', startedAt: new Date() });
    // First run dies after its first chunk committed; the second dies inside chunk 2 (rolled back).
    const first = (await importsRepository.claimRunning(t.db, 60))!;
    await expect(processImport(t.db, t.app.config.dataDir, first, 50_000, { afterChunk: () => { throw new Error('kill -9'); } })).rejects.toThrow('kill -9');
    // The lease holds: nobody else takes it until it expires.
    expect(await importsRepository.claimRunning(t.db, 60)).toBeUndefined();
    await t.db.execute(sql`update imports set locked_until = now() - interval '1 second' where id = ${id}`);
    const second = (await importsRepository.claimRunning(t.db, 60))!;
    await expect(processImport(t.db, t.app.config.dataDir, second, 50_000, { beforeCommit: (c) => { if (c === 2) throw new Error('kill -9'); } })).rejects.toThrow();
    await t.db.execute(sql`update imports set locked_until = null where id = ${id}`);
    const third = (await importsRepository.claimRunning(t.db, 60))!;
    expect(await processImport(t.db, t.app.config.dataDir, third)).toBe('finished');
    const rows = (await liveContacts()).filter((c) => c.lastName.startsWith('Row') && c.firstName === 'Crash');
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.emails[0]!.value)).size).toBe(n);
    const d = (await detail(id)).body.data;
    expect(d).toMatchObject({ state: 'done', created: n, rowsDone: n });
  }, 180_000);

  it('continues an import made before an upgrade in its own chunk size (its markers count in those)', async () => {
    const lines = ['Name,Email', ...Array.from({ length: 25 }, (_, i) => `Old Row${i},old${i}@example.com`)];
    const id = (await upload(Buffer.from(lines.join('\n')))).body.data.id;
    expect((await importsRepository.findImport(t.db, owner.orgId, id))!.chunkRows).toBe(importChunkRows);
    // As a row from before the upgrade: 10-row chunks, the first of them already written and marked.
    await t.db.execute(sql`update imports set chunk_rows = 10 where id = ${id}`);
    await importsRepository.transition(t.db, id, 'ready', { state: 'running', duplicates: 'create', startedAt: new Date() });
    const first = (await importsRepository.claimRunning(t.db, 60))!;
    await expect(processImport(t.db, t.app.config.dataDir, first, 50_000, { afterChunk: () => { throw new Error('stopped for the upgrade'); } })).rejects.toThrow();
    await t.db.execute(sql`update imports set locked_until = null, locked_by = null where id = ${id}`);
    const resumed = (await importsRepository.claimRunning(t.db, 60))!;
    expect(await processImport(t.db, t.app.config.dataDir, resumed)).toBe('finished');
    const rows = (await liveContacts()).filter((c) => c.firstName === 'Old' && c.lastName.startsWith('Row'));
    expect(rows).toHaveLength(25);
    expect((await detail(id)).body.data).toMatchObject({ state: 'done', created: 25, rowsDone: 25 });
  });
});

describe('export', () => {
  it('exports chosen fields of the rows in scope as CSV with a BOM, formula cells neutralised', async () => {
    await createContact(t.app, owner.token, owner.orgId, { firstName: '=HYPERLINK("x")', lastName: 'Formula', emails: [{ value: 'formula@example.com' }] });
    const res = await t.app.inject({
      method: 'POST', url: url('/customer/export'), headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'zh-TW' },
      payload: { fields: ['name', 'email'], range: 'filter', advanceFilter: { keyword: 'formula@example.com' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF姓名,電子郵件');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"") Formula",formula@example.com`);
    expect(lines).toHaveLength(3);
  });

  it('a member exports only their own contacts', async () => {
    await createContact(t.app, member.token, owner.orgId, { firstName: 'Mine', lastName: 'Only', emails: [{ value: 'mine@example.com' }] });
    const res = await t.app.inject({ method: 'POST', url: url('/customer/export'), headers: { authorization: `Bearer ${member.token}` }, payload: { fields: ['email'], range: 'all' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\r\n').slice(1)).toEqual(['mine@example.com']);
  });
});

describe('access', () => {
  it('another workspace cannot read an import or its failed rows (404)', async () => {
    const up = await upload(Buffer.from('Name\nA B\n'));
    const id = up.body.data.id;
    const asOther = await call(t.app, 'GET', url(`/customer/import/detail/${id}`, other.orgId), { token: other.token });
    expect(asOther.status).toBe(404);
    const file = await call(t.app, 'GET', url(`/customer/import/failed/${id}`, other.orgId), { token: other.token });
    expect(file.status).toBe(404);
  });

  it('a member without the import privilege gets 403', async () => {
    const up = await upload(Buffer.from('Name\nA B\n'), member);
    expect(up.status).toBe(403);
    const template = await call(t.app, 'GET', url('/customer/import/emptyForm'), { token: member.token });
    expect(template.status).toBe(403);
  });
});
