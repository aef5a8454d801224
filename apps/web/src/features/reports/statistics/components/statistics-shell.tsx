import '../statistics.css';
import type { ReactNode } from 'react';
import { Card, DatePicker, Menu, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Cell } from '../../../../shared/format/table-file.ts';
import { ExportTableButton } from '../../../../shared/ui/export-table-button.tsx';
import { periodPresets, type PeriodPreset, type StatisticsFeature } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { EmptyState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useStatisticsPeople } from '../statistics.api.ts';
import { filterFromParams } from '../statistics-filter.ts';
import type { StatisticsFilter } from '../../query-keys.ts';

export const statisticsScreens = [
  { path: 'dashboard', feature: 'performanceReport' },
  { path: 'performance', feature: 'performanceReport' },
  { path: 'pointOpportunity', feature: 'performanceReport' },
  { path: 'productRanking', feature: 'productSalesRanking' },
  { path: 'performanceRanking', feature: 'performanceReport' },
] as const satisfies readonly { path: string; feature: StatisticsFeature }[];
export type StatisticsScreen = (typeof statisticsScreens)[number]['path'];

interface Props {
  screen: StatisticsScreen;
  defaultPeriod: PeriodPreset;
  children: (context: { orgId: string; filter: StatisticsFilter }) => ReactNode;
}

/** Every statistics screen: the sub-navigation, the period and person filters (kept in the address), the screen. */
export function StatisticsShell({ screen, defaultPeriod, children }: Props) {
  const { t } = useTranslation('statistics');
  usePageTitle(t(`screens.${screen}`));
  const { orgId = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { can, isLoading } = usePermissions(orgId);
  const feature = statisticsScreens.find((s) => s.path === screen)!.feature;
  const { period, filter } = filterFromParams(params, defaultPeriod);
  const allowed = can(feature, 'view');
  const people = useStatisticsPeople(orgId, feature);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const year = Number(filter.to.slice(0, 4));
  const periodOptions = [
    { label: t('period.shortcuts'), options: periodPresets.map((p) => ({ value: p, label: t(`period.${p}`) })) },
    { label: t('period.quarters', { year }), options: [1, 2, 3, 4].map((q) => ({ value: `q${year}-${q}`, label: t('period.quarter', { year, quarter: q }) })) },
    {
      label: t('period.months', { year }),
      options: Array.from({ length: 12 }, (_, i) => ({ value: `m${year}-${String(i + 1).padStart(2, '0')}`, label: t('period.month', { year, month: i + 1 }) })),
    },
    { label: t('period.other'), options: [{ value: 'custom', label: t('period.custom') }] },
  ];
  const who = filter.uid ? `u:${filter.uid}` : filter.departmentId ? `d:${filter.departmentId}` : '';
  const query = location.search;

  return (
    <div className="page-stack">
      <Card className="statistics-page" title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}>
        <nav aria-label={t('navigation')}>
          <Menu
            mode="horizontal"
            disabledOverflow
            selectedKeys={[screen]}
            items={statisticsScreens
              .filter((s) => can(s.feature, 'view'))
              .map((s) => ({ key: s.path, label: <Link to={`/${orgId}/statistics/${s.path}${query}`}>{t(`screens.${s.path}`)}</Link> }))}
          />
        </nav>
        <Space wrap className="statistics-filters">
          <Select
            aria-label={t('period.label')}
            className="statistics-filters__period"
            value={period}
            options={periodOptions}
            onChange={(value: string) => update(value === 'custom' ? { period: value, from: filter.from, to: filter.to } : { period: value, from: null, to: null })}
          />
          {period === 'custom' ? (
            <DatePicker.RangePicker
              aria-label={t('period.custom')}
              allowClear={false}
              value={[dayjs(filter.from), dayjs(filter.to)]}
              presets={[
                { label: t('period.past7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
                { label: t('period.past30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
                { label: t('period.lastWeek'), value: [dayjs().subtract(1, 'week').startOf('week'), dayjs().subtract(1, 'week').endOf('week')] },
                { label: t('period.thisWeek'), value: [dayjs().startOf('week'), dayjs().endOf('week')] },
                { label: t('period.nextWeek'), value: [dayjs().add(1, 'week').startOf('week'), dayjs().add(1, 'week').endOf('week')] },
                { label: t('period.lastMonth'), value: [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')] },
                { label: t('period.thisMonth'), value: [dayjs().startOf('month'), dayjs().endOf('month')] },
                { label: t('period.nextMonth'), value: [dayjs().add(1, 'month').startOf('month'), dayjs().add(1, 'month').endOf('month')] },
              ]}
              onChange={(range) => {
                if (range?.[0] && range[1]) update({ period: 'custom', from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
              }}
            />
          ) : null}
          <Select
            aria-label={t('who.label')}
            className="statistics-filters__who"
            showSearch
            optionFilterProp="label"
            value={who}
            loading={people.isLoading}
            onChange={(value: string) => update({ uid: value.startsWith('u:') ? value.slice(2) : null, departmentId: value.startsWith('d:') ? value.slice(2) : null })}
            options={[
              { value: '', label: t('who.everyone') },
              ...(people.data?.departments.length
                ? [{ label: t('who.departments'), options: people.data.departments.map((d) => ({ value: `d:${d.id}`, label: d.name })) }]
                : []),
              ...(people.data?.users.length ? [{ label: t('who.people'), options: people.data.users.map((u) => ({ value: `u:${u.id}`, label: u.name })) }] : []),
            ]}
          />
          <Typography.Text type="secondary" data-testid="statistics-range">
            {t('period.range', { from: filter.from, to: filter.to })}
          </Typography.Text>
        </Space>
      </Card>
      {isLoading ? null : allowed ? children({ orgId, filter }) : <EmptyState description={t('noPrivilege')} />}
    </div>
  );
}

/** The export button of a statistics table (CSV or XLSX). */
export function ExportButton({ fileName, rows }: { fileName: string; rows: () => Cell[][] }) {
  return <ExportTableButton size="small" fileName={fileName} rows={rows} />;
}
