import { randomBytes } from 'node:crypto';
import type { EventType, Quote, QuoteCreateBody, QuoteLineInput, QuoteUpdateBody } from '@lodestar/contract';
import { quoteNumber } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { emitEvent } from '../../../platform/events.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as dealsService from '../deals/deals.service.ts';
import { addDays, eventRecord, figures, storedLines, todayInTaipei, toQuote } from './quotes.answers.ts';
import * as quotesRepository from './quotes.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { logoFileOf, settingsOf } from './quotes.settings.service.ts';
import type { StoredParty, StoredSeller } from './quotes.table.ts';

/**
 * Quotes of a deal (docs/decisions/0020-quotes.md): who sees the deal sees its quotes, who edits the deal writes them.
 * Each write leaves its event (quote.*) and a line on the deal's timeline in the same transaction.
 */

export const newPublicToken = () => randomBytes(24).toString('base64url');

/** One event and one timeline line on the deal, in the writing transaction. */
export async function leaveTrace(tx: Db, row: QuoteRow, type: EventType, step: string, actorUserId: string | null): Promise<void> {
  await emitEvent(tx, { orgId: row.orgId, type, recordKind: 'quote', recordId: row.id, record: eventRecord(row) });
  await timelineService.record(tx, row.orgId, actorUserId, 'deal', [row.dealId], 'quote', { quote: [null, `${row.number} v${row.version}`], step: [null, step] });
}

