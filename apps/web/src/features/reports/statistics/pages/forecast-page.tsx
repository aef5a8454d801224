import { Card, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drillBase, drillExpected, drillOpen, drillWon, type Forecast, type ForecastDeal } from '@lodestar/contract';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { ColumnChart } from '../components/column-chart.tsx';
import { Figure } from '../components/figure.tsx';
import { ExportButton, StatisticsShell } from '../components/statistics-shell.tsx';
import { useStatistic } from '../statistics.api.ts';
import { dealListPath } from '../statistics-filter.ts';
import type { StatisticsFilter } from '../../query-keys.ts';
import { monthWithin } from './performance-page.tsx';

type MonthRow = Forecast['months'][number];

function DealTable({ orgId, deals, testId }: { orgId: string; deals: ForecastDeal[]; testId: string }) {
  const { t } = useTranslation('statistics');
  return (
    <Table<ForecastDeal>
      data-testid={testId}
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={deals}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState description={t('empty.noOpenDeals')} /> }}
      columns={[
        { key: 'name', title: t('columns.deal'), render: (_v, d) => <Link to={`/${orgId}/deal/detail/${d.id}`}>{d.name}</Link> },
        { key: 'company', title: t('columns.company'), render: (_v, d) => (d.company ? <Link to={`/${orgId}/company/detail/${d.company.id}`}>{d.company.name}</Link> : '') },
        { key: 'stage', title: t('columns.stage'), render: (_v, d) => d.stageName },
        { key: 'amount', title: t('columns.amount'), align: 'right', render: (_v, d) => formatTotal(d.amount) },
        { key: 'rate', title: t('columns.closingRate'), align: 'right', render: (_v, d) => `${d.closingRate}%` },
        { key: 'weighted', title: t('columns.weighted'), align: 'right', render: (_v, d) => formatTotal(d.weighted) },
        { key: 'date', title: t('columns.expectedClose'), dataIndex: 'estimatedEndDate' },
        { key: 'owner', title: t('columns.owner'), render: (_v, d) => d.owner?.name ?? '' },
      ]}
    />
  );
}

function ForecastView({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  const answer = useStatistic(orgId, 'forecast', filter);
  const navigate = useNavigate();
  if (answer.isLoading) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const data = answer.data!;
  const base = drillBase('performanceReport', data.owners);
  const expectedLink = (range: { from: string; to: string }) => dealListPath(orgId, { ...base, ...drillExpected(range) });
  const wonLink = (range: { from: string; to: string }) => dealListPath(orgId, { ...base, ...drillWon(range) });

  return (
    <>
      <div className="stat-figures">
        <Figure label={t('forecast.weighted')} value={formatTotal(data.total.weighted)} hint={t('figures.deals', { count: data.total.count, formatted: formatCount(data.total.count) })} to={expectedLink(filter)} />
        <Figure label={t('forecast.pipeline')} value={formatTotal(data.total.pipeline)} to={expectedLink(filter)} />
        <Figure label={t('figures.won')} value={formatTotal(data.total.won)} hint={t('figures.deals', { count: data.total.wonCount, formatted: formatCount(data.total.wonCount) })} to={wonLink(filter)} />
      </div>
      <Card
        title={<Typography.Title level={2} className="card-title">{t('forecast.title')}</Typography.Title>}
        extra={
          <ExportButton
            fileName="forecast"
            rows={() => [
                [t('columns.month'), t('forecast.pipeline'), t('forecast.weighted'), t('columns.deals'), t('columns.won')],
                ...data.months.map((m) => [m.month, m.pipeline, m.weighted, m.count, m.won]),
              ]}
          />
        }
      >
        <Typography.Paragraph type="secondary">{t('forecast.explain')}</Typography.Paragraph>
        <div className="stat-split">
          <ColumnChart
            label={t('forecast.title')}
            categories={data.months.map((m) => m.month)}
            format={(value) => formatTotal(value.toFixed(2))}
            axisPrefix="$"
            onSelect={(i, key) => {
              const range = monthWithin(data.months[i]!.month, filter);
              void navigate(key === 'won' ? wonLink(range) : expectedLink(range));
            }}
            series={[
              { key: 'weighted', name: t('forecast.weighted'), type: 'bar', color: '#1677ff', values: data.months.map((m) => Number(m.weighted)) },
              { key: 'won', name: t('columns.won'), type: 'bar', color: '#52c41a', values: data.months.map((m) => Number(m.won)) },
              { key: 'pipeline', name: t('forecast.pipeline'), type: 'line', color: '#8c8c8c', values: data.months.map((m) => Number(m.pipeline)) },
            ]}
          />
          <Table<MonthRow>
            size="small"
            rowKey="month"
            pagination={false}
            dataSource={data.months}
            columns={[
              { key: 'month', title: t('columns.month'), dataIndex: 'month' },
              { key: 'pipeline', title: t('forecast.pipeline'), align: 'right', render: (_v, m) => <Link to={expectedLink(monthWithin(m.month, filter))}>{formatTotal(m.pipeline)}</Link> },
              { key: 'weighted', title: t('forecast.weighted'), align: 'right', render: (_v, m) => formatTotal(m.weighted) },
              { key: 'won', title: t('columns.won'), align: 'right', render: (_v, m) => <Link to={wonLink(monthWithin(m.month, filter))}>{formatTotal(m.won)}</Link> },
            ]}
          />
        </div>
      </Card>
      <Card
        title={<Typography.Title level={2} className="card-title">{t('forecast.keyDeals')}</Typography.Title>}
        extra={<Link to={dealListPath(orgId, { ...base, ...drillOpen() })}>{t('forecast.allOpen')}</Link>}
      >
        <DealTable orgId={orgId} deals={data.keyDeals} testId="key-deals" />
      </Card>
      <Card
        title={<Typography.Title level={2} className="card-title">{t('forecast.expectedDeals')}</Typography.Title>}
        extra={<Link to={expectedLink(filter)}>{t('forecast.allExpected', { count: data.expectedCount })}</Link>}
      >
        <DealTable orgId={orgId} deals={data.expectedDeals} testId="expected-deals" />
      </Card>
    </>
  );
}

/** /{orgId}/statistics/pointOpportunity: forecast against sales, key deals, deals expected to close. */
export function ForecastPage() {
  return <StatisticsShell screen="pointOpportunity" defaultPeriod="thisQuarter">{(context) => <ForecastView {...context} />}</StatisticsShell>;
}
