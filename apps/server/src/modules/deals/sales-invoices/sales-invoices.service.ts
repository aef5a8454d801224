import { randomBytes } from 'node:crypto';
import { invoiceDeadlineOf, invoiceBuyerSchema, type SalesInvoice, type SalesInvoiceAllowanceBody, type SalesInvoiceIssueBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { InvoiceProviderUnavailableError, InvoiceRejectedError } from '../../billing/invoices/invoice-provider.ts';
import * as dealsService from '../deals/deals.service.ts';
import * as quotesService from '../quotes/quotes.service.ts';
import { toSalesInvoice } from './sales-invoices.answers.ts';
import { providerFor, type SalesInvoicesDeps } from './sales-invoices.deps.ts';
import * as repository from './sales-invoices.repository.ts';
import { runSalesInvoices } from './sales-invoices.runner.ts';

/**
 * A workspace's e-invoices to its customers (issue 36): who sees the deal sees them, who edits it issues, voids and
 * allows. Issuing queues a job row (one live invoice per deal) and runs it at once; the job catches whatever that
 * run could not finish.
 */

/** ECPay's RelateNumber: ours, unique, ≤ 30 characters of letters and digits. */
const newRelateNumber = () => `LS${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;
const wholeDollars = (amount: string) => Math.round(Number(amount));

async function load(db: Db, actor: Actor, id: string, method: 'view' | 'edit') {
  const row = await repository.find(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (method === 'view') await dealsService.loadDeal(db, actor, row.dealId);
  else await dealsService.loadEditable(db, actor, row.dealId);
  return row;
}

export async function listOfDeal(db: Db, actor: Actor, dealId: string): Promise<{ items: SalesInvoice[] }> {
  await dealsService.loadDeal(db, actor, dealId);
  return { items: (await repository.listOfDeal(db, actor.orgId, dealId)).map(toSalesInvoice) };
}

/** What is sold: an accepted quote of the deal (its total and number), or the won deal itself (its amount). */
async function saleOf(db: Db, actor: Actor, dealId: string, quoteId: string | null | undefined): Promise<{ amount: number; itemName: string }> {
  if (quoteId) {
    const quote = await quotesService.getQuote(db, actor, quoteId).catch(() => undefined);
    if (!quote || quote.dealId !== dealId) throw fieldError('quoteId', 'notFound');
    if (quote.status !== 'accepted') throw new AppError('SALES_INVOICE_NOT_BILLABLE');
    return { amount: wholeDollars(quote.total), itemName: `${quote.title || quote.number} (${quote.number} v${quote.version})`.slice(0, 100) };
  }
  const deal = await dealsService.getDeal(db, actor, dealId);
  if (deal.status !== 'closed') throw new AppError('SALES_INVOICE_NOT_BILLABLE');
  return { amount: wholeDollars(deal.amount), itemName: deal.name.slice(0, 100) };
}

/**
 * POST /api/sales-invoice: queues the deal's invoice and issues it now. A deal that already has one (queued,
 * issued, refused) answers that one — a double click, a retried request or a second server issue nothing twice.
 */
export async function issue(db: Db, deps: SalesInvoicesDeps, actor: Actor, input: SalesInvoiceIssueBody): Promise<SalesInvoice> {
  await dealsService.loadEditable(db, actor, input.dealId);
  const live = await repository.liveOfDeal(db, actor.orgId, input.dealId);
  if (live) return toSalesInvoice((await repository.find(db, actor.orgId, live.id))!);
  const { amount, itemName } = await saleOf(db, actor, input.dealId, input.quoteId);
  if (amount < 1) throw new AppError('SALES_INVOICE_NOT_BILLABLE');
  const buyer = invoiceBuyerSchema.parse(input.buyer);
  const settings = await repository.findSettings(db, actor.orgId);
  // The sale is dated when the invoice is asked for: the deadline counts from here, not from a won date months ago.
  const soldAt = deps.now();
  const inserted = await repository.insertOnce(db, actor.orgId, {
    dealId: input.dealId,
    quoteId: input.quoteId ?? null,
    relateNumber: newRelateNumber(),
    status: 'pending',
    mode: settings?.mode ?? 'test',
    buyer,
    amount,
    itemName,
    soldAt,
    deadlineAt: invoiceDeadlineOf(buyer, soldAt),
    nextAttemptAt: soldAt,
    creatorUserId: actor.userId,
  });
  const id = inserted?.id ?? (await repository.liveOfDeal(db, actor.orgId, input.dealId))!.id;
  if (inserted) await runSalesInvoices(db, deps, { id }).catch((error: unknown) => deps.log?.error({ err: error, salesInvoice: id }, 'workspace e-invoice issue failed'));
  return toSalesInvoice((await repository.find(db, actor.orgId, id))!);
}

/** The provider's refusal or silence, as the user's error (its own words kept for the deal's card). */
function refusal(error: unknown): AppError {
  if (error instanceof InvoiceRejectedError || error instanceof InvoiceProviderUnavailableError) return new AppError('SALES_INVOICE_REFUSED');
  throw error;
}

/** Voids an issued invoice at the provider; one not issued yet (queued or refused) is simply cancelled. */
export async function voidInvoice(db: Db, deps: SalesInvoicesDeps, actor: Actor, id: string, reason: string): Promise<SalesInvoice> {
  const row = await load(db, actor, id, 'edit');
  if (row.status === 'pending' || row.status === 'failed') {
    await repository.update(db, row.id, { status: 'voided', voidedAt: deps.now(), nextAttemptAt: null, lockedUntil: null });
  } else if (row.status === 'issued' && row.invoiceNumber && row.issuedAt) {
    const provider = providerFor(deps, row.mode, await repository.findSettings(db, row.orgId));
    await provider.void({ invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, reason }).catch((error: unknown) => {
      throw refusal(error);
    });
    await repository.update(db, row.id, { status: 'voided', voidedAt: deps.now() });
  } else {
    throw new AppError('SALES_INVOICE_NOT_ISSUED');
  }
  return toSalesInvoice((await repository.find(db, actor.orgId, id))!);
}

/** An allowance (折讓) of part of an issued invoice; several add up to at most its amount. */
export async function allowance(db: Db, deps: SalesInvoicesDeps, actor: Actor, id: string, input: SalesInvoiceAllowanceBody): Promise<SalesInvoice> {
  const row = await load(db, actor, id, 'edit');
  if ((row.status !== 'issued' && row.status !== 'allowed') || !row.invoiceNumber || !row.issuedAt) throw new AppError('SALES_INVOICE_NOT_ISSUED');
  const allowed = row.allowanceAmount ?? 0;
  if (input.amount > row.amount - allowed) throw fieldError('amount', 'invalidValue');
  const provider = providerFor(deps, row.mode, await repository.findSettings(db, row.orgId));
  const { allowanceNumber } = await provider
    .allowance({ invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, amount: input.amount, itemName: row.itemName, buyer: row.buyer })
    .catch((error: unknown) => {
      throw refusal(error);
    });
  await repository.update(db, row.id, { status: 'allowed', allowanceNumber, allowanceAmount: allowed + input.amount });
  return toSalesInvoice((await repository.find(db, actor.orgId, id))!);
}
