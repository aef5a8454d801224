import { Card, Space, Switch, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drillBase, drillClosing, drillLost, drillProduct, drillWon, type ProductRanking, type SalesRanking } from '@lodestar/contract';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { BarList } from '../components/bar-list.tsx';
import { formatPercent } from '../components/figure.tsx';
import { ExportButton, StatisticsShell } from '../components/statistics-shell.tsx';
import { browserTimeZone, useStatistic } from '../statistics.api.ts';
import { dealListPath } from '../statistics-filter.ts';
import type { StatisticsFilter } from '../../query-keys.ts';

type ProductRow = ProductRanking['items'][number];
type PersonRow = SalesRanking['items'][number];

function ProductRankingView({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  // The toggle lives in the address (?includeOpen=true) like the rest of the filter, so a link keeps it.
  const [params, setParams] = useSearchParams();
  const includeOpen = params.get('includeOpen') === 'true';
  const setIncludeOpen = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('includeOpen', 'true');
    else next.delete('includeOpen');
    setParams(next, { replace: true });
  };
  const answer = useStatistic(orgId, 'productRanking', { ...filter, includeOpen: includeOpen ? 'true' : undefined });
  const toggle = (
    <Space size="small">
      <Switch id="include-open" size="small" checked={includeOpen} onChange={setIncludeOpen} data-testid="include-open" />
      <label htmlFor="include-open">{t('productRanking.includeOpen')}</label>
    </Space>
  );
  if (answer.isLoading) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const data = answer.data!;
  const base = drillBase('productSalesRanking', data.owners);
  // A deleted product's lines have no id to filter by: they link to the period's deals the ranking counts.
  const link = (row: ProductRow) =>
    dealListPath(orgId, { ...base, ...(row.productId ? drillProduct(row.productId, filter, data.includeOpen) : drillClosing(filter, data.includeOpen)) });
  const basis = t(data.includeOpen ? 'productRanking.basisWithOpen' : 'productRanking.basisWon');
  return (
    <Card
      title={<Typography.Title level={2} className="card-title">{t('screens.productRanking')}</Typography.Title>}
      extra={
        <Space wrap>
          {toggle}
          <ExportButton
            fileName={data.includeOpen ? 'product-ranking-won-and-open' : 'product-ranking-won'}
            rows={() => [
              [t('columns.rank'), t('columns.product'), t('columns.quantity'), t('columns.revenue'), t('columns.cost'), t('columns.margin'), t('columns.deals'), t('columns.counted')],
              ...data.items.map((p) => [p.rank, p.name, p.quantity, p.revenue, p.cost, p.margin, p.dealCount, basis]),
            ]}
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="product-ranking-basis">
        {t(data.includeOpen ? 'productRanking.explainWithOpen' : 'productRanking.explain')}
      </Typography.Paragraph>
      {data.items.length === 0 ? (
        <EmptyState
          description={t('empty.noProducts')}
          action={<Link to={`/${orgId}/settings/productList`}>{t('empty.manageProducts')}</Link>}
        />
      ) : (
        <div className="stat-stack">
          <BarList
            label={t('screens.productRanking')}
            items={data.items.slice(0, 10).map((p) => ({ key: p.productId ?? p.name, label: p.name, value: Number(p.revenue), display: formatTotal(p.revenue), to: link(p), color: p.color ?? undefined }))}
          />
          <Table<ProductRow>
            size="small"
            rowKey={(p) => p.productId ?? `name:${p.name}`}
            pagination={false}
            dataSource={data.items}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'rank', title: t('columns.rank'), dataIndex: 'rank', width: 64 },
              { key: 'name', title: t('columns.product'), render: (_v, p) => <Link to={link(p)}>{p.name}</Link> },
              { key: 'quantity', title: t('columns.quantity'), align: 'right', render: (_v, p) => formatCount(p.quantity) },
              { key: 'revenue', title: t('columns.revenue'), align: 'right', render: (_v, p) => formatTotal(p.revenue) },
              { key: 'cost', title: t('columns.cost'), align: 'right', render: (_v, p) => formatTotal(p.cost) },
              { key: 'margin', title: t('columns.margin'), align: 'right', render: (_v, p) => formatTotal(p.margin) },
              { key: 'deals', title: t('columns.deals'), align: 'right', render: (_v, p) => formatCount(p.dealCount) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

function SalesRankingView({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  const answer = useStatistic(orgId, 'salesRanking', filter);
  if (answer.isLoading) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const data = answer.data!;
  const link = (row: PersonRow) => dealListPath(orgId, { ...drillBase('performanceReport', [row.user.id]), ...drillWon(filter) });
  const lostLink = (row: PersonRow) => dealListPath(orgId, { ...drillBase('performanceReport', [row.user.id]), ...drillLost(filter, browserTimeZone()) });
  return (
    <Card
      title={<Typography.Title level={2} className="card-title">{t('screens.performanceRanking')}</Typography.Title>}
      extra={
        <ExportButton
          fileName="sales-ranking"
            rows={() => [
              [t('columns.rank'), t('columns.person'), t('columns.won'), t('columns.deals'), t('columns.lost'), t('columns.winRate'), t('columns.averageDeal')],
              ...data.items.map((r) => [r.rank, r.user.name, r.wonAmount, r.wonCount, r.lostCount, r.winRate ?? '', r.averageDeal]),
            ]}
        />
      }
    >
      {data.items.length === 0 ? (
        <EmptyState description={t('empty.noRanking')} action={<Link to={`/${orgId}/deal/list`}>{t('empty.addDeals')}</Link>} />
      ) : (
        <div className="stat-stack">
          <BarList
            label={t('screens.performanceRanking')}
            items={data.items.slice(0, 10).map((r) => ({ key: r.user.id, label: r.user.name, value: Number(r.wonAmount), display: formatTotal(r.wonAmount), to: link(r) }))}
          />
          <Table<PersonRow>
            size="small"
            rowKey={(r) => r.user.id}
            pagination={false}
            dataSource={data.items}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'rank', title: t('columns.rank'), dataIndex: 'rank', width: 64 },
              { key: 'person', title: t('columns.person'), render: (_v, r) => r.user.name },
              { key: 'won', title: t('columns.won'), align: 'right', render: (_v, r) => <Link to={link(r)}>{formatTotal(r.wonAmount)}</Link> },
              { key: 'count', title: t('columns.deals'), align: 'right', render: (_v, r) => formatCount(r.wonCount) },
              {
                key: 'lost',
                title: t('columns.lost'),
                align: 'right',
                render: (_v, r) => (r.lostCount > 0 ? <Link to={lostLink(r)} data-testid="ranking-lost">{formatCount(r.lostCount)}</Link> : formatCount(r.lostCount)),
              },
              { key: 'winRate', title: t('columns.winRate'), align: 'right', render: (_v, r) => formatPercent(r.winRate) },
              { key: 'average', title: t('columns.averageDeal'), align: 'right', render: (_v, r) => formatTotal(r.averageDeal) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

/** /{orgId}/statistics/productRanking. */
export function ProductRankingPage() {
  return <StatisticsShell screen="productRanking" defaultPeriod="thisYear">{(context) => <ProductRankingView {...context} />}</StatisticsShell>;
}

/** /{orgId}/statistics/performanceRanking: the sales ranking. */
export function SalesRankingPage() {
  return <StatisticsShell screen="performanceRanking" defaultPeriod="thisYear">{(context) => <SalesRankingView {...context} />}</StatisticsShell>;
}
