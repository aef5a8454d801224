import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupKeepDays, backupTables, exportFields, type BackupManifest } from '@lodestar/contract';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, createContact, crmFixture, injectMultipart, multipart } from '../../../test/records.ts';
import { saveFile } from '../../access/files/files.ts';
import { expireBackups, runBackups } from './backups.runner.ts';

/** Backup → restore → compare, a backup continued after a crash, a person's copy of their data, and isolation. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const dataDir = `/tmp/lodestar-backups-test-${process.pid}`;
let adaId: string;
let bobId: string;
const quote = Buffer.from('%PDF-1.4 報價單');

/** An attachment of Bob's e-mail saved to his page (as mailboxes.saved-attachments.ts keeps it: a file and its row). */
async function saveAttachmentOnBob() {
  const mailbox = await t.db.execute(sql`insert into mailboxes (org_id, user_id, email, imap_host, imap_port, imap_security, smtp_host, smtp_port, smtp_security, username, password)
    values (${owner.orgId}, ${owner.user.id}, 'owner@example.com', 'imap.example.com', 993, 'tls', 'smtp.example.com', 465, 'tls', 'owner', 'x') returning id`);
  const mailboxId = (mailbox as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const email = await t.db.execute(sql`insert into emails (org_id, mailbox_id, owner_user_id, message_id, thread_id, direction, subject, "from", sent_at)
    values (${owner.orgId}, ${mailboxId}, ${owner.user.id}, 'q1@example.com', 'q1@example.com', 'in', 'Quote', ${JSON.stringify({ address: 'bob@example.com', name: 'Bob' })}, now()) returning id`);
  const emailId = (email as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const fileId = await saveFile(t.db, dataDir, owner.orgId, { name: '報價單.pdf', mimeType: 'application/pdf', data: quote });
  await t.db.execute(sql`insert into saved_attachments (org_id, file_id, email_id, attachment_index, entity_type, entity_id, filename, content_type, size, subject, saved_by_user_id)
    values (${owner.orgId}, ${fileId}, ${emailId}, 0, 'contact', ${bobId}, '報價單.pdf', 'application/pdf', ${quote.length}, 'Quote', ${owner.user.id})`);
}

const api = (who: { token: string }, method: 'GET' | 'POST', path: string, orgId: string) => call(t.app, method, `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`, { token: who.token });
const download = (who: { token: string }, id: string, orgId: string) =>
  t.app.inject({ method: 'GET', url: `/api/backup/${id}/file?orgId=${orgId}`, headers: { authorization: `Bearer ${who.token}` } });

async function unzip(data: Buffer) {
  const directory = await unzipper.Open.buffer(data);
  const read = async (name: string) => JSON.parse((await directory.files.find((f) => f.path === name)!.buffer()).toString('utf8')) as Json;
  return { names: directory.files.map((f) => f.path), read };
}

/** Row counts of every backed-up table in a workspace. */
async function counts(orgId: string) {
  const out: Record<string, number> = {};
  for (const table of backupTables) {
    const rows = (await t.db.execute(sql.raw(`select count(*)::int as n from "${table.name}" where org_id = '${orgId}'`))) as unknown as { rows: { n: number }[] };
    out[table.name] = rows.rows[0]!.n;
  }
  return out;
}

/** Every field of every contact, company and deal as the export writes them (references by name): equal files, equal records. */
async function exportAll(who: TestUser, orgId: string) {
  const files: string[] = [];
  for (const [word, kind] of [['customer', 'contact'], ['company', 'company'], ['deal', 'deal']] as const) {
    const fields = (await call(t.app, 'GET', `/api/field/${kind}?orgId=${orgId}`, { token: who.token })).body.data as { id: string }[];
    const res = await importKit(t, word).exportFile({ token: who.token, orgId }, { fields: [...exportFields[kind].filter((f) => f !== 'createdAt' && f !== 'updatedAt' && f !== 'lines'), ...fields.map((f) => `custom:${f.id}`)], range: 'all' });
    expect(res.statusCode).toBe(200);
    // Custom field ids differ between the workspaces; their titles head the columns.
    files.push(res.body.split('\r\n').sort().join('\n'));
  }
  return files;
}

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: dataDir }));
  const size = await call(t.app, 'POST', `/api/field/contact?orgId=${owner.orgId}`, {
    token: owner.token,
    body: { title: 'Size', inputType: 'options', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }] },
  });
  const tag = await call(t.app, 'POST', `/api/tags/customer?orgId=${owner.orgId}`, { token: owner.token, body: { name: 'VIP' } });
  const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: '台灣積體', tax: '22099131' });
  adaId = await createContact(t.app, owner.token, owner.orgId, {
    firstName: '娜娜', lastName: '歐陽', companyId, tagIds: [tag.body.data.id], phones: [{ type: 'mobile', value: '+886 912 345 678' }],
    note: 'line one\nline two', dynamicFields: { [size.body.data.id]: 'l' },
  });
  bobId = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Bob', lastName: 'Chen', emails: [{ value: 'bob@example.com' }] });
  await call(t.app, 'POST', `/api/notes?orgId=${owner.orgId}`, { token: owner.token, body: { entityType: 'contact', entityId: adaId, content: 'Met at the fair' } });
  const deals = 'Deal name,Amount,Start date,Expected close,Contact\nRenewal,12000.50,2026-01-05,2026-03-31,歐陽娜娜\n';
  expect((await importKit(t, 'deal').run(owner, deals)).detail).toMatchObject({ state: 'done', created: 1 });
  await saveAttachmentOnBob();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('workspace backup', () => {
  it('backs up everything as a job, restores it into a new workspace with new ids, and the records are identical', async () => {
    const started = await api(owner, 'POST', '/backup', owner.orgId);
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ kind: 'workspace', state: 'running' });
    await t.app.background.idle();
    const done = (await api(owner, 'GET', `/backup/${started.body.data.id}`, owner.orgId)).body.data;
    expect(done).toMatchObject({ state: 'done', stepsDone: done.stepsTotal });
    const file = await download(owner, done.id, owner.orgId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const archive = await unzip(file.rawPayload);
    const manifest = (await archive.read('manifest.json')) as BackupManifest;
    expect(manifest.tables.find((x) => x.name === 'contacts')!.rows).toBe(2);
    expect(archive.names).toContain('tables/custom_fields.json');

    const restore = await injectMultipart(t.app, `/api/backup/restore?orgId=${owner.orgId}`, owner.token, multipart({}, { field: 'file', filename: 'backup.zip', contentType: 'application/zip', data: file.rawPayload }));
    expect(restore.status).toBe(202);
    await t.app.background.idle();
    const restored = (await api(owner, 'GET', `/backup/${restore.body.data.id}`, owner.orgId)).body.data;
    expect(restored).toMatchObject({ state: 'done', kind: 'restore' });
    const newOrg = restored.restoredOrgId as string;
    expect(newOrg).not.toBe(owner.orgId);
    expect(await counts(newOrg)).toEqual(await counts(owner.orgId));
    expect(await exportAll(owner, newOrg)).toEqual(await exportAll(owner, owner.orgId));
    // New ids: no record of the restored workspace shares an id with the original.
    const shared = (await t.db.execute(sql`select count(*)::int as n from contacts a join contacts b on a.id = b.id where a.org_id = ${owner.orgId} and b.org_id = ${newOrg}`)) as unknown as { rows: { n: number }[] };
    expect(shared.rows[0]!.n).toBe(0);

    // The attachment saved on Bob's page comes back on the restored Bob, bytes and all, without the (unrestored) e-mail.
    const newBob = (await t.db.execute(sql`select id from contacts where org_id = ${newOrg} and first_name = 'Bob'`)) as unknown as { rows: { id: string }[] };
    const listed = await api(owner, 'GET', `/emails/saved-attachments?entityType=contact&entityId=${newBob.rows[0]!.id}`, newOrg);
    expect(listed.body.data).toMatchObject([{ filename: '報價單.pdf', contentType: 'application/pdf', size: quote.length, subject: 'Quote' }]);
    const saved = await t.app.inject({ method: 'GET', url: `/api/emails/saved-attachments/${listed.body.data[0].id}?orgId=${newOrg}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(saved.statusCode).toBe(200);
    expect(saved.rawPayload.equals(quote)).toBe(true);
    const detached = (await t.db.execute(sql`select email_id from saved_attachments where org_id = ${newOrg}`)) as unknown as { rows: { email_id: string | null }[] };
    expect(detached.rows).toEqual([{ email_id: null }]);
  });

  it('continues a backup after a crash with the next table: no part written twice, nothing lost', async () => {
    const actor = { token: owner.token };
    const res = await t.db.execute(sql`insert into backups (org_id, user_id, kind, steps_total) values (${owner.orgId}, ${owner.user.id}, 'workspace', ${backupTables.length + 2}) returning id`);
    const id = (res as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await runBackups(t.db, dataDir, { stopAfter: 7 });
    const half = (await api(actor, 'GET', `/backup/${id}`, owner.orgId)).body.data;
    expect(half).toMatchObject({ state: 'running', stepsDone: 7 });
    // The crashed run's lease expires; the next run takes the job and continues.
    await t.db.execute(sql`update backups set locked_until = now() - interval '1 second' where id = ${id}`);
    await runBackups(t.db, dataDir);
    const done = (await api(actor, 'GET', `/backup/${id}`, owner.orgId)).body.data;
    expect(done).toMatchObject({ state: 'done', stepsDone: backupTables.length + 2 });
    const archive = await unzip((await download(owner, id, owner.orgId)).rawPayload);
    expect(((await archive.read('tables/contacts.json')) as Json[]).length).toBe(2);
    const parts = (await t.db.execute(sql`select count(*)::int as n from backup_parts where backup_id = ${id}`)) as unknown as { rows: { n: number }[] };
    expect(parts.rows[0]!.n).toBe(backupTables.length + 2);
  });

  it('answers a data-subject request: one contact\'s data, nobody else\'s', async () => {
    const started = await api(owner, 'POST', `/customer/${adaId}/personal-data`, owner.orgId);
    expect(started.status).toBe(202);
    await t.app.background.idle();
    expect((await api(owner, 'GET', `/backup/${started.body.data.id}`, owner.orgId)).body.data).toMatchObject({ state: 'done', kind: 'contact' });
    const archive = await unzip((await download(owner, started.body.data.id, owner.orgId)).rawPayload);
    expect(((await archive.read('manifest.json')) as BackupManifest).kind).toBe('contact');
    const contacts = (await archive.read('tables/contacts.json')) as Json[];
    expect(contacts.map((c) => c.id)).toEqual([adaId]);
    expect(JSON.stringify(await archive.read('tables/notes.json'))).toContain('Met at the fair');
    expect(((await archive.read('tables/deals.json')) as Json[]).map((d) => d.name)).toEqual(['Renewal']);
    expect(((await archive.read('tables/companies.json')) as Json[]).map((c) => c.name)).toEqual(['台灣積體']);
    expect(await archive.read('tables/members.json')).toEqual([]);
    expect(JSON.stringify(await archive.read('tables/contacts.json'))).not.toContain(bobId);
  });
});

describe('backup access', () => {
  it('another workspace never sees a backup or its archive; members who are not administrators cannot back up', async () => {
    const started = await api(owner, 'POST', '/backup', owner.orgId);
    await t.app.background.idle();
    const id = started.body.data.id as string;
    expect((await api(other, 'GET', `/backup/${id}`, other.orgId)).status).toBe(404);
    expect((await download(other, id, other.orgId)).statusCode).toBe(404);
    expect((await api(other, 'GET', `/backup/${id}`, owner.orgId)).status).toBe(403);
    expect((await download(other, id, owner.orgId)).statusCode).toBe(403);
    expect((await api(other, 'GET', '/backup', other.orgId)).body.data.items.map((b: Json) => b.id)).not.toContain(id);
    expect((await api(member, 'POST', '/backup', owner.orgId)).status).toBe(403);
    expect((await api(member, 'GET', `/backup/${id}`, owner.orgId)).status).toBe(404);
    expect((await api(other, 'POST', `/customer/${adaId}/personal-data`, other.orgId)).status).toBe(404);
  });

  it('refuses an archive that is not a backup, by name', async () => {
    const restore = await injectMultipart(t.app, `/api/backup/restore?orgId=${owner.orgId}`, owner.token, multipart({}, { field: 'file', filename: 'x.zip', contentType: 'application/zip', data: Buffer.from('not a zip') }));
    expect(restore.status).toBe(202);
    await t.app.background.idle();
    expect((await api(owner, 'GET', `/backup/${restore.body.data.id}`, owner.orgId)).body.data).toMatchObject({ state: 'failed', errorCode: 'BACKUP_ARCHIVE_UNREADABLE' });
  });
});

describe('archive expiry', () => {
  it(`removes archives ${backupKeepDays} days after they were made; the backup stays listed as expired, without a download`, async () => {
    const started = await api(owner, 'POST', '/backup', owner.orgId);
    await t.app.background.idle();
    const id = started.body.data.id as string;
    const fresh = (await api(owner, 'GET', `/backup/${id}`, owner.orgId)).body.data;
    expect(Date.parse(fresh.expiresAt) - Date.parse(fresh.finishedAt)).toBe(backupKeepDays * 86_400_000);
    const file = (await t.db.execute(sql`select file_path from backups where id = ${id}`)) as unknown as { rows: { file_path: string }[] };
    const archive = path.join(dataDir, file.rows[0]!.file_path);
    // Not yet: a day short of the keeping period.
    await t.db.execute(sql`update backups set finished_at = now() - make_interval(days => ${backupKeepDays - 1}) where id = ${id}`);
    await expireBackups(t.db, dataDir);
    expect(fs.existsSync(archive)).toBe(true);
    // Every finished job past it: this backup, the restores' uploads and the personal-data copies above.
    await t.db.execute(sql`update backups set finished_at = now() - make_interval(days => ${backupKeepDays + 1}) where org_id = ${owner.orgId}`);
    expect(await expireBackups(t.db, dataDir)).toBeGreaterThan(1);
    expect(fs.existsSync(archive)).toBe(false);
    expect((await api(owner, 'GET', `/backup/${id}`, owner.orgId)).body.data).toMatchObject({ state: 'expired', expiresAt: null });
    const gone = await download(owner, id, owner.orgId);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ errorCode: 'BACKUP_EXPIRED' });
    const left = (await t.db.execute(sql`select count(*)::int as n from backups where org_id = ${owner.orgId} and file_path is not null`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.zip'))).toEqual([]);
    expect(await expireBackups(t.db, dataDir)).toBe(0);
  });
});
