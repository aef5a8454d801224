import { useState } from 'react';
import { Button, Card, DatePicker, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { auditTypes, type AuditEntry, type AuditType } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { OrganizationUserSelect } from '../../members/index.ts';
import { downloadAuditCsv, useAuditPages, type AuditFilter } from '../audit-log.api.ts';
import { AuditRetention } from '../components/audit-retention.tsx';

/** /{orgId}/settings/auditLog: sign-ins, access changes, exports, keys, billing … filtered, exported, verified. */
export function AuditLogPage() {
  const { t } = useTranslation('audit-log');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const [type, setType] = useState<AuditType | undefined>();
  const [userId, setUserId] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filter: AuditFilter = {
    type,
    userId: userId ?? undefined,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
  };
  const pages = useAuditPages(orgId, filter);
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
      extra={
        <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={() => void downloadAuditCsv(orgId, filter)}>
          {t('export')}
        </Button>
      }
    >
      <div className="page-stack">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <AuditRetention orgId={orgId} />
        <Space wrap size={[8, 8]}>
          <Select<AuditType>
            aria-label={t('filters.type')}
            placeholder={t('filters.type')}
            allowClear
            showSearch
            optionFilterProp="label"
            value={type}
            onChange={(value) => setType(value)}
            options={auditTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
            style={{ minWidth: 200 }}
            data-testid="audit-type-filter"
          />
          <div className="audit-member-filter">
            <OrganizationUserSelect orgId={orgId} aria-label={t('filters.member')} placeholder={t('filters.member')} value={userId} onChange={setUserId} />
          </div>
          <DatePicker.RangePicker
            aria-label={t('filters.dates')}
            placeholder={[t('filters.from'), t('filters.to')]}
            value={range}
            allowEmpty={[true, true]}
            onChange={(value) => setRange(value)}
          />
        </Space>
        {pages.isLoading ? <LoadingState /> : null}
        {pages.isError ? <ErrorState error={pages.error} onRetry={() => void pages.refetch()} /> : null}
        {pages.isSuccess ? (
          <Table<AuditEntry>
            rowKey="position"
            size="middle"
            pagination={false}
            dataSource={entries}
            scroll={{ x: 860 }}
            locale={{ emptyText: t('empty') }}
            columns={[
              { key: 'at', title: t('fields.at'), width: 170, render: (_, e) => formatDateTime(e.at) },
              { key: 'type', title: t('fields.type'), width: 170, render: (_, e) => t(`types.${e.type}`) },
              { key: 'actor', title: t('fields.actor'), render: (_, e) => e.actor?.label ?? t('system') },
              { key: 'target', title: t('fields.target'), width: 180, render: (_, e) => e.target ?? '' },
              {
                key: 'origin',
                title: t('fields.origin'),
                render: (_, e) => (
                  <Space direction="vertical" size={0}>
                    <span>{e.ip ?? ''}</span>
                    <Typography.Text type="secondary" ellipsis={{ tooltip: e.userAgent }} style={{ maxWidth: 220 }}>
                      {e.userAgent ?? ''}
                    </Typography.Text>
                  </Space>
                ),
              },
            ]}
          />
        ) : null}
        {pages.hasNextPage ? (
          <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('more')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
