import '../activity-report.css';
import { useState } from 'react';
import { Card, Select, Table, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/money.ts';
import { MoneyInput } from '../../../../shared/ui/money-input.tsx';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePerformanceTargets, useSaveDepartmentTarget, useSavePerformanceTarget } from '../activity-report.api.ts';
import { gridRows, months, sum, type GridRow } from '../performance-target-rows.ts';

/**
 * /{orgId}/settings/performanceTarget: the monthly sales targets of every member for a year in one grid (the
 * deal targets, saved cell by cell), each department's own target below its people (empty: their sum applies)
 * and the amounts won under each target.
 */
export function PerformanceTargetPage() {
  const { t, i18n } = useTranslation('activity-report');
  usePageTitle(t('performanceTarget.title'));
  const { orgId = '' } = useParams();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const grid = usePerformanceTargets(orgId, year);
  const save = useSavePerformanceTarget(orgId, t('saved'));
  const saveDepartment = useSaveDepartmentTarget(orgId, t('saved'));
  const rows = grid.data ? gridRows(grid.data.rows, grid.data.departments, t('noDepartment')) : [];

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('performanceTarget.title')}</Typography.Title>}
      extra={
        <Select<number>
          aria-label={t('performanceTarget.year')}
          value={year}
          onChange={setYear}
          options={[thisYear - 1, thisYear, thisYear + 1].map((value) => ({ value, label: String(value) }))}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('performanceTarget.hint')}</Typography.Paragraph>
      {grid.isError ? (
        <ErrorState error={grid.error} onRetry={() => void grid.refetch()} />
      ) : !grid.data ? (
        <LoadingState />
      ) : (
        <Table<GridRow>
          rowKey="key"
          size="small"
          bordered
          pagination={false}
          loading={grid.isFetching}
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          rowClassName={(row) => (row.kind === 'department' ? 'performance-target__department' : '')}
          columns={[
            { key: 'name', title: t('columns.name'), fixed: 'left', width: 160, render: (_: unknown, row) =>
                row.kind === 'department' ? (
                  <strong style={{ paddingInlineStart: (row.depth ?? 0) * 12 }}>
                    {t(row.stored ? 'performanceTarget.departmentTarget' : 'performanceTarget.departmentTotal', { name: row.name })}
                  </strong>
                ) : (
                  row.name
                ),
            },
            ...months.map((m) => ({
              key: `m${m}`,
              title: new Intl.DateTimeFormat(i18n.language, { month: 'short' }).format(new Date(2000, m, 1)),
              width: 120,
              render: (_: unknown, row: GridRow) => (
                <div className="performance-target__cell">
                  {row.kind === 'person' ? (
                    <MoneyInput
                      value={row.targets[m]!}
                      size="small"
                      className="performance-target__input"
                      label={t('performanceTarget.cell', { name: row.name, month: m + 1, year })}
                      onSave={(target) => void save.mutateAsync({ year, month: m + 1, target, uid: row.userId! })}
                    />
                  ) : row.stored ? (
                    <>
                      <MoneyInput
                        value={row.stored[m] ?? ''}
                        clearable
                        placeholder={formatMoney(row.membersTargets![m])}
                        size="small"
                        className="performance-target__input performance-target__input--department"
                        label={t('performanceTarget.departmentCell', { name: row.name, month: m + 1, year })}
                        onSave={(target) => void saveDepartment.mutateAsync({ year, month: m + 1, target: target === '' ? null : target, departmentId: row.departmentId! })}
                      />
                      <Typography.Text type="secondary" className="performance-target__won">
                        {row.stored[m] === null ? t('performanceTarget.membersSum') : t('performanceTarget.members', { amount: formatMoney(row.membersTargets![m]) })}
                      </Typography.Text>
                    </>
                  ) : (
                    <strong>{formatMoney(row.targets[m])}</strong>
                  )}
                  <Typography.Text type="secondary" className="performance-target__won">
                    {t('performanceTarget.won', { amount: formatMoney(row.achieved[m]) })}
                  </Typography.Text>
                </div>
              ),
            })),
            {
              key: 'year',
              title: t('performanceTarget.yearTotal'),
              align: 'right',
              width: 140,
              render: (_: unknown, row) => (
                <div className="performance-target__cell">
                  <strong>{formatMoney(sum(row.targets))}</strong>
                  <Typography.Text type="secondary" className="performance-target__won">
                    {t('performanceTarget.won', { amount: formatMoney(sum(row.achieved)) })}
                  </Typography.Text>
                </div>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
