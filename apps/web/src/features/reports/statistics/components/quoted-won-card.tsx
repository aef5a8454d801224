import { Button, Card, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QuoteStatistics } from '@lodestar/contract';
import { downloadQuotesCsv } from '../../../deals/quotes/index.ts';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import type { StatisticsFilter } from '../../query-keys.ts';
import { useStatistic } from '../statistics.api.ts';
import { BarList } from './bar-list.tsx';
import { formatPercent } from './figure.tsx';
import { ExportButton } from './statistics-shell.tsx';

type Row = QuoteStatistics['items'][number];

/**
 * Quoted vs won (issue 36): per member, the quotes sent in the period and what became of them, the amounts quoted
 * and won from accepted quotes, and the conversion — bars of the amount won beside the same figures as a table
 * (docs/decisions/0013). The table exports as shown; "Export quotes" downloads the quotes themselves.
 */
export function QuotedWonCard({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  const answer = useStatistic(orgId, 'quotes', filter);
  const data = answer.data;
  const header = () => [t('quotes.member'), t('quotes.sent'), t('quotes.accepted'), t('quotes.declined'), t('quotes.expired'), t('quotes.quoted'), t('quotes.won'), t('quotes.conversion')];
  const cells = (row: Omit<Row, 'user'>) => [row.sent, row.accepted, row.declined, row.expired, row.quotedAmount, row.wonAmount, row.conversion ?? ''];
  return (
    <Card
      data-testid="quoted-won"
      title={<Typography.Title level={2} className="card-title">{t('quotes.title')}</Typography.Title>}
    >
      {/* In the body, not the card's header: on a phone the header keeps room for the title. */}
      <div className="quoted-won__tools">
        {data && data.items.length > 0 ? (
          <ExportButton fileName="quoted-vs-won" rows={() => [header(), ...data.items.map((row) => [row.user.name, ...cells(row)]), [t('quotes.total'), ...cells(data.total)]]} />
        ) : null}
        <Button size="small" icon={<DownloadOutlined aria-hidden="true" />} onClick={() => void downloadQuotesCsv(orgId, { from: filter.from, to: filter.to })}>
          {t('quotes.exportQuotes')}
        </Button>
      </div>
      {answer.isLoading ? <LoadingState /> : null}
      {answer.isError ? <ErrorState error={answer.error} onRetry={() => void answer.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState description={t('quotes.empty')} /> : null}
      {data && data.items.length > 0 ? (
        <>
          <Typography.Paragraph type="secondary">{t('quotes.explain')}</Typography.Paragraph>
          <div className="stat-split">
            <BarList
              label={t('quotes.title')}
              items={data.items.map((row) => ({
                key: row.user.id,
                label: row.user.name,
                value: Number(row.wonAmount),
                display: t('quotes.bar', { won: formatTotal(row.wonAmount), quoted: formatTotal(row.quotedAmount) }),
                to: null,
                color: '#52c41a',
              }))}
            />
            <Table<Row>
              size="small"
              rowKey={(row) => row.user.id}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.items}
              columns={[
                { key: 'member', title: t('quotes.member'), render: (_v, row) => row.user.name },
                { key: 'sent', title: t('quotes.sent'), align: 'right', render: (_v, row) => formatCount(row.sent) },
                { key: 'accepted', title: t('quotes.accepted'), align: 'right', render: (_v, row) => formatCount(row.accepted) },
                { key: 'declined', title: t('quotes.declined'), align: 'right', render: (_v, row) => formatCount(row.declined) },
                { key: 'expired', title: t('quotes.expired'), align: 'right', render: (_v, row) => formatCount(row.expired) },
                { key: 'quoted', title: t('quotes.quoted'), align: 'right', render: (_v, row) => formatTotal(row.quotedAmount) },
                { key: 'won', title: t('quotes.won'), align: 'right', render: (_v, row) => formatTotal(row.wonAmount) },
                { key: 'conversion', title: t('quotes.conversion'), align: 'right', render: (_v, row) => formatPercent(row.conversion) },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('quotes.total')}</Table.Summary.Cell>
                  {[formatCount(data.total.sent), formatCount(data.total.accepted), formatCount(data.total.declined), formatCount(data.total.expired), formatTotal(data.total.quotedAmount), formatTotal(data.total.wonAmount), formatPercent(data.total.conversion)].map((value, i) => (
                    <Table.Summary.Cell key={i} index={i + 1} align="right">
                      {value}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )}
            />
          </div>
        </>
      ) : null}
    </Card>
  );
}
