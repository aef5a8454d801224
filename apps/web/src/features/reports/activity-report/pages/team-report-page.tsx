import '../activity-report.css';
import { useState } from 'react';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityReport, PeriodKind, ReportColumn, ReportRow } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useActivityItems } from '../../../calendar/activity-items/index.ts';
import { useActivityReport, useReportSetting } from '../activity-report.api.ts';
import { PeriodBar } from '../components/period-bar.tsx';
import { PointsChart } from '../components/points-chart.tsx';
import { ItemCellText } from '../components/item-cell.tsx';
import { ReachedTag } from '../components/reached-tag.tsx';
import { ReportSettingsDialog } from '../components/report-settings-dialog.tsx';
import { SetupNotice } from '../components/setup-notice.tsx';
import { formatCount } from '../report-format.ts';
import { sumItemCells, teamReportTable } from '../report-table.ts';
import { ExportTableButton } from '../../../../shared/ui/export-table-button.tsx';
import { reportHref, useReportUrl } from '../report-url.ts';

type Team = ActivityReport['teams'][number];

function numberColumns(t: (key: string) => string, locale: string, shown: ReportColumn[]) {
  const cols = [
    { key: 'count', title: t('columns.count'), align: 'right' as const, render: (_: unknown, r: { count: number }) => formatCount(r.count, locale) },
    { key: 'total', title: t('columns.total'), align: 'right' as const, render: (_: unknown, r: { total: number }) => <strong>{formatCount(r.total, locale)}</strong> },
    { key: 'target', title: t('columns.target'), align: 'right' as const, render: (_: unknown, r: { target: number | null }) => (r.target === null ? '—' : formatCount(r.target, locale)) },
    { key: 'reached', title: t('columns.reached'), align: 'right' as const, render: (_: unknown, r: { reached: number | null }) => <ReachedTag reached={r.reached} /> },
  ];
  return cols.filter((c) => shown.includes(c.key as ReportColumn));
}

/**
 * /{orgId}/activity/report/{week|month|quarter}: one row per person the viewer may see (zeros included), the
 * points per activity item, the total against the target of the person's profile, team totals per department,
 * and a bar chart of the same numbers.
 */
