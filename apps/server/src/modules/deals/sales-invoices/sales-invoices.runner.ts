import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Db } from '../../../db/client.ts';
import { InvoiceProviderUnavailableError, InvoiceRejectedError } from '../../billing/invoices/invoice-provider.ts';
import { retryDelayMs } from '../../billing/invoices/invoices.service.ts';
import { providerFor, type SalesInvoicesDeps } from './sales-invoices.deps.ts';
import * as repository from './sales-invoices.repository.ts';
import type { SalesInvoiceRow } from './sales-invoices.repository.ts';

/**
 * Issuing a workspace's e-invoices (issue 36), the same way Lodestar's own are issued (docs/decisions/0021): the
 * `deals.salesInvoices` job — and the issuing request right after it queues one — takes each due invoice under a
 * lease and calls the provider. attempts is counted before the call, so a runner that dies during it (kill -9) leaves
 * a trace: the next one asks the provider for the relate number before issuing again — exactly once. No answer →
 * retried with backoff; a refusal → `failed`, shown on the deal and mailed to the operators; anything still not
 * issued 12 hours before its legal upload deadline is flagged the same way.
 */
const leaseMs = 2 * 60_000;
const alertLeadMs = 12 * 3_600_000;

export interface SalesInvoiceRunReport {
  issued: number;
  retrying: number;
  failed: number;
  flagged: number;
}

/** To the operators (English, the console's audience): a workspace's invoice needs a hand. */
function alertOperators(deps: SalesInvoicesDeps, row: SalesInvoiceRow, reason: string): void {
  deps.log?.error({ salesInvoice: row.id, org: row.orgId, deadline: row.deadlineAt, reason }, 'workspace e-invoice needs an operator');
  const what = reason === 'deadline' ? 'is still not issued and its upload deadline is near' : `was refused by the provider (${reason})`;
  for (const to of deps.operatorEmails) {
    deps.mailer.send({
      to,
      subject: `Lodestar e-invoice needs attention: workspace sale ${row.relateNumber}`,
      text: `A workspace's e-invoice ${row.relateNumber} (NT$${row.amount}) ${what}.\nUpload deadline: ${row.deadlineAt.toISOString()}\nLast error: ${row.lastError ?? '-'}\n${deps.publicUrl}/operator/invoices`,
    });
  }
}

async function issueOne(db: Db, deps: SalesInvoicesDeps, claimed: SalesInvoiceRow, now: Date): Promise<'issued' | 'retrying' | 'failed'> {
  const row = await repository.update(db, claimed.id, { attempts: claimed.attempts + 1 });
  try {
    const provider = providerFor(deps, row.mode, await repository.findSettings(db, row.orgId));
    const found = claimed.attempts > 0 ? await provider.findIssued(row.relateNumber) : undefined;
    const invoice = found ?? (await provider.issue({ relateNumber: row.relateNumber, buyer: row.buyer, amount: row.amount, itemName: row.itemName }));
    await repository.update(db, row.id, {
      status: 'issued',
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
      const failed = await repository.update(db, row.id, { status: 'failed', lastError: error.message.slice(0, 500), lockedUntil: null, nextAttemptAt: null });
      alertOperators(deps, failed, error.message);
      return 'failed';
    }
    const message = error instanceof InvoiceProviderUnavailableError ? error.message : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
    await repository.update(db, row.id, { lastError: message.slice(0, 500), lockedUntil: null, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) });
    deps.log?.warn({ salesInvoice: row.id, attempts: row.attempts, err: message }, 'workspace e-invoice provider unavailable, will retry');
    return 'retrying';
  }
}

/** Issues what is due (all, or one invoice), then flags what nears its deadline. Safe to run anywhere, twice. */
export async function runSalesInvoices(db: Db, deps: SalesInvoicesDeps, options: { id?: string } = {}): Promise<SalesInvoiceRunReport> {
  const now = deps.now();
  const report: SalesInvoiceRunReport = { issued: 0, retrying: 0, failed: 0, flagged: 0 };
  for (const due of await repository.due(db, now, options.id)) {
    const claimed = await repository.claim(db, due.id, now, leaseMs);
    if (!claimed) continue; // another runner has it
    report[await issueOne(db, deps, claimed, now)] += 1;
  }
  if (!options.id) {
    for (const row of await repository.nearDeadline(db, new Date(now.getTime() + alertLeadMs))) {
      await repository.update(db, row.id, { deadlineAlertedAt: now });
      alertOperators(deps, row, 'deadline');
      report.flagged += 1;
    }
  }
  return report;
}

/** The operator's retry: a refused or waiting invoice is due again now (the job's lease still decides who issues it). */
export async function retryNow(db: Db, deps: SalesInvoicesDeps, id: string): Promise<SalesInvoiceRow | undefined> {
  const row = await repository.findAnyWorkspace(db, id);
  if (!row || (row.status !== 'failed' && row.status !== 'pending')) return undefined;
  await repository.update(db, id, { status: 'pending', nextAttemptAt: deps.now(), lockedUntil: row.status === 'failed' ? null : row.lockedUntil });
  await runSalesInvoices(db, deps, { id }).catch((error: unknown) => deps.log?.error({ err: error, salesInvoice: id }, 'workspace e-invoice retry failed'));
  return repository.findAnyWorkspace(db, id);
}

export function salesInvoicesJobs(deps: SalesInvoicesDeps): JobDefinition[] {
  return [{ name: 'deals.salesInvoices', intervalMs: 60_000, leaseSeconds: 5 * 60, run: (db) => runSalesInvoices(db, deps) }];
}

export async function unresolved(db: Db) {
  return repository.unresolved(db);
}
