import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { crmFixture } from '../../../test/records.ts';

/** Every contact field's cell, as the export reads them from one JSON value a page (contacts.export.ts). */
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

const lines = [
  `"'=cmd x""y,z","x""y,z",'=cmd,"'=evil, ""co""",'=1+1,"02,123; x","a@b.c; ""q""@x",VIP,Ada Lin,Important,2024-02-29T23:59:59.123Z,2024-01-01T00:00:00.000Z`,
  `'+1 -2,'-2,'+1,,,,,,,,,2024-01-02T00:00:00.000Z`,
  '王小明,王,小明,,0911; 0922,,e1@x.y,"Lead, VIP",Ada Lin,,,2024-01-03T00:00:00.500Z',
];

describe('contact export cells', () => {
  it('writes every field of every row in created order, formula cells neutralised and quoted as needed', async () => {
    const csv = await exportCsv({ fields: allFields, range: 'all' });
    expect(csv.slice(1)).toEqual([...lines, '']);
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
