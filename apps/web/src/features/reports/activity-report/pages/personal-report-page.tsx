import '../activity-report.css';
import { useState } from 'react';
import { Button, Card, Descriptions, Select, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { PeriodKind, PersonalReport } from '@lodestar/contract';
import { getSession } from '../../../../shared/session.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useActivityReport, usePersonalReport } from '../activity-report.api.ts';
import { DetailDrawer } from '../components/detail-drawer.tsx';
import { PeriodBar } from '../components/period-bar.tsx';
import { ItemCellText } from '../components/item-cell.tsx';
import { PointsChart } from '../components/points-chart.tsx';
import { ReachedTag } from '../components/reached-tag.tsx';
import { sumItemCells } from '../report-table.ts';
import { formatCount } from '../report-format.ts';
import { reportHref, useReportUrl } from '../report-url.ts';

type Day = PersonalReport['days'][number];

/**
 * /{orgId}/activity/report/{week|month|quarter}/personal?uid=: one person's days, the points per item against
 * the daily target, and behind each day the completed schedules that earned them (report/detail).
 */
export function PersonalReportPage({ kind }: { kind: PeriodKind }) {
  const { t, i18n } = useTranslation('activity-report');
  usePageTitle(t(`titles.personal.${kind}`));
  const { orgId = '' } = useParams();
  const url = useReportUrl(kind);
  const uid = url.uid ?? getSession().user?.id ?? '';
  const report = usePersonalReport(orgId, { ...url.query, uid });
  // The people one may pick: the rows of the team report of the same period.
  const people = useActivityReport(orgId, url.query);
  const [day, setDay] = useState<string | null>(null);
  const data = report.data;
  const locale = i18n.language;

  return (
    <Card
      className="report-card"
      title={<Typography.Title level={1} className="card-title">{t(`titles.personal.${kind}`)}</Typography.Title>}
      extra={
        <Select
          showSearch
          optionFilterProp="label"
          aria-label={t('person')}
          className="report-person"
          value={uid}
          onChange={(value: string) => url.setUid(value)}
          options={(people.data?.rows ?? (data ? [{ userId: data.user.userId, name: data.user.name }] : [])).map((row) => ({ value: row.userId, label: row.name }))}
        />
      }
    >
      <PeriodBar kind={kind} symbol={url.symbol} custom={url.custom} hrefOf={(k) => reportHref(orgId, k, true, url.search)} onPeriod={url.setPeriod} onCustom={url.setCustom} />
      {report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="report-summary" bordered>
            <Descriptions.Item label={t('columns.name')}>{data.user.name}</Descriptions.Item>
            <Descriptions.Item label={t('profile')}>{data.user.profileName ?? t('noProfile')}</Descriptions.Item>
            <Descriptions.Item label={t('columns.total')}>
              <strong>{formatCount(data.totals.total, locale)}</strong>
              {data.totals.target !== null ? ` / ${formatCount(data.totals.target, locale)}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.reached')}>
              <ReachedTag reached={data.totals.reached} />
            </Descriptions.Item>
          </Descriptions>
          {data.days.length <= 31 ? (
            <section aria-labelledby="personal-chart" className="report-section">
              <Typography.Title level={2} id="personal-chart" className="report-section__title">
                {t('chart.daily')}
              </Typography.Title>
              <PointsChart title={t('chart.dailySummary', { name: data.user.name })} bars={data.days.map((d) => ({ key: d.date, label: d.date.slice(5), value: d.total, target: d.target }))} />
            </section>
          ) : null}
          <section aria-labelledby="personal-days" className="report-section">
            <Typography.Title level={2} id="personal-days" className="report-section__title">
              {t('days')}
            </Typography.Title>
            <Table<Day>
              rowKey="date"
              size="small"
              loading={report.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.days}
              rowClassName={(row) => (row.target === null ? 'report-day--off' : '')}
              columns={[
                { key: 'date', title: t('columns.date'), fixed: 'left', render: (_: unknown, row) => `${row.date} (${dayjs(row.date).format('dd')})` },
                ...data.items.map((item) => ({
                  key: item.id,
                  title: item.name,
                  align: 'right' as const,
                  render: (_: unknown, row: Day) => <ItemCellText item={item.name} cell={row.items[item.id]} />,
                })),
                { key: 'count', title: t('columns.count'), align: 'right', render: (_: unknown, row) => formatCount(row.count, locale) },
                { key: 'total', title: t('columns.total'), align: 'right', render: (_: unknown, row) => <strong>{formatCount(row.total, locale)}</strong> },
                { key: 'target', title: t('columns.dailyTarget'), align: 'right', render: (_: unknown, row) => (row.target === null ? '—' : formatCount(row.target, locale)) },
                {
                  key: 'detail',
                  title: t('columns.detail'),
                  render: (_: unknown, row) =>
                    row.count > 0 ? (
                      <Button size="small" type="link" onClick={() => setDay(row.date)} aria-label={t('detail.open', { date: row.date })}>
                        {t('detail.show')}
                      </Button>
                    ) : null,
                },
              ]}
              summary={() => (
                <Table.Summary.Row className="report-totals">
                  <Table.Summary.Cell index={0}>
                    <strong>{t('totals')}</strong>
                  </Table.Summary.Cell>
                  {data.items.map((item, index) => (
                    <Table.Summary.Cell key={item.id} index={index + 1} align="right">
                      <ItemCellText item={item.name} cell={sumItemCells(data.days.map((d) => d.items[item.id]))} />
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={data.items.length + 1} align="right">
                    {formatCount(data.totals.count, locale)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={data.items.length + 2} align="right">
                    <strong>{formatCount(data.totals.total, locale)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={data.items.length + 3} align="right">
                    {data.totals.target === null ? '—' : formatCount(data.totals.target, locale)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={data.items.length + 4} />
                </Table.Summary.Row>
              )}
            />
          </section>
          <Typography.Paragraph>
            <Link to={`/${orgId}/activity/report/list?uid=${data.user.userId}&from=${data.period.from}&to=${data.period.to}`}>{t('toListOf', { name: data.user.name })}</Link>
          </Typography.Paragraph>
          <DetailDrawer orgId={orgId} uid={data.user.userId} name={data.user.name} date={day} onClose={() => setDay(null)} />
        </>
      )}
    </Card>
  );
}
