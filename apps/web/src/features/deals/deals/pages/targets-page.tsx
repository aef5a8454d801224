import { useState } from 'react';
import { Card, Progress, Select, Space, Table, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { centsToMoney, moneyToCents, type DealTarget } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { getSession } from '../../../../shared/session.ts';
import { MoneyInput } from '../../../../shared/ui/money-input.tsx';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { OrganizationUserSelect } from '../../../access/members/index.ts';
import { useDealTargets, useSaveDealTarget } from '../deal-targets.api.ts';

const months = Array.from({ length: 12 }, (_v, index) => index + 1);

/** Achieved ÷ target in whole percent, from exact cents. */
function percentOf(achieved: string, target: string): number {
  const goal = moneyToCents(target);
  if (goal <= 0n) return 0;
  return Number((moneyToCents(achieved) * 100n) / goal);
}


/**
 * /{orgId}/targets: monthly targets against the won amounts of each month (deals at stage 1000, by
 * completed date). The year is chosen; targets are typed straight into the table. A system administrator
 * (the only one the server lets read or set another user's targets) also picks whose targets these are.
 */
export function TargetsPage() {
  const { t } = useTranslation('deals');
  usePageTitle(t('targets.title'));
  const { orgId = '' } = useParams();
  const { isSystemAdministrator } = usePermissions(orgId);
  const self = getSession().user?.id ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const uid = (isSystemAdministrator && picked) || self;
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const targets = useDealTargets(orgId, year, uid);
  const save = useSaveDealTarget(orgId, t('notices.saved'));
  const byMonth = new Map((targets.data?.items ?? []).map((item) => [item.month, item]));
  const rows: DealTarget[] = months.map((month) => byMonth.get(month) ?? { year, month, uid, target: '0.00', achieved: '0.00' });
  const totals = rows.reduce((sum, row) => ({ target: sum.target + moneyToCents(row.target), achieved: sum.achieved + moneyToCents(row.achieved) }), { target: 0n, achieved: 0n });

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('targets.title')}</Typography.Title>}
      extra={
        <Space wrap>
          {isSystemAdministrator ? (
            <div className="targets-user">
              <OrganizationUserSelect orgId={orgId} aria-label={t('targets.user')} placeholder={t('targets.user')} value={uid} onChange={setPicked} />
            </div>
          ) : null}
          <Select<number>
            aria-label={t('targets.year')}
            value={year}
            onChange={setYear}
            options={[thisYear - 1, thisYear, thisYear + 1].map((value) => ({ value, label: String(value) }))}
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('targets.hint')}</Typography.Paragraph>
      {targets.isError ? (
        <ErrorState error={targets.error} onRetry={() => void targets.refetch()} />
      ) : (
        <Table<DealTarget>
          rowKey="month"
          size="middle"
          pagination={false}
          loading={targets.isFetching}
          dataSource={rows}
          columns={[
            { key: 'month', title: t('targets.month'), width: 120, render: (_v, row) => t('targets.monthName', { month: row.month }) },
            {
              key: 'target',
              title: t('targets.target'),
              width: 220,
              render: (_v, row) => (
                <MoneyInput
                  value={row.target}
                  prefix="$"
                  className="target-input"
                  label={t('targets.targetFor', { month: row.month, year })}
                  onSave={(target) => void save.mutateAsync({ year, month: row.month, target, uid })}
                />
              ),
            },
            { key: 'achieved', title: t('targets.achieved'), align: 'right', width: 180, render: (_v, row) => formatMoney(row.achieved) },
            {
              key: 'progress',
              title: t('targets.progress'),
              render: (_v, row) => (
                <Progress aria-label={t('targets.progressFor', { month: row.month, year })} percent={Math.min(100, percentOf(row.achieved, row.target))} format={() => t('percent', { value: percentOf(row.achieved, row.target) })} size="small" />
              ),
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('targets.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{formatMoney(centsToMoney(totals.target))}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatMoney(centsToMoney(totals.achieved))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3}>
                <Space>{t('percent', { value: percentOf(centsToMoney(totals.achieved), centsToMoney(totals.target)) })}</Space>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </Card>
  );
}
