import { quoteOpenForAnswer, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { csvLine, csvLines, utf8Bom } from '../../../platform/csv.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import { visibility } from '../deals/deals.access.ts';
import { todayInTaipei } from './quotes.answers.ts';
import * as quotesRepository from './quotes.repository.ts';

/**
 * GET /api/quotes/export: the current version of each quote of the deals the caller sees, as CSV with a BOM (Excel
 * reads it as UTF-8), read a page at a time. Statuses and headers in the caller's language; a sent quote past its
 * validity is written as expired, as the lists show it.
 */

const headers: Record<Locale, string[]> = {
  'zh-TW': ['報價單號', '版本', '狀態', '標題', '商機', '客戶公司', '統一編號', '聯絡人', '報價日期', '有效期限', '寄出時間', '接受時間', '接受人', '拒絕時間', '拒絕原因', '稅別', '小計', '稅額', '總計'],
  'zh-CN': ['报价单号', '版本', '状态', '标题', '商机', '客户公司', '统一编号', '联系人', '报价日期', '有效期限', '发送时间', '接受时间', '接受人', '拒绝时间', '拒绝原因', '税别', '小计', '税额', '总计'],
  'en-US': ['Number', 'Version', 'Status', 'Title', 'Deal', 'Company', 'Tax ID', 'Contact', 'Issued on', 'Valid until', 'Sent at', 'Accepted at', 'Accepted by', 'Declined at', 'Decline reason', 'Tax', 'Subtotal', 'Tax amount', 'Total'],
};
const statuses: Record<Locale, Record<string, string>> = {
  'zh-TW': { draft: '草稿', sent: '已寄出', accepted: '已接受', declined: '已拒絕', expired: '已過期' },
  'zh-CN': { draft: '草稿', sent: '已发送', accepted: '已接受', declined: '已拒绝', expired: '已过期' },
  'en-US': { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' },
};
const taxModes: Record<Locale, Record<string, string>> = {
  'zh-TW': { exclusive: '外加 5%', inclusive: '內含 5%', none: '免稅' },
  'zh-CN': { exclusive: '外加 5%', inclusive: '内含 5%', none: '免税' },
  'en-US': { exclusive: '5% added', inclusive: '5% included', none: 'No tax' },
};

type Item = Awaited<ReturnType<typeof quotesRepository.quotesForExport>>[number];
const page = 1000;
const at = (d: Date | null) => (d ? new Date(d).toISOString() : '');

export async function exportQuotesCsv(db: Db, actor: Actor, range: { from?: string; to?: string }, locale: Locale): Promise<string> {
  assertCan(actor, 'opportunity', 'view');
  const seen = await visibility(db, actor);
  const today = todayInTaipei();
  const status = ({ row }: Item) => statuses[locale][row.status === 'sent' && quoteOpenForAnswer(row, today) === 'expired' ? 'expired' : row.status] ?? row.status;
  const cells: ((item: Item) => string)[] = [
    ({ row }) => row.number,
    ({ row }) => String(row.version),
    status,
    ({ row }) => row.title ?? '',
    ({ dealName }) => dealName,
    ({ row }) => row.buyer.companyName ?? '',
    ({ row }) => row.buyer.taxId ?? '',
    ({ row }) => row.buyer.contactName ?? '',
    ({ row }) => row.issuedOn,
    ({ row }) => row.validUntil,
    ({ row }) => at(row.sentAt),
    ({ row }) => at(row.acceptedAt),
    ({ row }) => [row.acceptedName, row.acceptedTitle].filter(Boolean).join(', '),
    ({ row }) => at(row.declinedAt),
    ({ row }) => row.declineReason ?? '',
    ({ row }) => taxModes[locale][row.taxMode] ?? row.taxMode,
    ({ row }) => row.subtotal,
    ({ row }) => row.tax,
    ({ row }) => row.total,
  ];
  let text = utf8Bom + csvLine(headers[locale]);
  let after: { number: string; version: number } | null = null;
  for (;;) {
    const items = await quotesRepository.quotesForExport(db, actor.orgId, seen, range, after, page);
    text += csvLines(items, cells);
    if (items.length < page) return text;
    const last = items[items.length - 1]!.row;
    after = { number: last.number, version: last.version };
  }
}
