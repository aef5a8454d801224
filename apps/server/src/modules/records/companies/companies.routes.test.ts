import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture, setOrgPlan } from '../../../test/records.ts';
import { companies } from './companies.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };

beforeAll(async () => {
  ({ t, owner, other } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('companies', () => {
  it('creates with every field and answers the detail page with its contacts', async () => {
    const id = await createCompany(t.app, owner.token, owner.orgId, {
      name: '台灣積體電路',
      otherNames: ['TSMC'],
      tax: '22099131',
      url: 'https://example.com',
      email: 'IR@example.com',
      phones: [{ value: '03-5636688', type: 'companyPhone' }, { value: '03-1234', type: 'other', otherType: 'Hotline' }],
      address: '新竹科學園區',
      socials: [{ type: 'facebook', account: 'tsmc' }],
    });
    const contact = await createContact(t.app, owner.token, owner.orgId, { companyId: id, position: 'Buyer' });
    const { status, body } = await call(t.app, 'GET', url(`/page/company/view/${id}`), { token: owner.token });
    expect(status).toBe(200);
    expect(body.data.company).toMatchObject({ name: '台灣積體電路', tax: '22099131', email: 'ir@example.com', contactCount: 1 });
    expect(body.data.contacts).toEqual([{ id: contact, name: 'Ada Lovelace', position: 'Buyer' }]);
    const c = await call(t.app, 'GET', url(`/customer/${contact}`), { token: owner.token });
    expect(c.body.data.company).toEqual({ id, name: '台灣積體電路', label: '台灣積體電路' });
  });

  it('requires a name and otherType for other phones', async () => {
    const noName = await call(t.app, 'POST', url('/company'), { token: owner.token, locale: 'zh-TW', body: { name: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.details[0]).toMatchObject({ field: 'name', message: '此欄位為必填' });
    const phone = await call(t.app, 'POST', url('/company'), { token: owner.token, body: { name: 'X', phones: [{ value: '1', type: 'other' }] } });
    expect(phone.status).toBe(400);
    expect(phone.body.details[0].field).toBe('phones.0.otherType');
  });

  it('refuses a tax ID failing the checksum, a malformed web address and e-mail, naming the field by its title', async () => {
    for (const [body, field, message] of [
      [{ name: 'A', tax: '12345678' }, 'tax', '欄位「統一編號」：統一編號不正確'],
      [{ name: 'A', tax: 'ABC-1234' }, 'tax', '欄位「統一編號」：統一編號不正確'],
      [{ name: 'A', url: 'not a url' }, 'url', '欄位「網址」：網址格式不正確'],
      [{ name: 'A', email: 'nobody' }, 'email', '欄位「電子郵件」：無效的電子郵件地址'],
    ] as const) {
      const bad = await call(t.app, 'POST', url('/company'), { token: owner.token, locale: 'zh-TW', body });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe(field);
      expect(bad.body.errorMessage).toBe(message);
    }
    const en = await call(t.app, 'POST', url('/company'), { token: owner.token, locale: 'en-US', body: { name: 'A', tax: '12345678' } });
    expect(en.body.errorMessage).toBe('Field "Tax ID": Invalid tax ID');
    // The 2023 rule: a sum divisible by 5 passes; the 7th-digit-7 rule too.
    await createCompany(t.app, owner.token, owner.orgId, { name: 'Five', tax: '04595252', url: 'https://example.com/about' });
    await createCompany(t.app, owner.token, owner.orgId, { name: 'Seven', tax: '01234579', url: 'example.com.tw' });
  });

  it('refuses a duplicate tax ID with 409 validationTaxIsExist in three languages; deleted ones free it', async () => {
    const first = await createCompany(t.app, owner.token, owner.orgId, { name: 'Tax One', tax: '04595257' });
    for (const [locale, message] of [
      ['zh-TW', '此統一編號已存在'],
      ['zh-CN', '此税号已存在'],
      ['en-US', 'This tax ID already exists'],
    ]) {
      const dup = await call(t.app, 'POST', url('/company'), { token: owner.token, locale, body: { name: 'Tax Two', tax: '04595257' } });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ errorCode: 'TAX_ID_EXISTS', errorMessage: message });
    }
    // Another workspace may use the same tax ID.
    await createCompany(t.app, other.token, other.orgId, { name: 'Elsewhere', tax: '04595257' });
    // Editing the company itself keeps its tax ID.
    await createCompany(t.app, owner.token, owner.orgId, { id: first, name: 'Tax One Ltd', tax: '04595257' });
    await call(t.app, 'DELETE', url(`/company/${first}`), { token: owner.token });
    await createCompany(t.app, owner.token, owner.orgId, { name: 'Tax Three', tax: '04595257' });
  });

  it('the database refuses two live companies with one tax ID even when the check races', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) => call(t.app, 'POST', url('/company'), { token: owner.token, body: { name: `Race ${i}`, tax: '10458575' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('check-duplicate answers tax matches and similar names', async () => {
    await createCompany(t.app, owner.token, owner.orgId, { name: 'Northwind Traders', tax: '55554401' });
    const byTax = await call(t.app, 'GET', url('/company-check-duplicate?tax=55554401'), { token: owner.token });
    expect(byTax.body.data.taxExists).toBe(true);
    expect(byTax.body.data.matches[0].name).toBe('Northwind Traders');
    const byName = await call(t.app, 'GET', url(`/company-check-duplicate?name=${encodeURIComponent('northwind trader')}`), { token: owner.token });
    expect(byName.body.data.taxExists).toBe(false);
    expect(byName.body.data.matches.map((m: { name: string }) => m.name)).toContain('Northwind Traders');
    const none = await call(t.app, 'GET', url('/company-check-duplicate?name=Zebra%20Pictures'), { token: owner.token });
    expect(none.body.data.matches).toEqual([]);
  });

  it('lists 25 a page with keyset paging and filters', async () => {
    const boss = await signedInOwner(t.app, 'Many');
    await setOrgPlan(t.db, boss.orgId, 'subscribe_team');
    for (let i = 0; i < 30; i++) await createCompany(t.app, boss.token, boss.orgId, { name: `Co ${String(i).padStart(2, '0')}` });
    const page1 = await call(t.app, 'GET', url('/page/company/listV2?limit=25&sortBy=name&decending=false', boss.orgId), { token: boss.token });
    expect(page1.body.data.items).toHaveLength(25);
    expect(page1.body.data.total).toBe(30);
    expect(page1.body.data.items[0]).toMatchObject({ company: 'Co 00', owner: { userId: boss.user.id } });
    const page2 = await call(t.app, 'GET', url(`/page/company/listV2?limit=25&sortBy=name&decending=false&cursor=${page1.body.data.nextCursor}`, boss.orgId), {
      token: boss.token,
    });
    expect(page2.body.data.items.map((r: { company: string }) => r.company)).toEqual(['Co 25', 'Co 26', 'Co 27', 'Co 28', 'Co 29']);
    expect(page2.body.data.nextCursor).toBeNull();
    const filtered = await call(t.app, 'GET', url(`/page/company/listV2?advanceFilter=${encodeURIComponent('{"keyword":"co 1"}')}`, boss.orgId), {
      token: boss.token,
    });
    expect(filtered.body.data.items).toHaveLength(10);
  });

  it('associates contacts to a company', async () => {
    const company = await createCompany(t.app, owner.token, owner.orgId, { name: 'Linker' });
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    const res = await call(t.app, 'POST', url('/associate/create/contactAndCompanyMulti'), { token: owner.token, body: { companyId: company, contactIds: [a, b] } });
    expect(res.body.data.count).toBe(2);
    const view = await call(t.app, 'GET', url(`/page/company/view/${company}`), { token: owner.token });
    expect(view.body.data.contacts).toHaveLength(2);
  });

  it('another workspace gets 404 with nothing changed', async () => {
    const id = await createCompany(t.app, owner.token, owner.orgId, { name: 'Private Co' });
    const contact = await createContact(t.app, other.token, other.orgId);
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', `/page/company/view/${id}`],
      ['GET', `/company/${id}`],
      ['POST', '/company', { id, name: 'Hacked' }],
      ['DELETE', `/company/${id}`],
      ['DELETE', '/company/deleteMuti', { ids: [id] }],
      ['POST', '/company/transfer', { ids: [id], ownerUserId: other.user.id }],
      ['POST', '/associate/create/contactAndCompanyMulti', { companyId: id, contactIds: [contact] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(t.app, method, url(path, other.orgId), { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // A contact of the other workspace cannot link to this company either.
    const link = await call(t.app, 'POST', url('/customer', other.orgId), { token: other.token, body: { id: contact, firstName: 'A', lastName: 'B', companyId: id } });
    expect(link.status).toBe(400);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ name: 'Private Co', deletedAt: null, ownerUserId: owner.user.id });
  });
});
