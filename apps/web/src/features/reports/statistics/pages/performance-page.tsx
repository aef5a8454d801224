import { Alert, Card, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drillBase, drillWon, monthRange, type Performance } from '@lodestar/contract';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { ColumnChart } from '../components/column-chart.tsx';
import { Figure, formatPercent } from '../components/figure.tsx';
import { ExportButton, StatisticsShell } from '../components/statistics-shell.tsx';
import { useStatistic } from '../statistics.api.ts';
import { dealListPath } from '../statistics-filter.ts';
import type { StatisticsFilter } from '../../query-keys.ts';

type MonthRow = Performance['months'][number];

/** The part of a month inside the period (a custom period may start or end mid-month). */
export function monthWithin(month: string, filter: StatisticsFilter) {
  const range = monthRange(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return { from: range.from < filter.from ? filter.from : range.from, to: range.to > filter.to ? filter.to : range.to };
}

function PerformanceView({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  const answer = useStatistic(orgId, 'performance', filter);
  const navigate = useNavigate();
  if (answer.isLoading) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const data = answer.data!;
  const base = drillBase('performanceReport', data.owners);
  const wonLink = (range: { from: string; to: string }) => dealListPath(orgId, { ...base, ...drillWon(range) });
  const noTargets = Number(data.total.target) === 0;

  return (
    <>
      <div className="stat-figures">
        <Figure label={t('figures.won')} value={formatTotal(data.total.won)} hint={t('figures.deals', { count: data.total.count, formatted: formatCount(data.total.count) })} to={wonLink(filter)} testId="performance-won" />
        <Figure label={t('figures.target')} value={formatTotal(data.total.target)} hint={t('figures.achievement', { value: formatPercent(data.total.achievement) })} />
        <Figure
          label={t('performance.yearToDate')}
          value={formatTotal(data.yearToDate.won)}
          hint={t('figures.achievement', { value: formatPercent(data.yearToDate.achievement) })}
          to={wonLink(data.yearToDate)}
        />
        <Figure
          label={t('performance.lastYear')}
          value={formatTotal(data.lastYear.won)}
          hint={t('performance.growth', { value: formatPercent(data.lastYear.growth) })}
          to={wonLink(data.lastYear)}
        />
      </div>
      {data.targetSource === 'members' || data.targetSource === 'mixed' ? (
        <Alert
          type="info"
          showIcon
          data-testid="target-source"
          message={t(`performance.targetSource.${data.targetSource}`)}
          action={<Link to={`/${orgId}/settings/performanceTarget`}>{t('performance.setDepartmentTargets')}</Link>}
        />
      ) : data.targetSource === 'department' ? (
        <Typography.Text type="secondary" data-testid="target-source">{t('performance.targetSource.department')}</Typography.Text>
      ) : null}
      {noTargets ? (
        <Alert
          type="info"
          showIcon
          message={t('empty.noTargets')}
          action={<Link to={`/${orgId}/targets`}>{t('empty.setTargets')}</Link>}
        />
      ) : null}
      <Card
        title={<Typography.Title level={2} className="card-title">{t('performance.title')}</Typography.Title>}
        extra={
          <ExportButton
            fileName="performance"
            rows={() => [
                [t('columns.month'), t('columns.won'), t('columns.deals'), t('columns.target'), t('columns.achievement')],
                ...data.months.map((m) => [m.month, m.won, m.count, m.target, m.achievement ?? '']),
              ]}
          />
        }
      >
        <div className="stat-split">
          <ColumnChart
            label={t('performance.title')}
            categories={data.months.map((m) => m.month)}
            format={(value) => formatTotal(value.toFixed(2))}
            axisPrefix="$"
            onSelect={(i) => void navigate(wonLink(monthWithin(data.months[i]!.month, filter)))}
            series={[
              { key: 'won', name: t('columns.won'), type: 'bar', color: '#1677ff', values: data.months.map((m) => Number(m.won)) },
              { key: 'target', name: t('columns.target'), type: 'line', color: '#fa8c16', values: data.months.map((m) => Number(m.target)) },
            ]}
          />
          <Table<MonthRow>
            size="small"
            rowKey="month"
            pagination={false}
            dataSource={data.months}
            columns={[
              { key: 'month', title: t('columns.month'), dataIndex: 'month' },
              { key: 'won', title: t('columns.won'), align: 'right', render: (_v, m) => <Link to={wonLink(monthWithin(m.month, filter))}>{formatTotal(m.won)}</Link> },
              { key: 'count', title: t('columns.deals'), align: 'right', render: (_v, m) => formatCount(m.count) },
              { key: 'target', title: t('columns.target'), align: 'right', render: (_v, m) => formatTotal(m.target) },
              { key: 'achievement', title: t('columns.achievement'), align: 'right', render: (_v, m) => formatPercent(m.achievement) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('columns.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Link to={wonLink(filter)}>{formatTotal(data.total.won)}</Link>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">{formatCount(data.total.count)}</Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">{formatTotal(data.total.target)}</Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">{formatPercent(data.total.achievement)}</Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </div>
      </Card>
    </>
  );
}

/** /{orgId}/statistics/performance: won per month against the targets. */
export function PerformancePage() {
  return <StatisticsShell screen="performance" defaultPeriod="thisYear">{(context) => <PerformanceView {...context} />}</StatisticsShell>;
}
