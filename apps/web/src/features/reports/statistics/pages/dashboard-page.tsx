import { Button, Card, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drillBase, drillExpected, drillFunnelStage, drillLost, drillOpen, drillStalled, drillWon, wonStageId, lostStageId, type DashboardStatistics } from '@lodestar/contract';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { BarList } from '../components/bar-list.tsx';
import { LostReasonsCard } from '../components/lost-reasons-card.tsx';
import { Figure, formatPercent } from '../components/figure.tsx';
import { QuotedWonCard } from '../components/quoted-won-card.tsx';
import { ExportButton, StatisticsShell } from '../components/statistics-shell.tsx';
import { browserTimeZone, useStatistic } from '../statistics.api.ts';
import { dealListPath } from '../statistics-filter.ts';
import type { StatisticsFilter } from '../../query-keys.ts';

type FunnelRow = DashboardStatistics['funnel']['stages'][number];

function DashboardView({ orgId, filter }: { orgId: string; filter: StatisticsFilter }) {
  const { t } = useTranslation('statistics');
  const answer = useStatistic(orgId, 'dashboard', filter);
  if (answer.isLoading) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const data = answer.data!;
  const base = drillBase('performanceReport', data.owners);
  const link = (drill: Record<string, string>) => dealListPath(orgId, { ...base, ...drill });
  const { funnel } = data;
  const stageLabel = (row: FunnelRow) => row.stage.label;
  const isEmpty = data.won.count === 0 && data.pipeline.count === 0 && data.lostCount === 0 && funnel.stages.every((s) => s.count === 0);
  const funnelItems = [
    ...funnel.stages.map((row) => ({
      key: String(row.stage.id),
      label: stageLabel(row),
      value: row.count,
      display: t('funnel.bar', { count: row.count, amount: formatTotal(row.amount) }),
      to: link(drillFunnelStage(funnel.stageTypeId, row.stage.id, filter)),
    })),
    {
      key: 'won',
      label: t('stage.won'),
      value: funnel.won.count,
      display: t('funnel.bar', { count: funnel.won.count, amount: formatTotal(funnel.won.amount) }),
      to: link(drillFunnelStage(funnel.stageTypeId, wonStageId, filter)),
      color: '#52c41a',
    },
  ];

  // An empty period shows what to do, not a page of zeros and an empty funnel.
  if (isEmpty)
    return (
      <Card>
        <EmptyState
          description={t('empty.dashboard')}
          action={
            <Space wrap>
              <Link to={`/${orgId}/deal/list`}>
                <Button type="primary">{t('empty.addDeals')}</Button>
              </Link>
              <Link to={`/${orgId}/targets`}>
                <Button>{t('empty.setTargets')}</Button>
              </Link>
            </Space>
          }
        />
      </Card>
    );
  return (
    <>
      <div className="stat-figures">
        <Figure label={t('figures.won')} value={formatTotal(data.won.amount)} hint={t('figures.deals', { count: data.won.count, formatted: formatCount(data.won.count) })} to={link(drillWon(filter))} testId="figure-won" />
        <Figure
          label={t('figures.target')}
          value={formatTotal(data.target)}
          hint={t('figures.achievement', { value: formatPercent(data.achievement) })}
          to={`/${orgId}/targets`}
          testId="figure-target"
        />
        <Figure label={t('figures.pipeline')} value={formatTotal(data.pipeline.amount)} hint={t('figures.weighted', { amount: formatTotal(data.pipeline.weighted) })} to={link(drillOpen())} />
        <Figure label={t('figures.expected')} value={formatTotal(data.expected.amount)} hint={t('figures.deals', { count: data.expected.count, formatted: formatCount(data.expected.count) })} to={link(drillExpected(filter))} />
        <Figure
          label={t('figures.winRate')}
          value={formatPercent(data.winRate)}
          hint={
            <Link to={link(drillLost(filter, browserTimeZone()))} data-testid="figure-lost">
              {t('figures.lost', { count: data.lostCount })}
            </Link>
          }
        />
        <Figure label={t('figures.stalled')} value={formatCount(data.stalledCount)} to={link(drillStalled())} testId="figure-stalled" />
      </div>
      <Card
        title={<Typography.Title level={2} className="card-title">{t('funnel.title')}</Typography.Title>}
        extra={
          <ExportButton
            fileName="funnel"
            rows={() => [
                [t('funnel.stage'), t('funnel.count'), t('funnel.amount'), t('funnel.reached'), t('funnel.conversion'), t('funnel.averageDays')],
                ...funnel.stages.map((row) => [stageLabel(row), row.count, row.amount, row.reached, row.conversion ?? '', row.averageDays ?? '']),
                [t('stage.won'), funnel.won.count, funnel.won.amount, '', '', ''],
                [t('stage.lost'), funnel.lost.count, funnel.lost.amount, '', '', ''],
              ]}
          />
        }
      >
        <Typography.Paragraph type="secondary">{t('funnel.explain')}</Typography.Paragraph>
        <div className="stat-split">
          <BarList items={funnelItems} label={t('funnel.title')} centered />
          <Table<FunnelRow>
            size="small"
            rowKey={(row) => String(row.stage.id)}
            pagination={false}
            dataSource={funnel.stages}
            columns={[
              { key: 'stage', title: t('funnel.stage'), render: (_v, row) => <Link to={link(drillFunnelStage(funnel.stageTypeId, row.stage.id, filter))}>{stageLabel(row)}</Link> },
              { key: 'count', title: t('funnel.count'), align: 'right', render: (_v, row) => formatCount(row.count) },
              { key: 'amount', title: t('funnel.amount'), align: 'right', render: (_v, row) => formatTotal(row.amount) },
              { key: 'conversion', title: t('funnel.conversion'), align: 'right', render: (_v, row) => formatPercent(row.conversion) },
              { key: 'days', title: t('funnel.averageDays'), align: 'right', render: (_v, row) => (row.averageDays === null ? '—' : row.averageDays) },
            ]}
            summary={() => (
              <>
                {[
                  { key: 'won', label: t('stage.won'), figure: funnel.won, stage: wonStageId },
                  { key: 'lost', label: t('stage.lost'), figure: funnel.lost, stage: lostStageId },
                ].map((row) => (
                  <Table.Summary.Row key={row.key}>
                    <Table.Summary.Cell index={0}>
                      <Link to={link(drillFunnelStage(funnel.stageTypeId, row.stage, filter))}>{row.label}</Link>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">{formatCount(row.figure.count)}</Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">{formatTotal(row.figure.amount)}</Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">{row.key === 'won' ? t('funnel.winRate', { value: formatPercent(funnel.winRate) }) : ''}</Table.Summary.Cell>
                    <Table.Summary.Cell index={4} />
                  </Table.Summary.Row>
                ))}
              </>
            )}
          />
        </div>
      </Card>
      <LostReasonsCard reasons={data.lostReasons} lostLink={link(drillLost(filter, browserTimeZone()))} />
      <QuotedWonCard orgId={orgId} filter={filter} />
    </>
  );
}

/** /{orgId}/statistics/dashboard: headline figures of the period and the sales funnel. */
export function StatisticsDashboardPage() {
  return <StatisticsShell screen="dashboard" defaultPeriod="thisMonth">{(context) => <DashboardView {...context} />}</StatisticsShell>;
}
