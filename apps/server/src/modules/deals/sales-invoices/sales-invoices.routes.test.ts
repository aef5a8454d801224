import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEcpayInvoiceClient } from '../../billing/invoices/ecpay-invoice.client.ts';
import { createDeal } from '../../../test/deals.ts';
import { ecpayTestMerchant, startEcpayInvoiceDouble, type EcpayInvoiceDouble } from '../../../test/ecpay-invoice-double.ts';
import { addMember, call, readMail, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { createCompany } from '../../../test/records.ts';
import { runSalesInvoices } from './sales-invoices.runner.ts';
import { salesInvoices, salesInvoiceSettings } from './sales-invoices.table.ts';

type Owner = TestUser & { orgId: string };
const hour = 3_600_000;

describe("workspaces' own e-invoices (issue 36), against the ECPay double", () => {
  let double: EcpayInvoiceDouble;
  let t: TestApp;
  let owner: Owner;
  let other: Owner;
  let member: TestUser;
  let operator: TestUser;
  let companyId: string;
  beforeAll(async () => {
    double = await startEcpayInvoiceDouble();
    t = await buildTestApp({ ENCRYPTION_KEY: 'ab'.repeat(32), ECPAY_INVOICE_API_URL: double.url, OPERATOR_EMAILS: 'ops@lodestar.test' });
    owner = await signedInOwner(t.app, 'Seller Co');
    other = await signedInOwner(t.app, 'Other Co');
    member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id);
    operator = await registerUser(t.app, { email: 'ops@lodestar.test' });
    companyId = await createCompany(t.app, owner.token, owner.orgId, { name: '台灣測試股份有限公司', tax: '04595257' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });
  beforeEach(() => double.failNext(0));

  const url = (path: string, orgId = owner.orgId) => `/api${path}?orgId=${orgId}`;
  const wonDeal = (body: Record<string, unknown> = {}) => createDeal(t.app, owner.token, owner.orgId, { name: '年度維護', amount: '10500.00', stage: 1000, companyId, ...body });
  const issue = (body: Json, who: Owner | TestUser = owner, orgId = owner.orgId) => call(t.app, 'POST', url('/sales-invoice', orgId), { token: who.token, body });
  const b2b = { kind: 'company' as const, taxId: '04595257', companyName: '台灣測試股份有限公司', email: 'ap@example.com' };
  const useEcpay = () =>
    call(t.app, 'PUT', url('/settings/e-invoice'), { token: owner.token, body: { mode: 'ecpay', merchantId: ecpayTestMerchant.merchantId, hashKey: ecpayTestMerchant.hashKey, hashIv: ecpayTestMerchant.hashIv } });
  const useTest = () => call(t.app, 'PUT', url('/settings/e-invoice'), { token: owner.token, body: { mode: 'test' } });

  it('zero setup: test mode, labelled; a won deal is invoiced once however often it is asked; a deal not won is refused', async () => {
    const settings = await call(t.app, 'GET', url('/settings/e-invoice'), { token: member.token });
    expect(settings.body.data).toEqual({ mode: 'test', merchantId: null, hasKeys: false, checkedAt: null });
    const dealId = await wonDeal();
    const first = await issue({ dealId, buyer: { kind: 'donation', code: '168', email: 'x@example.com' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'issued', testMode: true, number: expect.stringMatching(/^TM\d{8}$/), amount: 10500, buyerKind: 'donation', buyerLabel: '168' });
    const again = await Promise.all([issue({ dealId, buyer: b2b }), issue({ dealId, buyer: b2b })]);
    expect(again.map((a) => a.body.data.id)).toEqual([first.body.data.id, first.body.data.id]);
    expect((await t.db.select().from(salesInvoices).where(eq(salesInvoices.dealId, dealId))).length).toBe(1);
    const open = await createDeal(t.app, owner.token, owner.orgId, { name: '洽談中', amount: '100.00' });
    const refused = await issue({ dealId: open, buyer: b2b });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('SALES_INVOICE_NOT_BILLABLE');
    const bad = await issue({ dealId, buyer: { kind: 'mobileBarcode', code: '/abc', email: 'x@example.com' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('buyer.code');
  });

  it('credentials: administrators only, keys encrypted at rest and never answered; test connection against the base URL', async () => {
    expect((await call(t.app, 'PUT', url('/settings/e-invoice'), { token: member.token, body: { mode: 'test' } })).status).toBe(403);
    const missingKeys = await call(t.app, 'PUT', url('/settings/e-invoice'), { token: owner.token, body: { mode: 'ecpay', merchantId: '2000132' } });
    expect(missingKeys.status).toBe(400);
    const saved = await useEcpay();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ mode: 'ecpay', merchantId: '2000132', hasKeys: true, checkedAt: null });
    expect(JSON.stringify(saved.body)).not.toContain(ecpayTestMerchant.hashKey);
    const [row] = await t.db.select().from(salesInvoiceSettings).where(eq(salesInvoiceSettings.orgId, owner.orgId));
    expect(row!.hashKey).toMatch(/^v1\./);
    expect(row!.hashKey).not.toContain(ecpayTestMerchant.hashKey);
    const ok = await call(t.app, 'POST', url('/settings/e-invoice/test'), { token: owner.token });
    expect(ok.body.data).toEqual({ ok: true, message: null });
    expect((await call(t.app, 'GET', url('/settings/e-invoice'), { token: owner.token })).body.data.checkedAt).not.toBeNull();
    // Keeping the keys: a save without them keeps the stored ones; wrong keys fail the test with ECPay's refusal.
    await call(t.app, 'PUT', url('/settings/e-invoice'), { token: owner.token, body: { mode: 'ecpay', merchantId: '2000132', hashKey: 'x'.repeat(16) } });
    const wrong = await call(t.app, 'POST', url('/settings/e-invoice/test'), { token: owner.token });
    expect(wrong.body.data.ok).toBe(false);
    expect(wrong.body.data.message).toMatch(/trans999/);
    expect((await useEcpay()).status).toBe(200);
    // Another workspace's settings are its own.
    expect((await call(t.app, 'GET', url('/settings/e-invoice', other.orgId), { token: other.token })).body.data.mode).toBe('test');
  });

  it('ECPay: B2B with 統編, B2C carrier and donation; void; allowances up to the amount', async () => {
    await useEcpay();
    const b2bDeal = await wonDeal({ name: 'B2B' });
    const issued = await issue({ dealId: b2bDeal, buyer: b2b });
    expect(issued.body.data).toMatchObject({ status: 'issued', testMode: false, number: expect.stringMatching(/^ZZ\d{8}$/), buyerLabel: '04595257 台灣測試股份有限公司' });
    const sent = double.requests.filter((r) => r.path === '/B2CInvoice/Issue').at(-1)!.data;
    expect(sent).toMatchObject({ CustomerIdentifier: '04595257', Print: '1', SalesAmount: 10500, MerchantID: '2000132' });
    const carrierDeal = await wonDeal({ name: 'B2C carrier' });
    const carrier = await issue({ dealId: carrierDeal, buyer: { kind: 'mobileBarcode', code: '/ABC+123', email: 'x@example.com' } });
    expect(carrier.body.data).toMatchObject({ status: 'issued', buyerKind: 'mobileBarcode' });
    expect(double.requests.filter((r) => r.path === '/B2CInvoice/Issue').at(-1)!.data).toMatchObject({ CarrierType: '3', CarrierNum: '/ABC+123' });
    const donationDeal = await wonDeal({ name: 'B2C donation' });
    expect((await issue({ dealId: donationDeal, buyer: { kind: 'donation', code: '8585', email: 'x@example.com' } })).body.data.status).toBe('issued');

    const id = issued.body.data.id;
    const tooMuch = await call(t.app, 'POST', url(`/sales-invoice/${id}/allowance`), { token: owner.token, body: { amount: 20000, reason: '退貨' } });
    expect(tooMuch.status).toBe(400);
    const part = await call(t.app, 'POST', url(`/sales-invoice/${id}/allowance`), { token: owner.token, body: { amount: 500, reason: '折扣' } });
    expect(part.body.data).toMatchObject({ status: 'allowed', allowanceAmount: 500, allowanceNumber: expect.stringMatching(/^A\d{12}$/) });
    const more = await call(t.app, 'POST', url(`/sales-invoice/${id}/allowance`), { token: owner.token, body: { amount: 10000, reason: '退貨' } });
    expect(more.body.data.allowanceAmount).toBe(10500);

    const voided = await call(t.app, 'POST', url(`/sales-invoice/${carrier.body.data.id}/void`), { token: owner.token, body: { reason: '開錯' } });
    expect(voided.body.data.status).toBe('voided');
    expect(double.invoices.get(double.requests.find((r) => r.path === '/B2CInvoice/Invalid')!.data.InvoiceNo) ?? [...double.invoices.values()].find((i) => i.voided)).toBeTruthy();
    expect((await call(t.app, 'POST', url(`/sales-invoice/${carrier.body.data.id}/void`), { token: owner.token, body: { reason: '再一次' } })).body.errorCode).toBe('SALES_INVOICE_NOT_ISSUED');
    // Voided, the deal may be invoiced again (to the right buyer).
    expect((await issue({ dealId: carrierDeal, buyer: b2b })).body.data).toMatchObject({ status: 'issued', buyerKind: 'company' });
    const list = await call(t.app, 'GET', url(`/deal/${carrierDeal}/invoices`), { token: owner.token });
    expect(list.body.data.items.map((i: Json) => i.status)).toEqual(['issued', 'voided']);
    const summary = await call(t.app, 'GET', `/api/record/summary?orgId=${owner.orgId}&entityType=company&entityId=${companyId}`, { token: owner.token });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.invoices.total).toBeGreaterThanOrEqual(4);
  });

  it('an outage: the answer says pending, the job retries after the backoff and issues exactly once; a crash after issuing is found, not re-issued', async () => {
    await useEcpay();
    const dealId = await wonDeal({ name: 'Outage' });
    double.failNext(1);
    const queued = await issue({ dealId, buyer: b2b });
    expect(queued.body.data).toMatchObject({ status: 'pending', lastError: expect.stringContaining('503') });
    const later = { ...t.app.salesInvoices, now: () => new Date(Date.now() + 2 * 60_000) };
    expect(await runSalesInvoices(t.db, later)).toMatchObject({ issued: 1 });
    const [row] = await t.db.select().from(salesInvoices).where(eq(salesInvoices.dealId, dealId));
    expect(row!.status).toBe('issued');
    expect(double.requests.filter((r) => r.path === '/B2CInvoice/Issue' && r.data.RelateNumber === row!.relateNumber)).toHaveLength(1);
    expect(await runSalesInvoices(t.db, later)).toMatchObject({ issued: 0 });

    // kill -9 between ECPay's answer and our write: the row is still pending with attempts 1; the next run asks first.
    const crashDeal = await wonDeal({ name: 'Crash' });
    double.failNext(1);
    const pending = (await issue({ dealId: crashDeal, buyer: b2b })).body.data;
    const [crashRow] = await t.db.select().from(salesInvoices).where(eq(salesInvoices.id, pending.id));
    // The dead runner's call reached ECPay: the invoice exists there under our relate number.
    await createEcpayInvoiceClient({ apiUrl: double.url, ...ecpayTestMerchant }).issue({ relateNumber: crashRow!.relateNumber, buyer: crashRow!.buyer, amount: crashRow!.amount, itemName: crashRow!.itemName });
    expect(await runSalesInvoices(t.db, later)).toMatchObject({ issued: 1 });
    expect(double.requests.filter((r) => r.path === '/B2CInvoice/Issue' && r.data.RelateNumber === crashRow!.relateNumber)).toHaveLength(1);
  });

  it('a refusal is failed and mailed; the deadline watch alerts once; operators list and retry (others get 404)', async () => {
    await useEcpay();
    // ECPay refuses a B2B invoice without a company name: stored through the API's rules it cannot happen, so the row is altered.
    const dealId = await wonDeal({ name: 'Refused' });
    double.failNext(1);
    const pending = (await issue({ dealId, buyer: b2b })).body.data;
    await t.db.update(salesInvoices).set({ buyer: { kind: 'company', taxId: '04595257', companyName: '', email: 'ap@example.com' } }).where(eq(salesInvoices.id, pending.id));
    const later = { ...t.app.salesInvoices, now: () => new Date(Date.now() + 2 * 60_000) };
    expect(await runSalesInvoices(t.db, later)).toMatchObject({ failed: 1 });
    expect((await readMail(t.app, t.db, 'ops@lodestar.test')).some((m: Json) => /workspace sale/.test(m.subject))).toBe(true);
    const shown = (await call(t.app, 'GET', url(`/deal/${dealId}/invoices`), { token: owner.token })).body.data.items[0];
    expect(shown).toMatchObject({ status: 'failed', lastError: expect.stringContaining('1200007') });

    const deadlineRun = { ...t.app.salesInvoices, now: () => new Date(Date.now() + 7 * 24 * hour) };
    expect((await runSalesInvoices(t.db, deadlineRun)).flagged).toBeGreaterThanOrEqual(1);
    expect((await runSalesInvoices(t.db, deadlineRun)).flagged).toBe(0);

    expect((await call(t.app, 'GET', '/api/operator/invoices', { token: owner.token })).status).toBe(404);
    const listed = await call(t.app, 'GET', '/api/operator/invoices', { token: operator.token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const item = listed.body.data.items.find((i: Json) => i.id === pending.id);
    expect(item).toMatchObject({ source: 'sale', status: 'failed', workspaceName: 'Seller Co', testMode: false });
    await t.db.update(salesInvoices).set({ buyer: b2b }).where(eq(salesInvoices.id, pending.id));
    expect((await call(t.app, 'POST', `/api/operator/invoices/sale/${pending.id}/retry`, { token: owner.token })).status).toBe(404);
    const retried = await call(t.app, 'POST', `/api/operator/invoices/sale/${pending.id}/retry`, { token: operator.token });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const [row] = await t.db.select().from(salesInvoices).where(eq(salesInvoices.id, pending.id));
    expect(row!.status).toBe('issued');
    expect((await call(t.app, 'GET', '/api/operator/invoices', { token: operator.token })).body.data.items.some((i: Json) => i.id === pending.id)).toBe(false);
    const after = await call(t.app, 'GET', url(`/deal/${dealId}/invoices`), { token: owner.token });
    expect(after.body.data.items).toMatchObject([{ id: pending.id, status: 'issued', number: expect.stringMatching(/^ZZ\d{8}$/) }]);
  });

  it('wrong keys: ECPay refuses the transfer, the deal shows it; fixed keys and an operator retry issue it, the deal shows the number', async () => {
    await call(t.app, 'PUT', url('/settings/e-invoice'), { token: owner.token, body: { mode: 'ecpay', merchantId: '2000132', hashKey: 'x'.repeat(16), hashIv: ecpayTestMerchant.hashIv } });
    const dealId = await wonDeal({ name: 'Wrong keys' });
    const refused = (await issue({ dealId, buyer: b2b })).body.data;
    expect(refused).toMatchObject({ status: 'failed', lastError: expect.stringContaining('trans999') });
    await useEcpay();
    const retried = await call(t.app, 'POST', `/api/operator/invoices/sale/${refused.id}/retry`, { token: operator.token });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const list = await call(t.app, 'GET', url(`/deal/${dealId}/invoices`), { token: owner.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.items).toMatchObject([{ id: refused.id, status: 'issued' }]);
  });

  it("another workspace cannot read, issue, void or allow a workspace's invoices; a member who cannot edit the deal cannot issue", async () => {
    await useTest();
    const dealId = await wonDeal({ name: 'Private' });
    const invoice = (await issue({ dealId, buyer: b2b })).body.data;
    expect((await call(t.app, 'GET', url(`/deal/${dealId}/invoices`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await issue({ dealId, buyer: b2b }, other, other.orgId)).status).toBe(404);
    expect((await call(t.app, 'POST', url(`/sales-invoice/${invoice.id}/void`, other.orgId), { token: other.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'POST', url(`/sales-invoice/${invoice.id}/allowance`, other.orgId), { token: other.token, body: { amount: 1, reason: 'x' } })).status).toBe(404);
    const [row] = await t.db.select().from(salesInvoices).where(eq(salesInvoices.id, invoice.id));
    expect(row!.status).toBe('issued');
    const privateDeal = await wonDeal({ name: 'Owner only', permission: 'private' });
    expect([403, 404]).toContain((await issue({ dealId: privateDeal, buyer: b2b }, member)).status);
  });
});
