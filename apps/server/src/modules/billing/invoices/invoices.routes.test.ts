import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, readMail, registerUser, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { ecpayTestMerchant, startEcpayInvoiceDouble, type EcpayInvoiceDouble } from '../../../test/ecpay-invoice-double.ts';
import { runRenewals } from '../subscriptions/renewals.ts';
import { billingInvoices } from './invoices.table.ts';
import { reverseForCharge, runInvoices } from './invoices.service.ts';

type Owner = TestUser & { orgId: string };
const cardholder = { name: 'Ada Lin', email: 'ada@example.com', phone: '' };
const minute = 60_000;

describe('e-invoices of our charges, against the ECPay double', () => {
  let double: EcpayInvoiceDouble;
  let t: TestApp;
  beforeAll(async () => {
    double = await startEcpayInvoiceDouble();
    t = await buildTestApp({
      ENCRYPTION_KEY: 'ef'.repeat(32),
      ECPAY_INVOICE_API_URL: double.url,
      ECPAY_INVOICE_MERCHANT_ID: ecpayTestMerchant.merchantId,
      ECPAY_INVOICE_HASH_KEY: ecpayTestMerchant.hashKey,
      ECPAY_INVOICE_HASH_IV: ecpayTestMerchant.hashIv,
      INVOICE_SELLER_TAX_ID: '04595257',
      OPERATOR_EMAILS: 'ops@lodestar.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });
  beforeEach(() => double.failNext(0));

  const checkout = (owner: Owner, invoiceBuyer?: Json) =>
    call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'basic', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 290, payment: { kind: 'sandboxCard', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, cardholder, ...(invoiceBuyer ? { invoiceBuyer } : {}) },
    });
  const issuedFor = (relateNumber: string) => double.requests.filter((r) => r.path === '/B2CInvoice/Issue' && r.data.RelateNumber === relateNumber);
  const rowOf = async (chargeId: string) => (await t.db.select().from(billingInvoices).where(eq(billingInvoices.chargeId, chargeId)))[0]!;
  const later = (ms: number) => ({ ...t.app.billing.invoices, now: () => new Date(Date.now() + ms) });

  it('B2B: 統編 and company name, printed; the history and the proof show number, random code, both tax IDs', async () => {
    const owner = await signedInOwner(t.app, 'B2B Co');
    const { status, body } = await checkout(owner, { kind: 'company', taxId: '04595257', companyName: '測試股份有限公司', email: 'ap@b2b.tw' });
    expect(status).toBe(200);
    const charge = body.data.charge;
    expect(charge.invoice).toMatchObject({ status: 'issued', number: expect.stringMatching(/^ZZ\d{8}$/), randomCode: expect.stringMatching(/^\d{4}$/), testMode: false });
    const [sent] = issuedFor(charge.orderNumber);
    expect(sent!.data).toMatchObject({ CustomerIdentifier: '04595257', CustomerName: '測試股份有限公司', Print: '1', Donation: '0', CarrierType: '', SalesAmount: 290, TaxType: '1' });
    const history = await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token });
    expect(history.body.data[0].invoice.number).toBe(charge.invoice.number);
    const proof = await call(t.app, 'GET', `/api/billing/charges/${charge.id}/invoice?orgId=${owner.orgId}`, { token: owner.token });
    expect(proof.body.data).toMatchObject({
      number: charge.invoice.number,
      amount: 290,
      salesAmount: 276,
      taxAmount: 14,
      seller: { taxId: '04595257' },
      buyer: { kind: 'company', taxId: '04595257', name: '測試股份有限公司' },
    });
    const row = await rowOf(charge.id);
    expect(row.deadlineAt!.getTime() - row.soldAt!.getTime()).toBe(7 * 24 * 60 * minute);
  });

  it('B2C: mobile barcode, citizen certificate, donation, and by default a member invoice to the account e-mail', async () => {
    const cases: [Json, Json][] = [
      [{ kind: 'mobileBarcode', code: '/abc+123', email: 'a@c.tw' }, { CarrierType: '3', CarrierNum: '/ABC+123', Print: '0', Donation: '0' }],
      [{ kind: 'citizenCertificate', code: 'AB12345678901234', email: 'a@c.tw' }, { CarrierType: '2', CarrierNum: 'AB12345678901234' }],
      [{ kind: 'donation', code: '168', email: 'a@c.tw' }, { Donation: '1', LoveCode: '168', CarrierType: '' }],
      [undefined, { CarrierType: '1', CarrierNum: '', Print: '0' }],
    ];
    for (const [buyer, fields] of cases) {
      const owner = await signedInOwner(t.app, 'B2C Co');
      const { body } = await checkout(owner, buyer);
      expect(body.data.charge.invoice.status).toBe('issued');
      const [sent] = issuedFor(body.data.charge.orderNumber);
      expect(sent!.data).toMatchObject(buyer ? fields : { ...fields, CustomerEmail: owner.email });
      const row = await rowOf(body.data.charge.id);
      expect(row.deadlineAt!.getTime() - row.soldAt!.getTime()).toBe(48 * 60 * minute);
    }
  });

  it('refuses a bad carrier or 統編 with a localized 400 naming the field, and writes nothing', async () => {
    const owner = await signedInOwner(t.app, 'Bad Co');
    const bad = await call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      headers: { 'accept-language': 'zh-TW' },
      body: { plan: 'basic', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 290, payment: { kind: 'sandboxCard', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, cardholder, invoiceBuyer: { kind: 'mobileBarcode', code: 'ABC1234', email: 'a@c.tw' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('手機條碼');
    const taxId = await checkout(owner, { kind: 'company', taxId: '12345678', companyName: 'X', email: 'a@c.tw' });
    expect(taxId.status).toBe(400);
    expect(taxId.body.errorMessage).toMatch(/taxId/);
    const history = await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token });
    expect(history.body.data).toEqual([]);
  });

  it('retries after a 5xx with backoff, then issues once', async () => {
    const owner = await signedInOwner(t.app, 'Outage Co');
    double.failNext(1);
    const { body } = await checkout(owner, { kind: 'donation', code: '8585', email: 'a@c.tw' });
    expect(body.data.charge).toMatchObject({ status: 'paid', invoice: { status: 'pending', number: null } });
    const row = await rowOf(body.data.charge.id);
    expect(row).toMatchObject({ attempts: 1, lastError: expect.stringContaining('503') });
    // Not before the backoff…
    expect(await runInvoices(t.db, t.app.billing.invoices)).toMatchObject({ issued: 0 });
    // …then the retry first asks whether the number was already issued, and issues it.
    expect(await runInvoices(t.db, later(2 * minute))).toMatchObject({ issued: 1 });
    expect(await rowOf(body.data.charge.id)).toMatchObject({ status: 'issued', attempts: 2, lastError: null });
    expect(double.requests.filter((r) => r.path === '/B2CInvoice/GetIssue' && r.data.RelateNumber === body.data.charge.orderNumber)).toHaveLength(1);
    expect(issuedFor(body.data.charge.orderNumber)).toHaveLength(1);
  });

  it('exactly once: two runners race, and a crash after issuing does not issue again', async () => {
    const owner = await signedInOwner(t.app, 'Race Co');
    double.failNext(1);
    const { body } = await checkout(owner);
    const chargeId = body.data.charge.id;
    const runs = await Promise.all([runInvoices(t.db, later(2 * minute)), runInvoices(t.db, later(2 * minute)), runInvoices(t.db, later(2 * minute))]);
    expect(runs.reduce((sum, run) => sum + run.issued, 0)).toBe(1);
    expect(issuedFor(body.data.charge.orderNumber)).toHaveLength(1);

    // A runner issued at ECPay, then died before recording it (lease expired, still pending).
    const other = await signedInOwner(t.app, 'Crash Co');
    double.failNext(1);
    const second = (await checkout(other)).body.data.charge;
    const pending = await rowOf(second.id);
    double.invoices.set(pending.relateNumber, { relateNumber: pending.relateNumber, invoiceNumber: 'ZZ00000001', randomCode: '4321', invoiceDate: '2026-12-05 10:00:00', fields: {}, voided: false, remaining: 290 });
    await runInvoices(t.db, later(2 * minute));
    expect(await rowOf(second.id)).toMatchObject({ status: 'issued', invoiceNumber: 'ZZ00000001', randomCode: '4321' });
    expect(issuedFor(second.orderNumber)).toHaveLength(0);
    expect((await rowOf(chargeId)).status).toBe('issued');
  });

  it('a refusal is visible (failed, operators mailed); an un-issued invoice near its deadline is flagged', async () => {
    const owner = await signedInOwner(t.app, 'Refused Co');
    double.failNext(1);
    const { body } = await checkout(owner);
    const row = await rowOf(body.data.charge.id);
    // ECPay already knows this relate number from elsewhere but GetIssue is not asked on a first attempt: refused.
    await t.db.update(billingInvoices).set({ attempts: 0 }).where(eq(billingInvoices.id, row.id));
    double.invoices.set(row.relateNumber, { relateNumber: row.relateNumber, invoiceNumber: 'ZZ00000002', randomCode: '1', invoiceDate: '', fields: {}, voided: false, remaining: 0 });
    await runInvoices(t.db, later(2 * minute));
    const history = await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token });
    expect(history.body.data[0].invoice).toMatchObject({ status: 'failed' });
    expect((await rowOf(body.data.charge.id)).lastError).toContain('1200004');
    const refused = await readMail(t.app, t.db, 'ops@lodestar.test');
    expect(JSON.stringify(refused)).toContain(row.relateNumber);

    const late = await signedInOwner(t.app, 'Late Co');
    double.failNext(100);
    const stuck = (await checkout(late)).body.data.charge;
    const report = await runInvoices(t.db, later(37 * 60 * minute));
    expect(report.flagged).toBeGreaterThanOrEqual(1);
    expect((await rowOf(stuck.id)).deadlineAlertedAt).not.toBeNull();
    // Flagged once, not at every run.
    expect((await runInvoices(t.db, later(38 * 60 * minute))).flagged).toBe(0);
    double.failNext(0);
  });

  it('renewals are invoiced like the first payment; money back voids within the period, else an allowance', async () => {
    const owner = await signedInOwner(t.app, 'Renew Co');
    const first = (await checkout(owner, { kind: 'company', taxId: '04595257', companyName: 'Renew', email: 'ap@renew.tw' })).body.data.charge;
    await runRenewals(t.db, t.app.billing, new Date(new Date(first.periodEnd).getTime() - 23 * 60 * minute));
    const history = (await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token })).body.data as Json[];
    const renewal = history.find((c) => c.kind === 'renewal');
    expect(renewal).toMatchObject({ status: 'paid', invoice: { status: 'pending' } });
    await runInvoices(t.db, t.app.billing.invoices);
    expect((await rowOf(renewal.id)).status).toBe('issued');
    expect(issuedFor(renewal.orderNumber)[0]!.data).toMatchObject({ CustomerIdentifier: '04595257' });

    const voided = await reverseForCharge(t.db, t.app.billing.invoices, owner.orgId, renewal.id, { reason: 'refund' });
    expect(voided.status).toBe('voided');
    expect(double.invoices.get(renewal.orderNumber)!.voided).toBe(true);
    // Three months on, the period is closed: an allowance (折讓) instead.
    const allowed = await reverseForCharge(t.db, later(92 * 24 * 60 * minute), owner.orgId, first.id, { amount: 100, reason: 'refund' });
    expect(allowed).toMatchObject({ status: 'allowed', allowanceAmount: 100, allowanceNumber: expect.stringMatching(/^A\d+/) });
    expect(double.invoices.get(first.orderNumber)!.remaining).toBe(190);
  });

  it('another workspace, a member who is not the administrator and a stranger cannot read a proof', async () => {
    const owner = await signedInOwner(t.app, 'Owner Co');
    const charge = (await checkout(owner)).body.data.charge;
    const intruder = await signedInOwner(t.app, 'Intruder Co');
    expect((await call(t.app, 'GET', `/api/billing/charges/${charge.id}/invoice?orgId=${intruder.orgId}`, { token: intruder.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/billing/charges/${charge.id}/invoice?orgId=${owner.orgId}`, { token: intruder.token })).status).toBe(404);
    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id);
    expect((await call(t.app, 'GET', `/api/billing/charges/${charge.id}/invoice?orgId=${owner.orgId}`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/billing/charges/${charge.id}/invoice?orgId=${owner.orgId}`, {})).status).toBe(401);
  });
});

describe('e-invoices in test mode (zero setup)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'ef'.repeat(32) });
  });
  afterAll(() => t.close());

  it('issues local test numbers, labelled test mode', async () => {
    const owner = await signedInOwner(t.app, 'Test Mode Co');
    const { body } = await call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'basic', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 290, payment: { kind: 'sandboxCard', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, cardholder },
    });
    expect(body.data.charge.invoice).toMatchObject({ status: 'issued', number: expect.stringMatching(/^TM\d{8}$/), testMode: true });
    const proof = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}/invoice?orgId=${owner.orgId}`, { token: owner.token });
    expect(proof.body.data).toMatchObject({ testMode: true, seller: { name: 'Lodestar', taxId: '00000000' }, buyer: { kind: 'member', carrier: owner.email } });
  });
});
