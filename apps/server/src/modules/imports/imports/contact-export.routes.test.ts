import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { crmFixture } from '../../../test/records.ts';

/**
 * The contact list's columns' cells, as the export reads them from one JSON value a page (contacts.export.ts); times as
 * wall-clock in Asia/Taipei (the default zone). Every stored field round-trips in export-round-trip.test.ts.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
const ids: string[] = [];

const allFields = ['name', 'lastName', 'firstName', 'company', 'mobile', 'phone', 'email', 'tags', 'owner', 'isImportant', 'lastContactAt', 'createdAt'];

beforeAll(async () => {
  ({ t, owner } = await crmFixture({ DATA_DIR: `/tmp/lodestar-contact-export-test-${process.pid}` }));
  const one = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const vip = await one(sql`insert into tags (org_id, kind, name, color, sort) values (${owner.orgId}, 'customer', 'VIP', '#F5222D', 1) returning id`);
  const lead = await one(sql`insert into tags (org_id, kind, name, color, sort) values (${owner.orgId}, 'customer', 'Lead', '#1677FF', 2) returning id`);
  const company = await one(sql`insert into companies (org_id, name) values (${owner.orgId}, '=evil, "co"') returning id`);
  const gone = '00000000-0000-4000-8000-000000000001';
  const rows = [
    ['=cmd', 'x"y,z', [{ type: 'mobile', value: '=1+1' }, { type: 'companyPhone', value: '02,123' }, { type: 'home', value: 'x' }], [{ value: 'a@b.c' }, { value: '"q"@x' }], company, owner.user.id, [vip, gone], true, '2024-02-29T23:59:59.123Z', '2024-01-01T00:00:00Z'],
    ['+1', '-2', [], [], null, null, [], false, null, '2024-01-02T00:00:00Z'],
    ['小明', '王', [{ type: 'mobile', value: '0911' }, { type: 'mobile', value: '0922' }], [{ value: 'e1@x.y' }], null, owner.user.id, [lead, vip], false, null, '2024-01-03T00:00:00.5Z'],
  ] as const;
  for (const [first, last, phones, emails, companyId, ownerId, tagIds, important, lastContact, created] of rows) {
    ids.push(
      await one(sql`insert into contacts (org_id, first_name, last_name, phones, emails, company_id, owner_user_id, tag_ids, is_important, last_contact_at, created_at)
        values (${owner.orgId}, ${first}, ${last}, ${JSON.stringify(phones)}::jsonb, ${JSON.stringify(emails)}::jsonb, ${companyId}, ${ownerId},
          ${`{${tagIds.join(',')}}`}::uuid[], ${important}, ${lastContact}::timestamptz, ${created}::timestamptz) returning id`),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const exportCsv = async (body: object) => {
  const res = await t.app.inject({
    method: 'POST', url: `/api/customer/export?orgId=${owner.orgId}`, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' }, payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.body.split('\r\n');
};

const lines = (ownerCell: string) => [
  `"'=cmd x""y,z","x""y,z",'=cmd,"'=evil, ""co""",'=1+1,"02,123","a@b.c; ""q""@x",VIP,${ownerCell},Important,2024-03-01 07:59:59,2024-01-01 08:00:00`,
  `'+1 -2,'-2,'+1,,,,,,,,,2024-01-02 08:00:00`,
  `王小明,王,小明,,0911; 0922,,e1@x.y,"Lead, VIP",${ownerCell},,,2024-01-03 08:00:00`,
];

describe('contact export cells', () => {
  it('writes every field of every row in created order, formula cells neutralised and quoted as needed', async () => {
    const csv = await exportCsv({ fields: allFields, range: 'all' });
    expect(csv.slice(1)).toEqual([...lines(`Ada Lin <${owner.email}>`), '']);
  });

  it('range=selected keeps the created order and only the chosen rows; fields in any order', async () => {
    const csv = await exportCsv({ fields: ['tags', 'name'], range: 'selected', ids: [ids[2], ids[0]] });
    expect(csv.slice(1)).toEqual(['VIP,"\'=cmd x""y,z"', '"Lead, VIP",王小明', '']);
  });

  it('range=filter applies the list filter', async () => {
    const csv = await exportCsv({ fields: ['email'], range: 'filter', advanceFilter: { important: true } });
    expect(csv.slice(1)).toEqual(['"a@b.c; ""q""@x"', '']);
  });
});

describe('export choices and time cells', () => {
  it('remembers the columns per member and writes times as date cells in XLSX, wall-clock in the asked zone', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const before = await t.app.inject({ method: 'GET', url: `/api/customer/export/fields?orgId=${owner.orgId}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(before.json().data.fields).toEqual(['email']);
    const res = await t.app.inject({
      method: 'POST', url: `/api/customer/export?orgId=${owner.orgId}`, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
      payload: { fields: ['lastName', 'createdAt'], range: 'selected', ids: [ids[0]], format: 'xlsx', timeZone: 'Europe/London' },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]!.getRow(2).getCell(2);
    expect(cell.value).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const after = await t.app.inject({ method: 'GET', url: `/api/customer/export/fields?orgId=${owner.orgId}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(after.json().data.fields).toEqual(['lastName', 'createdAt']);
    const bad = await t.app.inject({
      method: 'POST', url: `/api/customer/export?orgId=${owner.orgId}`, headers: { authorization: `Bearer ${owner.token}` },
      payload: { fields: ['name'], range: 'all', timeZone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
