import type { Locale, Quote, QuoteSendBody } from '@lodestar/contract';
import { formatQuoteAmount } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Mailer } from '../../../platform/mail.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { toPublicQuote, toQuote } from './quotes.answers.ts';
import { renderQuotePdf } from './quotes.pdf.ts';
import { markSent } from './quotes.service.ts';

/** POST /api/quote/{id}/send: marks it sent, then e-mails the link and the PDF through the system mailer (outbox or SMTP). */

const texts: Record<Locale, (q: { seller: string; number: string; total: string; validUntil: string; link: string; message: string }) => { subject: string; text: string }> = {
  'zh-TW': (q) => ({
    subject: `${q.seller} 報價單 ${q.number}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 寄給您報價單 ${q.number}，總計新臺幣 ${q.total} 元，有效至 ${q.validUntil}。\n\n線上檢視並回覆（接受或拒絕）：${q.link}\n\n報價單 PDF 已附於此信。`,
  }),
  'zh-CN': (q) => ({
    subject: `${q.seller} 报价单 ${q.number}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} 发给您报价单 ${q.number}，总计新台币 ${q.total} 元，有效至 ${q.validUntil}。\n\n在线查看并回复（接受或拒绝）：${q.link}\n\n报价单 PDF 已附于此邮件。`,
  }),
  'en-US': (q) => ({
    subject: `Quote ${q.number} from ${q.seller}`,
    text: `${q.message ? `${q.message}\n\n` : ''}${q.seller} sent you quote ${q.number}: NT$${q.total} in total, valid until ${q.validUntil}.\n\nView and answer it (accept or decline): ${q.link}\n\nThe quote is attached as a PDF.`,
  }),
};

export async function sendQuote(db: Db, deps: { mailer: Mailer; publicUrl: string }, actor: Actor, id: string, input: QuoteSendBody, locale: Locale): Promise<Quote> {
  const row = await markSent(db, actor, id);
  if (input.email) {
    const quote = toPublicQuote(row);
    const pdf = await renderQuotePdf(quote, locale, null);
    const link = `${deps.publicUrl}/q/${row.publicToken}`;
    const { subject, text } = texts[locale]({ seller: quote.seller.name, number: `${quote.number} v${quote.version}`, total: formatQuoteAmount(quote.total), validUntil: quote.validUntil, link, message: input.message ?? '' });
    deps.mailer.send({ to: input.email, subject, text, attachments: [{ filename: `${quote.number}-v${quote.version}.pdf`, content: pdf, contentType: 'application/pdf' }] });
  }
  return toQuote(row);
}
