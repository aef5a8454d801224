import { centsToMoney, moneyToCents, percent, type QuoteFigures, type QuoteStatistics, type StatisticsQuery } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { todayInTaipei } from '../../deals/quotes/quotes.answers.ts';
import { quoteFigures } from './statistics.quotes.repository.ts';
import { scopeOf } from './statistics.service.ts';

/**
 * GET /api/statistics/quotes: quoted vs won per owner (definitions: packages/contract/src/reports/statistics/statistics.ts).
 * The same scope as the other statistics (feature performanceReport, deal visibility, uid / department); read
 * directly rather than from the read cache, whose triggers do not watch the quotes table.
 */
export async function quoteStatistics(db: Db, actor: Actor, query: StatisticsQuery): Promise<QuoteStatistics> {
  const scope = await scopeOf(db, actor, 'performanceReport', query);
  const rows = await quoteFigures(db, actor.orgId, scope.deals, query, todayInTaipei());
  const figures = (f: Omit<QuoteFigures, 'conversion'>): QuoteFigures => ({ ...f, conversion: percent(f.accepted, f.sent) });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const money = (pick: (row: (typeof rows)[number]) => string) => centsToMoney(rows.reduce((total, row) => total + moneyToCents(pick(row)), 0n));
  return {
    owners: scope.owners,
    items: rows.map(({ userId, name, ...row }) => ({ user: { id: userId, name }, ...figures(row) })),
    total: figures({
      sent: sum((r) => r.sent),
      accepted: sum((r) => r.accepted),
      declined: sum((r) => r.declined),
      expired: sum((r) => r.expired),
      quotedAmount: money((r) => r.quotedAmount),
      wonAmount: money((r) => r.wonAmount),
    }),
  };
}
