import type { OperatorInvoice } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { InvoicesDeps } from '../../billing/invoices/invoices.deps.ts';
import * as invoicesService from '../../billing/invoices/invoices.service.ts';
import type { SalesInvoicesDeps } from '../../deals/sales-invoices/sales-invoices.deps.ts';
import * as salesInvoicesRunner from '../../deals/sales-invoices/sales-invoices.runner.ts';
import * as operatorRepository from './operator-console.repository.ts';
import { audit, type Operator } from './operator-console.service.ts';

/**
 * The console's e-invoice list (issue 36): every invoice refused by its provider or still retrying — Lodestar's own
 * (charges) and workspaces' (sales) — nearest upload deadline first, with a retry that queues it at once.
 */
export interface InvoiceDeps {
  charges: InvoicesDeps;
  sales: SalesInvoicesDeps;
}

/** Within this of the deadline (or past it) an invoice is shown as urgent, as the alert mail goes out. */
const nearMs = 12 * 3_600_000;

type Row = { id: string; orgId: string; status: string; amount: number; itemName: string; buyer: { kind: string }; attempts: number; lastError: string | null; deadlineAt: Date | null };

function toOperatorInvoice(source: OperatorInvoice['source'], row: Row, workspaceName: string, testMode: boolean, now: Date): OperatorInvoice {
  return {
    id: row.id,
    source,
    orgId: row.orgId,
    workspaceName,
    status: row.status === 'failed' ? 'failed' : 'pending',
    amount: row.amount,
    itemName: row.itemName,
    buyerKind: row.buyer.kind,
    attempts: row.attempts,
    lastError: row.lastError,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    deadlineNear: row.deadlineAt !== null && row.deadlineAt.getTime() - now.getTime() <= nearMs,
    testMode,
  };
}

export async function listInvoices(db: Db, deps: InvoiceDeps): Promise<{ items: OperatorInvoice[] }> {
  const now = deps.sales.now();
  const [charges, sales] = await Promise.all([invoicesService.unresolved(db), salesInvoicesRunner.unresolved(db)]);
  const names = await operatorRepository.workspaceNames(db, [...new Set(charges.map((row) => row.orgId))]);
  const items = [
    ...charges.map((row) => toOperatorInvoice('charge', row, names.get(row.orgId) ?? '', row.testMode || row.provider === 'test', now)),
    ...sales.map((row) => toOperatorInvoice('sale', row, row.workspaceName, row.mode === 'test', now)),
  ];
  const at = (item: OperatorInvoice) => (item.deadlineAt ? Date.parse(item.deadlineAt) : Number.MAX_SAFE_INTEGER);
  return { items: items.sort((a, b) => at(a) - at(b)) };
}

/** Queues the invoice again and tries it now; audited. An invoice already issued or voided → 404 (nothing to retry). */
export async function retryInvoice(db: Db, deps: InvoiceDeps, operator: Operator, source: OperatorInvoice['source'], id: string): Promise<OperatorInvoice> {
  const now = deps.sales.now();
  if (source === 'charge') {
    const row = await invoicesService.retryNow(db, deps.charges, id);
    if (!row) throw new AppError('NOT_FOUND');
    const name = (await operatorRepository.workspaceNames(db, [row.orgId])).get(row.orgId) ?? '';
    await audit(db, operator, 'invoiceRetried', { id, label: name }, { source, relateNumber: row.relateNumber, status: row.status });
    return toOperatorInvoice('charge', row, name, row.provider === 'test', now);
  }
  const row = await salesInvoicesRunner.retryNow(db, deps.sales, id);
  if (!row) throw new AppError('NOT_FOUND');
  const name = (await operatorRepository.workspaceNames(db, [row.orgId])).get(row.orgId) ?? '';
  await audit(db, operator, 'invoiceRetried', { id, label: name }, { source, relateNumber: row.relateNumber, status: row.status });
  return toOperatorInvoice('sale', row, name, row.mode === 'test', now);
}
