import type { Locale, Quote, QuoteChannels, QuoteSendBody } from '@lodestar/contract';
import { formatQuoteAmount } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as dealsService from '../deals/deals.service.ts';
import { toPublicQuote, toQuote } from './quotes.answers.ts';
import { quoteLine, quoteMailbox, type QuoteSendContext } from './quotes.channels.ts';
import { quotePdf } from './quotes.logo.ts';
import { loadQuote, markSent } from './quotes.service.ts';

/**
 * POST /api/quote/{id}/send: marks it sent, then e-mails the link and the PDF — from the sender's connected mailbox
 * when there is one (falling back to the system mail if it refuses), else the system mail — and/or pushes the link by
 * LINE to the deal contact's linked friend (queued in the marking transaction, sent by LINE's push job).
 */

type Facts = { seller: string; number: string; total: string; validUntil: string; link: string; message: string };

const texts: Record<Locale, (q: Facts) => { subject: string; text: string; line: string }> = {
  'zh-TW': (q) => ({
    subject: `${q.seller} 報價單 ${q.number}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 寄給您報價單 ${q.number}，總計新臺幣 ${q.total} 元，有效至 ${q.validUntil}。\n\n線上檢視並回覆（接受或拒絕）：${q.link}\n\n報價單 PDF 已附於此信。`,
    line: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 報價單 ${q.number}\n總計新臺幣 ${q.total} 元，有效至 ${q.validUntil}\n檢視並回覆：${q.link}`,
  }),
  'zh-CN': (q) => ({
    subject: `${q.seller} 报价单 ${q.number}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 发给您报价单 ${q.number}，总计新台币 ${q.total} 元，有效至 ${q.validUntil}。\n\n在线查看并回复（接受或拒绝）：${q.link}\n\n报价单 PDF 已附于此邮件。`,
    line: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 报价单 ${q.number}\n总计新台币 ${q.total} 元，有效至 ${q.validUntil}\n查看并回复：${q.link}`,
  }),
  'en-US': (q) => ({
    subject: `Quote ${q.number} from ${q.seller}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} sent you quote ${q.number}: NT$${q.total} in total, valid until ${q.validUntil}.\n\nView and answer it (accept or decline): ${q.link}\n\nThe quote is attached as a PDF.`,
    line: `${q.message ? `${q.message}\n\n` : ''}Quote ${q.number} from ${q.seller}\nNT$${q.total} in total, valid until ${q.validUntil}\nView and answer: ${q.link}`,
  }),
};

/** GET /api/quote/{id}/channels: what the send dialog may offer for this quote. */
export async function channelsOf(context: QuoteSendContext, actor: Actor, id: string): Promise<QuoteChannels> {
  const row = await loadQuote(context.db, actor, id, 'edit');
  const { deal } = await dealsService.loadDeal(context.db, actor, row.dealId);
  const line = quoteLine();
  const mailbox = quoteMailbox();
  return {
    email: row.buyer.contactEmail,
    mailbox: mailbox ? await mailbox.addressOf(context.db, actor) : null,
    line: Boolean(line && deal.clientId && (await line.reachable(context.db, actor.orgId, deal.clientId))),
  };
}

async function mail(context: QuoteSendContext, actor: Actor, message: MailMessage): Promise<void> {
  const mailbox = quoteMailbox();
  if (mailbox && (await mailbox.addressOf(context.db, actor))) {
    try {
      return await mailbox.send(context, actor, message);
    } catch (error) {
      context.log.warn({ err: error }, 'quote not sent from the member mailbox: the system mail sends it');
    }
  }
  context.mailer.send(message);
}

export async function sendQuote(context: QuoteSendContext, actor: Actor, id: string, input: QuoteSendBody, locale: Locale): Promise<Quote> {
  const { db, config } = context;
  const found = await loadQuote(db, actor, id, 'edit');
  const contactId = input.line ? (await dealsService.loadDeal(db, actor, found.dealId)).deal.clientId : null;
  const line = quoteLine();
  if (input.line && !(line && contactId && (await line.reachable(db, actor.orgId, contactId)))) throw new AppError('QUOTE_NO_LINE_FRIEND');
  const words = (row: typeof found) => {
    const quote = toPublicQuote(row);
    const link = `${config.publicUrl}/q/${row.publicToken}`;
    return texts[locale]({ seller: quote.seller.name, number: `${quote.number} v${quote.version}`, total: formatQuoteAmount(quote.total), validUntil: quote.validUntil, link, message: input.message ?? '' });
  };
  const row = await markSent(db, actor, id, async (tx, sent) => {
    // One push per send (the sent time names it), in the transaction that marks it sent.
    if (input.line && contactId) await line!.queue(tx, actor.orgId, contactId, `quote:${sent.id}:${sent.sentAt!.getTime()}`, words(sent).line);
  });
  if (input.email) {
    const { subject, text } = words(row);
    const pdf = await quotePdf(db, config.dataDir, row, locale);
    await mail(context, actor, { to: input.email, subject, text, attachments: [{ filename: `${row.number}-v${row.version}.pdf`, content: pdf, contentType: 'application/pdf' }] });
  }
  return toQuote(row);
}
