import { quoteOpenForAnswer, type PublicQuote, type QuoteAcceptBody, type QuoteDeclineBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as notificationsService from '../../access/notifications/notifications.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as dealsService from '../deals/deals.service.ts';
import { todayInTaipei, toPublicQuote } from './quotes.answers.ts';
import * as quotesRepository from './quotes.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { leaveTrace } from './quotes.service.ts';
import { settingsOf } from './quotes.settings.service.ts';

/**
 * The customer's side (/q/<token>): no sign-in, the token (192 random bits) is the key. A view is counted on every
 * load and written on the deal's timeline at most once an hour; accepting or declining is allowed only while the quote
 * is sent and valid (Taipei's calendar), and tells the deal's owner.
 */

const viewNoticeGapMs = 60 * 60 * 1000;

async function byToken(db: Db, token: string): Promise<QuoteRow> {
  const row = await quotesRepository.findByToken(db, token);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function viewQuote(db: Db, token: string): Promise<PublicQuote> {
  const row = await byToken(db, token);
  await db.transaction(async (tx) => {
    const previous = await quotesRepository.countView(tx, row.orgId, row.id);
    if (!previous || Date.now() - previous.getTime() > viewNoticeGapMs) {
      await timelineService.record(tx, row.orgId, null, 'deal', [row.dealId], 'quote', { quote: [null, `${row.number} v${row.version}`], step: [null, 'viewed'] });
    }
  });
  return toPublicQuote(row);
}

/** The row for the public PDF. */
export function quoteForPublicPdf(db: Db, token: string): Promise<QuoteRow> {
  return byToken(db, token);
}

async function answer(db: Db, token: string, apply: (tx: Db, row: QuoteRow) => Promise<QuoteRow>): Promise<PublicQuote> {
  const found = await byToken(db, token);
  const row = await db.transaction(async (tx) => {
    const locked = await quotesRepository.lockQuote(tx, found.orgId, found.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const open = quoteOpenForAnswer(locked, todayInTaipei());
    if (open === 'expired') throw new AppError('QUOTE_EXPIRED');
    if (open === 'closed') throw new AppError('QUOTE_CLOSED');
    return apply(tx, locked);
  });
  return toPublicQuote(row);
}

async function tellOwner(tx: Db, row: QuoteRow, kind: 'quoteAccepted' | 'quoteDeclined', body: string | null): Promise<string | null> {
  const deal = await dealsService.dealOwner(tx, row.orgId, row.dealId);
  const ownerUserId = deal?.ownerUserId ?? row.creatorUserId;
  if (ownerUserId) {
    await notificationsService.notify(tx, row.orgId, { userId: ownerUserId, kind, subject: `quote:${row.id}`, title: `${row.number} v${row.version}`, body, link: `deal/detail/${row.dealId}` });
  }
  return ownerUserId;
}

export function acceptQuote(db: Db, token: string, input: QuoteAcceptBody): Promise<PublicQuote> {
  return answer(db, token, async (tx, locked) => {
    const accepted = await quotesRepository.updateQuote(tx, locked.orgId, locked.id, {
      status: 'accepted',
      acceptedAt: new Date(),
      acceptedName: input.name,
      acceptedTitle: input.title || null,
      signature: input.signature ?? null,
    });
    await leaveTrace(tx, accepted, 'quote.accepted', 'accepted', null);
    await tellOwner(tx, accepted, 'quoteAccepted', [input.name, input.title].filter(Boolean).join(', '));
    if ((await settingsOf(tx, locked.orgId)).markDealWon) await dealsService.closeWonByCustomer(tx, locked.orgId, locked.dealId);
    return accepted;
  });
}

export function declineQuote(db: Db, token: string, input: QuoteDeclineBody): Promise<PublicQuote> {
  return answer(db, token, async (tx, locked) => {
    const declined = await quotesRepository.updateQuote(tx, locked.orgId, locked.id, { status: 'declined', declinedAt: new Date(), declineReason: input.reason });
    await leaveTrace(tx, declined, 'quote.declined', 'declined', null);
    await tellOwner(tx, declined, 'quoteDeclined', input.reason);
    return declined;
  });
}

