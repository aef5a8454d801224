import { invoiceDeadlineOf, invoicePeriodOf, splitTax, type InvoiceBuyer, type InvoiceProof, type InvoiceSummary } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { InvoiceProviderUnavailableError, InvoiceRejectedError } from './invoice-provider.ts';
import type { InvoicesDeps } from './invoices.deps.ts';
import * as invoicesRepository from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { deadlineMail } from './invoices.mail.ts';

/**
 * E-invoices of Lodestar's charges (docs/decisions/0021). The checkout writes a draft with the buyer; the payment
 * (markPaid, in its transaction) queues it; the `billing.invoices` job — and the checkout right after a payment —
 * issues it under a lease, exactly once per charge (unique charge_id; a retry first asks the provider for the
 * relate number). A provider that does not answer is retried with backoff; a refusal is `failed`, logged and
 * mailed to the operators; anything still un-issued near its legal deadline is flagged the same way.
 */
const leaseMs = 2 * 60_000;
/** After the 1st, 2nd, … unanswered attempt: 1 min, 5 min, 15 min, then hourly. */
const backoffMs = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
export const retryDelayMs = (attempts: number): number => backoffMs[Math.min(attempts, backoffMs.length) - 1] ?? backoffMs[0]!;
/** Alert this long before the deadline. */
const alertLeadMs = 12 * 3_600_000;

export interface ChargeSale {
  orgId: string;
  chargeId: string;
  /** The charge's order number: unique, ≤ 30 characters — the provider's RelateNumber. */
  relateNumber: string;
}

/** At checkout, before the payment: who the invoice will be made out to. */
export async function saveDraft(db: Db, sale: ChargeSale, buyer: InvoiceBuyer): Promise<void> {
  const inserted = await invoicesRepository.insertOnce(db, { ...sale, status: 'draft', buyer });
  if (!inserted) await invoicesRepository.updateDraftBuyer(db, sale.chargeId, buyer);
}

/**
 * The charge was paid (called inside markPaid's transaction): its invoice is due now. A renewal has no draft and is
 * made out like the workspace's last invoice, or — for a subscription older than invoices — to the administrator.
 */
export async function queueForCharge(db: Db, sale: ChargeSale & { amount: number; itemName: string; soldAt: Date; fallbackEmail: string }): Promise<void> {
  const { orgId, chargeId, relateNumber, amount, itemName, soldAt, fallbackEmail } = sale;
  const draft = await invoicesRepository.findByCharge(db, orgId, chargeId);
  const buyer = draft?.buyer ?? (await invoicesRepository.latestBuyer(db, orgId)) ?? { kind: 'member' as const, email: fallbackEmail };
  const values = { amount, itemName, soldAt, deadlineAt: invoiceDeadlineOf(buyer, soldAt), nextAttemptAt: soldAt };
  if (draft) {
    await invoicesRepository.queueDraft(db, chargeId, values);
    return;
  }
  await invoicesRepository.insertOnce(db, { orgId, chargeId, relateNumber, buyer, status: 'pending', ...values });
}

export interface InvoiceRunReport {
  issued: number;
  retrying: number;
  failed: number;
  flagged: number;
}

async function alertOperators(deps: InvoicesDeps, row: InvoiceRow, reason: string): Promise<void> {
  deps.log?.error({ invoice: row.id, charge: row.chargeId, org: row.orgId, deadline: row.deadlineAt, reason }, 'e-invoice needs an operator');
  for (const to of deps.operatorEmails) deps.mailer.send(deadlineMail(to, row, reason, `${deps.publicUrl}/operator`));
}

/** One claimed invoice at the provider. */
async function issueOne(db: Db, deps: InvoicesDeps, claimed: InvoiceRow, now: Date): Promise<'issued' | 'retrying' | 'failed'> {
  // Counted before the call: a crash during it leaves attempts > 0, so the next runner asks before issuing again.
  const row = await invoicesRepository.update(db, claimed.id, { attempts: claimed.attempts + 1 });
  try {
    const found = claimed.attempts > 0 ? await deps.provider.findIssued(row.relateNumber) : undefined;
    const invoice = found ?? (await deps.provider.issue({ relateNumber: row.relateNumber, buyer: row.buyer, amount: row.amount, itemName: row.itemName }));
    await invoicesRepository.update(db, row.id, {
      status: 'issued',
      provider: deps.provider.name,
      testMode: deps.provider.name === 'test',
      invoiceNumber: invoice.invoiceNumber,
      randomCode: invoice.randomCode,
      issuedAt: invoice.issuedAt,
      lockedUntil: null,
      nextAttemptAt: null,
      lastError: null,
    });
    return 'issued';
  } catch (error) {
    if (error instanceof InvoiceRejectedError) {
      const failed = await invoicesRepository.update(db, row.id, { status: 'failed', lastError: error.message.slice(0, 500), lockedUntil: null, nextAttemptAt: null });
      await alertOperators(deps, failed, error.message);
      return 'failed';
    }
    const message = error instanceof InvoiceProviderUnavailableError ? error.message : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
    await invoicesRepository.update(db, row.id, { lastError: message.slice(0, 500), lockedUntil: null, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) });
    deps.log?.warn({ invoice: row.id, attempts: row.attempts, err: message }, 'e-invoice provider unavailable, will retry');
    return 'retrying';
  }
}

