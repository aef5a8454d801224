import { Table, Typography, type TableColumnsType } from 'antd';
import type { OperatorAuditEvent } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatInstant, useListState } from '../components/list-state.ts';
import { useOperatorAudit } from '../operator.api.ts';

/** A change's details as short "key: value" pairs (plans, from → to, limits). */
function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');
}

/** /operator/audit: who did what to which coupon or workspace, and when (append-only, newest first). */
export function AuditPage() {
  const { t } = useTranslation('console');
  usePageTitle(t('audit.title'));
  const list = useListState();
  const { page, pageSize } = list.query;
  const audit = useOperatorAudit({ page, pageSize });

  const columns: TableColumnsType<OperatorAuditEvent> = [
    { title: t('audit.at'), key: 'at', render: (_, row) => formatInstant(row.at) },
    { title: t('audit.operator'), dataIndex: 'operatorEmail', key: 'operator' },
    { title: t('audit.action'), key: 'action', render: (_, row) => t(`audit.actions.${row.action}`) },
    { title: t('audit.target'), dataIndex: 'targetLabel', key: 'target', render: (label: string) => <Typography.Text strong>{label}</Typography.Text> },
    { title: t('audit.details'), key: 'details', render: (_, row) => <span className="operator-sub">{describe(row.details)}</span> },
  ];

  return (
    <section className="operator-page">
      <Typography.Title level={1}>{t('audit.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
      <Table<OperatorAuditEvent>
        rowKey="id"
        size="middle"
        scroll={{ x: 800 }}
        loading={audit.isFetching}
        columns={columns}
        dataSource={audit.data?.items ?? []}
        pagination={list.pagination(audit.data?.total)}
      />
    </section>
  );
}