export function TeamReportPage({ kind }: { kind: PeriodKind }) {
  const { t, i18n } = useTranslation('activity-report');
  usePageTitle(t(`titles.${kind}`));
  const { orgId = '' } = useParams();
  const { isSystemAdministrator } = usePermissions(orgId);
  const url = useReportUrl(kind);
  const report = useActivityReport(orgId, url.query);
  const setting = useReportSetting(orgId);
  const [editing, setEditing] = useState(false);
  const data = report.data;
  const locale = i18n.language;
  const personalHref = (userId: string) => {
    const params = new URLSearchParams(url.search);
    params.set('uid', userId);
    if (!url.custom) params.set('period', url.symbol);
    return `/${orgId}/activity/report/${kind}/personal?${params.toString()}`;
  };
  const allItems = useActivityItems(orgId);
  const exportWords = {
    name: t('columns.name'),
    department: t('columns.department'),
    noDepartment: t('noDepartment'),
    itemCount: (item: string) => t('reportExport.itemCount', { item }),
    itemPoints: (item: string) => t('reportExport.itemPoints', { item }),
    count: t('columns.count'),
    total: t('columns.total'),
    target: t('columns.target'),
    reached: t('columns.reached'),
    totals: t('totals'),
  };

  const itemColumns = (data?.items ?? []).map((item) => ({
    key: item.id,
    title: item.name,
    align: 'right' as const,
    render: (_: unknown, row: ReportRow) => <ItemCellText item={item.name} cell={row.items[item.id]} />,
  }));

  return (
    <Card
      className="report-card"
      title={<Typography.Title level={1} className="card-title">{t(`titles.${kind}`)}</Typography.Title>}
      extra={
        <Space wrap>
          <Select
            aria-label={t('scope.label')}
            value={url.scope}
            onChange={url.setScope}
            className="report-scope"
            options={(['all', 'mine', 'sameDepartment', 'subordinates'] as const).map((value) => ({ value, label: t(`scope.${value}`) }))}
          />
          <Link to={`/${orgId}/activity/report/list`}>
            <Button icon={<UnorderedListOutlined aria-hidden="true" />}>{t('toList')}</Button>
          </Link>
          <ExportTableButton fileName={`${t('reportExport.file')}-${url.symbol}`} rows={() => (data ? teamReportTable(data, exportWords) : [])} disabled={!data?.rows.length} />
          {isSystemAdministrator && data && setting.data ? (
            <Button icon={<SettingOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
              {t('settings.open')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <PeriodBar kind={kind} symbol={url.symbol} custom={url.custom} hrefOf={(k) => reportHref(orgId, k, false, url.search)} onPeriod={url.setPeriod} onCustom={url.setCustom} />
      {report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <SetupNotice orgId={orgId} items={data.setup.items} profiles={data.setup.profiles} canConfigure={isSystemAdministrator} />
          {data.rows.length > 0 ? (
            <section aria-labelledby="report-chart" className="report-section">
              <Typography.Title level={2} id="report-chart" className="report-section__title">
                {t('chart.title')}
              </Typography.Title>
              <PointsChart title={t('chart.summary', { count: data.rows.length })} bars={data.rows.map((r) => ({ key: r.userId, label: r.name, value: r.total, target: r.target }))} />
            </section>
          ) : null}
          <section aria-labelledby="report-people" className="report-section">
            <Typography.Title level={2} id="report-people" className="report-section__title">
              {t('people', { count: data.rows.length })}
            </Typography.Title>
            <Table<ReportRow>
              rowKey="userId"
              size="middle"
              loading={report.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.rows}
              locale={{ emptyText: t('noPeople') }}
              columns={[
                {
                  key: 'name',
                  title: t('columns.name'),
                  fixed: 'left',
                  render: (_: unknown, row) => <Link to={personalHref(row.userId)}>{row.name}</Link>,
                },
                { key: 'department', title: t('columns.department'), render: (_: unknown, row) => row.departmentName ?? t('noDepartment') },
                ...itemColumns,
                ...numberColumns(t, locale, data.columns),
              ]}
              summary={() => (
                <Table.Summary.Row className="report-totals">
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>{t('totals')}</strong>
                  </Table.Summary.Cell>
                  {data.items.map((item, index) => (
                    <Table.Summary.Cell key={item.id} index={index + 2} align="right">
                      <ItemCellText item={item.name} cell={sumItemCells(data.rows.map((row) => row.items[item.id]))} />
                    </Table.Summary.Cell>
                  ))}
                  {numberColumns(t, locale, data.columns).map((col, index) => (
                    <Table.Summary.Cell key={col.key} index={data.items.length + 2 + index} align="right">
                      {col.render(null, data.totals)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )}
            />
          </section>
          {data.teams.length > 1 ? (
            <section aria-labelledby="report-teams" className="report-section">
              <Typography.Title level={2} id="report-teams" className="report-section__title">
                {t('teams')}
              </Typography.Title>
              <Table<Team>
                rowKey={(row) => row.departmentId ?? 'none'}
                size="small"
                pagination={false}
                dataSource={data.teams}
                columns={[
                  { key: 'name', title: t('columns.department'), render: (_: unknown, row) => row.name ?? t('noDepartment') },
                  { key: 'members', title: t('columns.members'), align: 'right', render: (_: unknown, row) => formatCount(row.members, locale) },
                  ...numberColumns(t, locale, data.columns),
                ]}
              />
            </section>
          ) : null}
          {editing && setting.data ? (
            <ReportSettingsDialog orgId={orgId} open={editing} onClose={() => setEditing(false)} setting={setting.data} items={allItems.data?.items ?? data.items} />
          ) : null}
        </>
      )}
    </Card>
  );
}