/** Issues what is due (all, or one charge's invoice); then flags what is near its deadline. Safe to run anywhere, twice. */
export async function runInvoices(db: Db, deps: InvoicesDeps, options: { chargeId?: string } = {}): Promise<InvoiceRunReport> {
  const now = deps.now();
  const report: InvoiceRunReport = { issued: 0, retrying: 0, failed: 0, flagged: 0 };
  for (const due of await invoicesRepository.due(db, now, options.chargeId)) {
    const claimed = await invoicesRepository.claim(db, due.id, now, leaseMs);
    if (!claimed) continue; // another runner has it
    report[await issueOne(db, deps, claimed, now)] += 1;
  }
  if (!options.chargeId) {
    for (const row of await invoicesRepository.nearDeadline(db, new Date(now.getTime() + alertLeadMs))) {
      await invoicesRepository.update(db, row.id, { deadlineAlertedAt: now });
      await alertOperators(deps, row, 'deadline');
      report.flagged += 1;
    }
  }
  return report;
}

/** Right after a payment, so the purchase history shows the invoice at once; the job catches anything left. */
export async function issueNow(db: Db, deps: InvoicesDeps, chargeId: string): Promise<void> {
  await runInvoices(db, deps, { chargeId }).catch((error: unknown) => deps.log?.error({ err: error, charge: chargeId }, 'e-invoice issue failed'));
}

/**
 * Money went back for a charge (a refund, a capture reversed): its invoice is voided within the same two-month
 * period, otherwise an allowance (折讓) of `amount` is issued. An invoice not issued yet is simply not issued.
 */
export async function reverseForCharge(db: Db, deps: InvoicesDeps, orgId: string, chargeId: string, options: { amount?: number; reason: string }): Promise<InvoiceRow> {
  const row = await invoicesRepository.findByCharge(db, orgId, chargeId);
  if (!row) throw new AppError('BILLING_CHARGE_NOT_FOUND');
  if (row.status === 'draft' || row.status === 'pending' || row.status === 'failed') {
    return invoicesRepository.update(db, row.id, { status: 'voided', voidedAt: deps.now(), nextAttemptAt: null });
  }
  if (row.status !== 'issued' || !row.invoiceNumber || !row.issuedAt) return row;
  const amount = Math.min(options.amount ?? row.amount, row.amount);
  if (amount === row.amount && invoicePeriodOf(row.issuedAt) === invoicePeriodOf(deps.now())) {
    await deps.provider.void({ invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, reason: options.reason });
    return invoicesRepository.update(db, row.id, { status: 'voided', voidedAt: deps.now() });
  }
  const { allowanceNumber } = await deps.provider.allowance({ invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, amount, itemName: row.itemName, buyer: row.buyer });
  return invoicesRepository.update(db, row.id, { status: 'allowed', allowanceNumber, allowanceAmount: amount });
}

export function toSummary(row: InvoiceRow): InvoiceSummary {
  return { status: row.status, number: row.invoiceNumber, randomCode: row.randomCode, issuedAt: row.issuedAt?.toISOString() ?? null, testMode: row.testMode };
}

/** The purchase history's invoice column: charge id → summary (drafts of unpaid charges are not shown). */
export async function summariesFor(db: Db, orgId: string, chargeIds: string[]): Promise<Map<string, InvoiceSummary>> {
  const rows = await invoicesRepository.listByCharges(db, orgId, chargeIds);
  return new Map(rows.filter((row) => row.status !== 'draft').map((row) => [row.chargeId, toSummary(row)]));
}

/** GET /api/billing/charges/:id/invoice: the proof (證明聯); 404 when the charge has no invoice in this workspace. */
export async function proof(db: Db, deps: InvoicesDeps, orgId: string, chargeId: string): Promise<InvoiceProof> {
  const row = await invoicesRepository.findByCharge(db, orgId, chargeId);
  if (!row || row.status === 'draft') throw new AppError('BILLING_CHARGE_NOT_FOUND');
  const { buyer } = row;
  return {
    ...toSummary(row),
    amount: row.amount,
    ...splitTax(row.amount),
    itemName: row.itemName,
    seller: deps.config.seller,
    buyer: {
      kind: buyer.kind,
      taxId: buyer.kind === 'company' ? buyer.taxId : null,
      name: buyer.kind === 'company' ? buyer.companyName : null,
      carrier: buyer.kind === 'mobileBarcode' || buyer.kind === 'citizenCertificate' ? buyer.code : buyer.kind === 'member' ? buyer.email : null,
      donationCode: buyer.kind === 'donation' ? buyer.code : null,
    },
    allowanceAmount: row.allowanceAmount,
  };
}

/** The operator console: invoices still pending (retrying) or refused, nearest deadline first. */
export async function unresolved(db: Db): Promise<InvoiceRow[]> {
  return invoicesRepository.unresolved(db);
}

/** The operator's retry: a refused or waiting invoice is due again now and issued at once (still exactly once: the lease and the relate number). */
export async function retryNow(db: Db, deps: InvoicesDeps, id: string): Promise<InvoiceRow | undefined> {
  const row = await invoicesRepository.findById(db, id);
  if (!row || (row.status !== 'failed' && row.status !== 'pending')) return undefined;
  await invoicesRepository.update(db, id, { status: 'pending', nextAttemptAt: deps.now(), lockedUntil: row.status === 'failed' ? null : row.lockedUntil });
  await issueNow(db, deps, row.chargeId);
  return invoicesRepository.findById(db, id);
}
