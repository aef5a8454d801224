import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, countStatements, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, crmFixture } from '../../../test/records.ts';
import { companies } from '../../records/companies/companies.table.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import { writeChunk } from './chunk-writer.ts';
import { companySpec } from './company-spec.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-company-imports-test-${process.pid}` }));
  kit = importKit(t, 'company');
});
afterAll(async () => {
  await t?.close();
});

const liveCompanies = (orgId = owner.orgId) => t.db.select().from(companies).where(and(eq(companies.orgId, orgId), isNull(companies.deletedAt)));
const byName = async (name: string) => (await liveCompanies()).find((c) => c.name === name);

describe('company import', () => {
  it('imports every field type, custom fields included, and lists per-row problems in three languages', async () => {
    const dateField = (await call(t.app, 'POST', `/api/field/company?orgId=${owner.orgId}`, { token: owner.token, body: { title: '成立日期', inputType: 'date' } })).body.data;
    const sizeField = (await call(t.app, 'POST', `/api/field/company?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { title: 'Size', inputType: 'options', options: [{ label: 'Small', value: 'small' }, { label: 'Large', value: 'large' }] },
    })).body.data;
    const text = [
      '公司名稱,統一編號,網站,Email,電話,傳真,地址,LINE,標籤,備註,成立日期,Size,Region',
      '台積電,10007919,https://example.com,info@example.com,03-5636688,03-5637000,新竹市,@tsmc,"VIP, 半導體",Important,2001/2/21,large,North',
      ',10047514,,,,,,,,,,,',
      'Bad Tax,12345678,,,,,,,,,,,',
      'Bad Mail,,,not-an-email,,,,,,,,,',
      'Bad Size,,,,,,,,,,,huge,',
    ].join('\r\n');
    const up = await kit.upload(owner, Buffer.from(text));
    const id = up.body.data.id as string;
    const check = (await kit.detail(owner, id)).body.data;
    expect(check.mapping).toEqual(['name', 'taxId', 'website', 'email', 'phone', 'fax', 'address', 'line', 'tags', 'note', `custom:${dateField.id}`, `custom:${sizeField.id}`, 'new']);
    expect(check.targets.find((x: Json) => x.key === 'name').required).toBe(true);
    expect(check.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [2, '公司名稱', 'required'],
      [3, '統一編號', 'invalidTaxId'],
      [4, 'Email', 'invalidEmail'],
      [5, 'Size', 'invalidValue'],
    ]);
    const messages = await Promise.all(['en-US', 'zh-TW', 'zh-CN'].map(async (l) => (await kit.detail(owner, id, l)).body.data.problems[1].message));
    expect(messages[0]).toBe('Invalid tax ID');
    expect(new Set(messages).size).toBe(3);

    const { run } = kit;
    const { detail } = await run(owner, text);
    expect(detail).toMatchObject({ state: 'done', created: 1, failed: 4 });
    const tsmc = (await byName('台積電'))!;
    expect(tsmc).toMatchObject({ tax: '10007919', url: 'https://example.com', email: 'info@example.com', address: '新竹市', note: 'Important', ownerUserId: owner.user.id });
    expect(tsmc.phones).toEqual([
      expect.objectContaining({ value: '03-5636688', type: 'companyPhone' }),
      expect.objectContaining({ value: '03-5637000', type: 'companyFax' }),
    ]);
    expect(tsmc.socials).toEqual([{ type: 'line', account: '@tsmc' }]);
    expect(tsmc.tagIds).toHaveLength(2);
    expect(tsmc.dynamicFields[dateField.id]).toBe('2001-02-21');
    expect(tsmc.dynamicFields[sizeField.id]).toBe('large');
    const region = (await customFieldsService.listFields(t.db, owner.orgId, 'company')).find((f) => f.title === 'Region')!;
    expect(tsmc.dynamicFields[region.id]).toBe('North');
  });

  it('handles duplicates by tax ID or name per choice; undo restores what an update changed; a taken tax ID fails the row', async () => {
    const existing = await createCompany(t.app, owner.token, owner.orgId, { name: 'Dup Co', tax: '10324679', address: 'Old street', note: 'keep' });
    const text = 'Name,Tax ID,Address\nDup Co Renamed,10324679,New street\n';
    expect((await kit.run(owner, text, { duplicates: 'skip' })).detail).toMatchObject({ skipped: 1, created: 0 });
    const updated = await kit.run(owner, text, { duplicates: 'update' });
    expect(updated.detail).toMatchObject({ updated: 1, created: 0 });
    let [row] = await t.db.select().from(companies).where(eq(companies.id, existing));
    expect(row).toMatchObject({ name: 'Dup Co Renamed', address: 'New street', note: 'keep' });
    expect((await kit.undo(owner, updated.id)).body.data.state).toBe('undone');
    [row] = await t.db.select().from(companies).where(eq(companies.id, existing));
    expect(row).toMatchObject({ name: 'Dup Co', address: 'Old street' });
    // By name (no tax ID in the file).
    expect((await kit.run(owner, 'Name,Note\ndup co,by name\n', { duplicates: 'skip' })).detail).toMatchObject({ skipped: 1 });
    // "Create anyway" still may not take a tax ID twice (the API's TAX_ID_EXISTS): that row fails, named by its column.
    const created = await kit.run(owner, 'Name,Tax ID\nAnother Dup,10324679\nTwin One,10332598\nTwin Two,10332598\n', { duplicates: 'create' });
    expect(created.detail).toMatchObject({ created: 1, failed: 2 });
    expect(created.detail.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [1, 'Tax ID', 'taxIdTaken'],
      [3, 'Tax ID', 'taxIdTaken'],
    ]);
    expect(created.detail.problems[0].message).toBe('This tax ID already exists');
  });

  it('looks duplicates up once per chunk, however many rows it holds', async () => {
    const ctx = { importId: '00000000-0000-4000-8000-000000000000', orgId: owner.orgId, userId: owner.user.id, mapping: ['name'], duplicates: 'skip' as const, definitions: [] };
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ row: i + 1, cells: ['Dup Co'] }));
    const few = await countStatements(t.db, () => t.db.transaction((tx) => writeChunk(tx, companySpec, ctx, rows(2))));
    const many = await countStatements(t.db, () => t.db.transaction((tx) => writeChunk(tx, companySpec, ctx, rows(40))));
    expect(many).toBe(few);
  });

  it('reads an Excel workbook: dates, numbers and text cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Companies');
    sheet.addRow(['Company', 'Tax ID', '成立日期', 'Employees']);
    sheet.addRow(['Excel Co', '10364274', new Date(Date.UTC(2010, 4, 6)), 120]);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'Text Co' }] }, null, null, 7]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const up = await kit.upload(owner, data, 'companies.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(up.status).toBe(200);
    const d = (await kit.detail(owner, up.body.data.id)).body.data;
    expect(d).toMatchObject({ encoding: 'xlsx', totalRows: 2, headers: ['Company', 'Tax ID', '成立日期', 'Employees'] });
    expect(d.preview).toEqual([
      ['Excel Co', '10364274', '2010-05-06', '120'],
      ['Rich Text Co', '', '', '7'],
    ]);
    const { detail } = await kit.run(owner, data, { name: 'companies.xlsx' });
    expect(detail).toMatchObject({ state: 'done', created: 2 });
    const excel = (await byName('Excel Co'))!;
    const founded = (await customFieldsService.listFields(t.db, owner.orgId, 'company')).find((f) => f.title === '成立日期')!;
    expect(excel.dynamicFields[founded.id]).toBe('2010-05-06');
  });
});

describe('company export', () => {
  it('holds only the companies in the caller\'s scope, as XLSX text cells (never formulas, no visible marker)', async () => {
    await createCompany(t.app, member.token, owner.orgId, { name: '=cmd|calc', address: '+886 Taipei' });
    const res = await kit.exportFile({ token: member.token, orgId: owner.orgId }, { fields: ['name', 'address', 'owner'], range: 'all', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('companies.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1));
    expect(values).toEqual([
      ['Company name', 'Address', 'Owner'],
      // Text cells (never formulas) need no visible marker.
      ['=cmd|calc', '+886 Taipei', `Mia Member <${member.email}>`],
    ]);
    const csv = await kit.exportFile(owner, { fields: ['name'], range: 'filter', advanceFilter: { keyword: 'cmd' } }, 'zh-TW');
    expect(csv.body).toBe("\uFEFF公司名稱\r\n'=cmd|calc\r\n");
  });

  it('refuses a field the company list does not have', async () => {
    const res = await kit.exportFile(owner, { fields: ['name', 'birthday'], range: 'all' });
    expect(res.statusCode).toBe(400);
  });
});

describe('company import access', () => {
  it('another workspace cannot read, undo or download an import (404)', async () => {
    const up = await kit.upload(owner, Buffer.from('Name\nMine Co\n'));
    const id = up.body.data.id as string;
    expect((await kit.detail({ token: other.token, orgId: other.orgId }, id)).status).toBe(404);
    expect((await kit.undo({ token: other.token, orgId: other.orgId }, id)).status).toBe(404);
    const failed = await call(t.app, 'GET', kit.url(`/import/failed/${id}`, other.orgId), { token: other.token });
    expect(failed.status).toBe(404);
    // Guessing the id inside the owner's workspace does not help either: the member lacks the import privilege.
    expect((await kit.detail({ token: member.token, orgId: owner.orgId }, id)).status).toBe(403);
  });
});
