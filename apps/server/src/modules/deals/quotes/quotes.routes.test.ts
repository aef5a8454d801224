import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/paging.ts';
import { buildApp } from '../../../app.ts';
import { wrapPostgres } from '../../../db/client.ts';
import { postgresPool } from '../../../db/prepared-statements.ts';
import { testConfig, type TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact } from '../../../test/records.ts';
import { twoWorkspaces } from '../../../test/workspaces.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let dealId: string;
let companyId: string;
let clientId: string;

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const products = [
  { name: '雲端 CRM 年費（50 人）', singlePrice: '10000', quotedPrice: '12000', num: 1 },
  { name: '導入顧問', singlePrice: '300', quotedPrice: '333.33', num: 3 },
];

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
  companyId = await createCompany(t.app, owner.token, owner.orgId, { name: '台灣測試股份有限公司', tax: '04595257', address: '台北市信義區市府路 1 號' });
  clientId = await createContact(t.app, owner.token, owner.orgId, { firstName: '小明', lastName: '王', emails: [{ label: 'work', value: 'ming@example.com' }] });
  dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'CRM 導入', products, companyId, clientId });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function newQuote(body: Record<string, unknown> = {}, token = owner.token): Promise<Json> {
  const answer = await call(t.app, 'POST', url('/quote'), { token, body: { dealId, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const events = async (type: string) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from events where type = ${type}`))[0]!.n;

describe('quotes (issue 36)', () => {
  it("starts from the deal's product lines, company and contact; totals by the contract's rules; letterhead from the settings", async () => {
    const saved = await call(t.app, 'PUT', url('/settings/quotes'), {
      token: owner.token,
      body: { prefix: 'ACME', sellerName: null, sellerTaxId: '54891351', sellerAddress: '台北市中正區重慶南路 1 號', sellerPhone: '02-1234-5678', sellerEmail: '', defaultTerms: '付款條件：月結 30 天', validDays: 14, markDealWon: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(t.app, 'PUT', url('/settings/quotes'), { token: member.token, body: saved.body.data })).status).toBe(403);
    const before = await events('quote.created');
    const quote = await newQuote();
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^ACME-\d{5}$/),
      version: 1,
      status: 'draft',
      taxMode: 'exclusive',
      subtotal: '13000.00',
      tax: '650.00',
      total: '13650.00',
      totalInWords: '壹萬參仟陸佰伍拾元整',
      terms: '付款條件：月結 30 天',
      seller: { name: 'Acme', taxId: '54891351', address: '台北市中正區重慶南路 1 號' },
      buyer: { companyName: '台灣測試股份有限公司', taxId: '04595257', contactName: expect.stringContaining('小明'), contactEmail: 'ming@example.com' },
    });
    expect(quote.lines.map((l: Json) => l.amount)).toEqual(['12000.00', '1000.00']);
    expect(quote.validUntil > quote.issuedOn).toBe(true);
    expect(quote.publicPath).toMatch(/^\/q\/[A-Za-z0-9_-]{32}$/);
    expect(quote.publicPath).not.toContain(quote.id);
    expect(await events('quote.created')).toBe(before + 1);
    const listed = await call(t.app, 'GET', url(`/deal/${dealId}/quotes`), { token: owner.token });
    expect(listed.body.data.items.map((q: Json) => q.id)).toContain(quote.id);
  });

  it('bad input is a 400 naming the field, nothing written', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes`))[0]!.n;
    const n = await count();
    const bad = await call(t.app, 'POST', url('/quote'), { token: owner.token, locale: 'en-US', body: { dealId, lines: [{ name: 'x', unitPrice: '1', quantity: 1, discountPercent: 120 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('lines.0.discountPercent');
    const empty = await createDeal(t.app, owner.token, owner.orgId, { name: 'No lines' });
    const noLines = await call(t.app, 'POST', url('/quote'), { token: owner.token, body: { dealId: empty } });
    expect(noLines.status).toBe(400);
    expect(noLines.body.details[0].field).toBe('lines');
    expect(await count()).toBe(n);
  });

  it('a draft changes in place; a sent quote becomes v2 and the older one is kept, superseded', async () => {
    const quote = await newQuote({ taxMode: 'inclusive', lines: [{ name: '年費', unitPrice: '10500', quantity: 1 }] });
    expect(quote).toMatchObject({ untaxed: '10000.00', tax: '500.00', total: '10500.00' });
    const edited = await call(t.app, 'PUT', url(`/quote/${quote.id}`), { token: owner.token, body: { lines: [{ name: '年費', unitPrice: '21000', quantity: 1 }, { name: '選購模組', unitPrice: '5000', quantity: 1, optional: true }] } });
    expect(edited.body.data).toMatchObject({ id: quote.id, version: 1, total: '21000.00', tax: '1000.00' });
    const sent = await call(t.app, 'POST', url(`/quote/${quote.id}/send`), { token: owner.token, body: {} });
    expect(sent.body.data).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    const v2 = await call(t.app, 'PUT', url(`/quote/${quote.id}`), { token: owner.token, body: { taxMode: 'exclusive' } });
    expect(v2.status).toBe(200);
    expect(v2.body.data).toMatchObject({ number: quote.number, version: 2, status: 'draft', total: '22050.00' });
    expect(v2.body.data.id).not.toBe(quote.id);
    expect(v2.body.data.publicPath).not.toBe(quote.publicPath);
    const old = await call(t.app, 'GET', url(`/quote/${quote.id}`), { token: owner.token });
    expect(old.body.data).toMatchObject({ status: 'superseded', version: 1, total: '21000.00' });
    const again = await call(t.app, 'PUT', url(`/quote/${quote.id}`), { token: owner.token, body: { title: 'x' } });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('QUOTE_CLOSED');
  });

  it("a company's and a contact's pages list the current version of each quote of their deals, not to another workspace", async () => {
    for (const [entityType, entityId] of [['company', companyId], ['contact', clientId]] as const) {
      const page = await call(t.app, 'GET', url(`/record/summary?entityType=${entityType}&entityId=${entityId}`), { token: owner.token });
      expect(page.status).toBe(200);
      const section = page.body.data.quotes as { total: number; items: Json[] };
      expect(section.total).toBeGreaterThan(0);
      expect(section.items.every((q) => q.status !== 'superseded' && q.dealId === dealId && q.dealName === 'CRM 導入')).toBe(true);
      const numbers = section.items.map((q) => q.number as string);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    const stranger = await call(t.app, 'GET', url(`/record/summary?entityType=company&entityId=${companyId}`, other.orgId), { token: other.token });
    expect(stranger.status).toBe(404);
  });

  it('who cannot see the deal cannot see its quote; another workspace gets 404 and changes nothing', async () => {
    const quote = await newQuote();
    expect((await call(t.app, 'GET', url(`/quote/${quote.id}`), { token: member.token })).status).toBe(404);
    expect((await call(t.app, 'GET', url(`/deal/${dealId}/quotes`), { token: member.token })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/quote'), { token: member.token, body: { dealId } })).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', `/quote/${quote.id}`, undefined],
      ['GET', `/quote/${quote.id}/pdf`, undefined],
      ['PUT', `/quote/${quote.id}`, { title: 'hijack' }],
      ['POST', `/quote/${quote.id}/send`, {}],
      ['GET', `/deal/${dealId}/quotes`, undefined],
    ] as const) {
      expect((await call(t.app, method, url(path, other.orgId), { token: other.token, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(t.app, 'POST', url('/quote', other.orgId), { token: other.token, body: { dealId } })).status).toBe(404);
    expect((await call(t.app, 'GET', url(`/quote/${quote.id}`), { token: owner.token })).body.data.title).not.toBe('hijack');
  });

  it('sending by e-mail queues the link in the system outbox', async () => {
    const quote = await newQuote();
    const sent = await call(t.app, 'POST', url(`/quote/${quote.id}/send`), { token: owner.token, body: { email: 'buyer@example.com', message: '請查收' } });
    expect(sent.status).toBe(200);
    await t.app.background.idle();
    const [mail] = await queryRows<{ subject: string; text: string }>(t.db, sql`select subject, text from mail_outbox where recipient = 'buyer@example.com' order by created_at desc limit 1`);
    expect(mail?.subject).toContain(quote.number);
    expect(mail?.text).toContain(`/q/${quote.publicPath.slice(3)}`);
    expect(mail?.text).toContain('13,650');
    expect(await events('quote.sent')).toBeGreaterThan(0);
  });

  it('50 concurrent creations on two app servers: 50 distinct numbers, none repeated', { timeout: 120_000 }, async () => {
    const target = inject('testDatabase');
    const url2 = (t.database as { url?: string }).url;
    // On PostgreSQL a second app with its own pool stands for a second server; PGlite is one process by design.
    const second = target.kind === 'postgres' && url2 ? await buildApp(testConfig(), wrapPostgres(postgresPool(url2, 5)), { logger: false }) : t.app;
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => call(i % 2 ? second : t.app, 'POST', url('/quote'), { token: owner.token, body: { dealId, lines: [{ name: `Line ${i}`, unitPrice: '100', quantity: 1 }] } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      const numbers = answers.map((a) => a.body.data.number as string);
      expect(new Set(numbers).size).toBe(50);
      const sequences = numbers.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
      expect(sequences[49]! - sequences[0]!).toBe(49);
    } finally {
      if (second !== t.app) await second.close();
    }
  });
});