/** The quote (404 for another workspace's id or a deal the caller cannot see) and whether the caller may write it. */
export async function loadQuote(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<QuoteRow> {
  const row = await quotesRepository.findQuote(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (method === 'view') await dealsService.loadDeal(db, actor, row.dealId);
  else await dealsService.loadEditable(db, actor, row.dealId);
  return row;
}

async function sellerOf(db: Db, orgId: string): Promise<StoredSeller> {
  const [settings, org, logoFileId] = await Promise.all([settingsOf(db, orgId), organizationsService.findOrganization(db, orgId), logoFileOf(db, orgId)]);
  return { name: settings.sellerName || org?.name || '', taxId: settings.sellerTaxId, address: settings.sellerAddress, phone: settings.sellerPhone, email: settings.sellerEmail, logoFileId };
}

/** The buyer from the deal's company and contact, as far as the caller may see them. */
async function buyerOfDeal(db: Db, actor: Actor, deal: Awaited<ReturnType<typeof dealsService.getDeal>>): Promise<StoredParty> {
  const company = deal.company ? await companiesService.getCompany(db, actor, deal.company.id).catch(() => null) : null;
  const contact = deal.client ? await contactsService.bookingDetails(db, actor.orgId, deal.client.id) : undefined;
  return {
    companyName: company?.name ?? deal.company?.name ?? null,
    taxId: company?.tax || null,
    address: company?.address || null,
    contactName: contact?.name || deal.client?.name || null,
    contactEmail: contact?.email || null,
    contactPhone: contact?.phone || null,
  };
}

const partyOf = (buyer: NonNullable<QuoteCreateBody['buyer']>): StoredParty => ({
  companyName: buyer.companyName || null,
  taxId: buyer.taxId || null,
  address: buyer.address || null,
  contactName: buyer.contactName || null,
  contactEmail: buyer.contactEmail || null,
  contactPhone: buyer.contactPhone || null,
});

export async function listOfDeal(db: Db, actor: Actor, dealId: string): Promise<{ items: Quote[] }> {
  await dealsService.loadDeal(db, actor, dealId);
  return { items: (await quotesRepository.listOfDeal(db, actor.orgId, dealId)).map(toQuote) };
}

export async function getQuote(db: Db, actor: Actor, id: string): Promise<Quote> {
  return toQuote(await loadQuote(db, actor, id, 'view'));
}

/** The row for the PDF (member download). */
export function quoteForPdf(db: Db, actor: Actor, id: string): Promise<QuoteRow> {
  return loadQuote(db, actor, id, 'view');
}

/** POST /api/quote: the next number of the workspace, version 1, a draft. */
export async function createQuote(db: Db, actor: Actor, input: QuoteCreateBody): Promise<Quote> {
  await dealsService.loadEditable(db, actor, input.dealId);
  const deal = await dealsService.getDeal(db, actor, input.dealId);
  const lineInput: QuoteLineInput[] = input.lines ?? deal.products.map((p) => ({ productId: p.productId, name: p.name, unitPrice: p.quotedPrice, quantity: p.num }));
  if (lineInput.length === 0) throw fieldError('lines', 'required');
  const [settings, seller, buyer] = await Promise.all([settingsOf(db, actor.orgId), sellerOf(db, actor.orgId), input.buyer ? partyOf(input.buyer) : buyerOfDeal(db, actor, deal)]);
  const lines = storedLines(lineInput);
  const taxMode = input.taxMode ?? 'exclusive';
  const today = todayInTaipei();
  const row = await db.transaction(async (tx) => {
    const { sequence, prefix } = await quotesRepository.takeNumber(tx, actor.orgId);
    const created = await quotesRepository.insertQuote(tx, actor.orgId, {
      dealId: input.dealId,
      number: quoteNumber(prefix, sequence),
      version: 1,
      title: input.title || deal.name,
      lines,
      taxMode,
      ...figures(lines, taxMode),
      issuedOn: today,
      validUntil: input.validUntil ?? addDays(today, settings.validDays),
      terms: input.terms === undefined ? settings.defaultTerms : input.terms || null,
      seller,
      buyer,
      publicToken: newPublicToken(),
      creatorUserId: actor.userId,
    });
    await leaveTrace(tx, created, 'quote.created', 'created', actor.userId);
    return created;
  });
  return toQuote(row);
}

/**
 * PUT /api/quote/{id}: a draft changes in place; a sent quote is kept as the customer saw it, marked superseded, and
 * the change becomes the next version (same number, a new link, a draft to send again).
 */
export async function updateQuote(db: Db, actor: Actor, id: string, input: QuoteUpdateBody): Promise<Quote> {
  await loadQuote(db, actor, id, 'edit');
  const row = await db.transaction(async (tx) => {
    const locked = await quotesRepository.lockQuote(tx, actor.orgId, id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.status !== 'draft' && locked.status !== 'sent') throw new AppError('QUOTE_CLOSED');
    const lines = input.lines ? storedLines(input.lines) : locked.lines;
    const taxMode = input.taxMode ?? locked.taxMode;
    const values = {
      title: input.title === undefined ? locked.title : input.title || null,
      lines,
      taxMode,
      ...figures(lines, taxMode),
      validUntil: input.validUntil ?? locked.validUntil,
      terms: input.terms === undefined ? locked.terms : input.terms || null,
      buyer: input.buyer ? partyOf(input.buyer) : locked.buyer,
    };
    if (locked.status === 'draft') {
      const updated = await quotesRepository.updateQuote(tx, actor.orgId, id, values);
      await emitEvent(tx, { orgId: updated.orgId, type: 'quote.updated', recordKind: 'quote', recordId: updated.id, record: eventRecord(updated) });
      return updated;
    }
    const superseded = await quotesRepository.updateQuote(tx, actor.orgId, id, { status: 'superseded' });
    await emitEvent(tx, { orgId: superseded.orgId, type: 'quote.updated', recordKind: 'quote', recordId: superseded.id, record: eventRecord(superseded) });
    const next = await quotesRepository.insertQuote(tx, actor.orgId, {
      ...values,
      dealId: locked.dealId,
      number: locked.number,
      version: locked.version + 1,
      issuedOn: todayInTaipei(),
      seller: await sellerOf(tx, actor.orgId),
      publicToken: newPublicToken(),
      creatorUserId: actor.userId,
    });
    await leaveTrace(tx, next, 'quote.created', 'created', actor.userId);
    return next;
  });
  return toQuote(row);
}

/**
 * Marks the quote sent (again, for a sent one); `alsoInTx` queues what must go with it (a LINE push); the e-mail, if
 * any, goes after the commit (quotes.send.ts).
 */
export async function markSent(db: Db, actor: Actor, id: string, alsoInTx?: (tx: Db, sent: QuoteRow) => Promise<void>): Promise<QuoteRow> {
  await loadQuote(db, actor, id, 'edit');
  return db.transaction(async (tx) => {
    const locked = await quotesRepository.lockQuote(tx, actor.orgId, id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.status !== 'draft' && locked.status !== 'sent') throw new AppError('QUOTE_CLOSED');
    const sent = await quotesRepository.updateQuote(tx, actor.orgId, id, { status: 'sent', sentAt: new Date() });
    await leaveTrace(tx, sent, 'quote.sent', 'sent', actor.userId);
    await alsoInTx?.(tx, sent);
    return sent;
  });
}
