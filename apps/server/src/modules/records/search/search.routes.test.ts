import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { keywordMatch } from '../../../db/search-columns.ts';
import type { Db } from '../../../db/client.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from '../contacts/contacts.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kongming: string;
let company: string;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture());
  company = await createCompany(t.app, owner.token, owner.orgId, {
    name: '蜀漢貿易',
    tax: '80801204',
    address: '成都市武侯區',
    phones: [{ value: '02-8888-7777', type: 'companyPhone' }],
  });
  kongming = await createContact(t.app, owner.token, owner.orgId, {
    firstName: '孔明',
    lastName: '諸葛',
    companyId: company,
    phones: [{ value: '0912-345-678', type: 'mobile' }],
    emails: [{ value: 'kongming@shu.example' }],
    addresses: [{ value: '隆中草廬', type: 'personal' }],
  });
  await createContact(t.app, owner.token, owner.orgId, { firstName: 'Ada', lastName: 'Lovelace', emails: [{ value: 'ada@analytical.example' }] });
  await createContact(t.app, other.token, other.orgId, { firstName: '明', lastName: '孔', phones: [{ value: '0912345678', type: 'mobile' }] });
});
afterAll(async () => {
  await t?.close();
});

const search = async (keyword: string, token = owner.token, orgId = owner.orgId) => {
  const { status, body } = await call(t.app, 'GET', `/api/search?orgId=${orgId}&keyword=${encodeURIComponent(keyword)}`, { token });
  expect(status).toBe(200);
  return body.data.items as { type: string; id: string; name: string; company: string | null; tax: string | null; phones: string[] }[];
};

describe('global search', () => {
  it('finds a contact by a two-character Chinese name, in this workspace only', async () => {
    const items = await search('孔明');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'contact', id: kongming, name: '諸葛孔明', company: '蜀漢貿易' });
  });

  it('finds by the full name, phone (with or without dashes), email, address, tax ID and company name', async () => {
    expect((await search('諸葛孔明')).map((i) => i.id)).toEqual([kongming]);
    expect((await search('0912345678')).map((i) => i.id)).toEqual([kongming]);
    expect((await search('0912-345')).map((i) => i.id)).toEqual([kongming]);
    expect((await search('shu.example')).map((i) => i.id)).toEqual([kongming]);
    expect((await search('草廬')).map((i) => i.id)).toEqual([kongming]);
    expect(await search('80801204')).toMatchObject([{ type: 'company', id: company, tax: '80801204' }]);
    expect(await search('蜀漢')).toMatchObject([{ type: 'company', id: company }]);
    expect((await search('lovelace')).map((i) => i.name)).toEqual(['Ada Lovelace']);
    expect(await search('nobody-here')).toEqual([]);
  });

  it('respects visibility scopes: a member with scope mine finds only their own records', async () => {
    expect(await search('孔明', member.token)).toEqual([]);
    await createContact(t.app, member.token, owner.orgId, { firstName: '明明', lastName: '孔' });
    expect((await search('孔明', member.token)).map((i) => i.name)).toEqual(['孔明明']);
  });

  it('leaves deleted records out', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: '孟德', lastName: '曹' });
    expect((await search('孟德')).map((i) => i.id)).toEqual([id]);
    await call(t.app, 'DELETE', `/api/customer/${id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(await search('孟德')).toEqual([]);
  });

  it('requires a keyword', async () => {
    const { status, body } = await call(t.app, 'GET', `/api/search?orgId=${owner.orgId}&keyword=`, { token: owner.token });
    expect(status).toBe(400);
    expect(body.details[0].field).toBe('keyword');
  });

  it('another workspace cannot search this one', async () => {
    const { status } = await call(t.app, 'GET', `/api/search?orgId=${owner.orgId}&keyword=${encodeURIComponent('孔明')}`, { token: other.token });
    expect(status).toBe(403);
  });
});

/** The plan of a query with sequential scans disabled: an index must be able to serve it. */
async function planOf(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx as unknown as Db, sql`explain ${query}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('search plans (no sequential scan)', () => {
  beforeAll(async () => {
    // A workspace big enough that the org_id index alone is not the cheapest path.
    await t.db.execute(sql`insert into contacts (org_id, first_name, last_name, owner_user_id, phones)
      select ${other.orgId}, chr(19968 + (g % 500)), chr(20000 + (g % 700)) || chr(21000 + (g % 300)), ${other.user.id},
             jsonb_build_array(jsonb_build_object('value', '09' || lpad(g::text, 8, '0'), 'type', 'mobile'))
      from generate_series(1, 3000) g`);
    await t.db.execute(sql`insert into companies (org_id, name, owner_user_id)
      select ${other.orgId}, chr(19968 + (g % 500)) || chr(20000 + (g % 700)) || '公司', ${other.user.id} from generate_series(1, 3000) g`);
    await t.db.execute(sql`analyze contacts`);
    await t.db.execute(sql`analyze companies`);
  });

  it.each([
    ['a two-character CJK name', '孔明', 'contacts_search_bigrams_idx'],
    // From 3 characters pg_trgm may serve CJK too; either index will do.
    ['a longer CJK name', '諸葛孔明', undefined],
    // Trigram plans compete with the org_id index at this size; the bench measures them at 100k.
    ['a Latin keyword of three characters', 'ada', undefined],
    ['a phone number', '0912-345', undefined],
  ])('contacts: %s (%s) needs no sequential scan', async (_, keyword, index) => {
    const plan = await planOf(
      t.db,
      sql`select ${contacts.id} from ${contacts} where ${and(eq(contacts.orgId, other.orgId), isNull(contacts.deletedAt), keywordMatch(contacts.searchText, contacts.searchBigrams, keyword))}`,
    );
    expect(plan).not.toMatch(/Seq Scan/);
    if (index) expect(plan).toContain(index);
  });

  it('companies: a two-character CJK name uses the bigram index', async () => {
    const plan = await planOf(
      t.db,
      sql`select ${companies.id} from ${companies} where ${and(eq(companies.orgId, other.orgId), isNull(companies.deletedAt), keywordMatch(companies.searchText, companies.searchBigrams, '蜀漢'))}`,
    );
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toContain('companies_search_bigrams_idx');
  });
});
