import '../activity-report.css';
import { useState } from 'react';
import { Button, Card, DatePicker, Form, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateShortcuts, shortcutRange, type ActivityEntry } from '@lodestar/contract';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useActivityItems } from '../../../calendar/activity-items/index.ts';
import { ContactPickerField } from '../../../records/contacts/index.ts';
import { fetchAllActivities, useActivityList, useActivityReport } from '../activity-report.api.ts';
import { EntryLinks } from '../components/entry-links.tsx';
import { formatCount, todayInTaipei } from '../report-format.ts';
import { ExportTableButton } from '../../../../shared/ui/export-table-button.tsx';

const pageSize = 50;
const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /{orgId}/activity/report/list: the completed activities themselves, filtered by person, item, client and
 * period (in the URL), exported as CSV exactly as filtered.
 */
export function ActivityListPage() {
  const { t, i18n } = useTranslation('activity-report');
  usePageTitle(t('titles.list'));
  const { orgId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const fallback = shortcutRange('past30Days', todayInTaipei());
  const from = isDay(params.get('from')) ? params.get('from')! : fallback.from;
  const to = isDay(params.get('to')) ? params.get('to')! : fallback.to;
  const uid = params.get('uid') ?? undefined;
  const itemId = params.get('itemId') ?? undefined;
  const clientId = params.get('clientId') ?? undefined;
  const [clientName, setClientName] = useState<string | null>(null);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = { from, to, ...(uid && { uid }), ...(itemId && { itemId }), ...(clientId && { clientId }) };
  const list = useActivityList(orgId, { ...filter, page, pageSize });
  const people = useActivityReport(orgId, { type: 'custom', advanceFilter: JSON.stringify({ from, to }) });
  const items = useActivityItems(orgId);
  const locale = i18n.language;

  const set = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const exportRows = async () => {
    const all = await fetchAllActivities(orgId, filter);
    return [
      [t('columns.date'), t('columns.name'), t('columns.title'), t('columns.items'), t('columns.total'), t('links.client'), t('links.company'), t('links.deal')],
      ...all.map((e) => [e.earnedOn, e.userName, e.title, e.items.map((i) => `${i.name} +${i.point}`).join('; '), e.total, e.client?.name ?? '', e.company?.name ?? '', e.deal?.name ?? '']),
    ];
  };

  const presets = dateShortcuts.map((shortcut) => {
    const r = shortcutRange(shortcut, todayInTaipei());
    return { label: t(`shortcuts.${shortcut}`), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
  });

  return (
    <Card
      className="report-card"
      title={<Typography.Title level={1} className="card-title">{t('titles.list')}</Typography.Title>}
      extra={
        <Space wrap>
          <Link to={`/${orgId}/activity/report/week`}>
            <Button>{t('toReport')}</Button>
          </Link>
          <ExportTableButton fileName={`activities-${from}-${to}`} rows={exportRows} disabled={!list.data?.total} />
        </Space>
      }
    >
      <Form layout="inline" className="activity-filters">
        <Form.Item label={t('filters.period')} htmlFor="activity-period">
          <DatePicker.RangePicker
            id={{ start: 'activity-period' }}
            presets={presets}
            allowClear={false}
            value={[dayjs(from), dayjs(to)]}
            onChange={(values) => {
              const [a, b] = values ?? [];
              if (a && b) set({ from: a.format('YYYY-MM-DD'), to: b.format('YYYY-MM-DD') });
            }}
          />
        </Form.Item>
        <Form.Item label={t('filters.person')} htmlFor="activity-person">
          <Select
            id="activity-person"
            allowClear
            showSearch
            optionFilterProp="label"
            className="activity-filters__select"
            placeholder={t('filters.everyone')}
            value={uid}
            onChange={(value?: string) => set({ uid: value ?? null })}
            options={(people.data?.rows ?? []).map((row) => ({ value: row.userId, label: row.name }))}
          />
        </Form.Item>
        <Form.Item label={t('filters.item')} htmlFor="activity-item">
          <Select
            id="activity-item"
            allowClear
            className="activity-filters__select"
            placeholder={t('filters.anyItem')}
            value={itemId}
            onChange={(value?: string) => set({ itemId: value ?? null })}
            options={(items.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
        </Form.Item>
        <Form.Item label={t('filters.client')} htmlFor="activity-client">
          <div className="activity-filters__select">
            <ContactPickerField
              id="activity-client"
              orgId={orgId}
              value={clientId ? { id: clientId, name: clientName ?? t('filters.pickedClient') } : null}
              onChange={(value) => {
                setClientName(value?.name ?? null);
                set({ clientId: value?.id ?? null });
              }}
            />
          </div>
        </Form.Item>
      </Form>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" aria-live="polite">
            {list.data ? t('listSummary', { count: list.data.total, total: formatCount(list.data.total, locale), points: formatCount(list.data.points, locale) }) : ' '}
          </Typography.Paragraph>
          <Table<ActivityEntry>
            rowKey={(e) => `${e.scheduleId}-${e.occurrenceDate}`}
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('listEmpty') }}
            pagination={{ current: page, pageSize, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (next) => set({ page: String(next) }) }}
            columns={[
              { key: 'date', title: t('columns.date'), render: (_: unknown, e) => e.earnedOn },
              { key: 'name', title: t('columns.name'), render: (_: unknown, e) => e.userName },
              { key: 'title', title: t('columns.title'), render: (_: unknown, e) => e.title },
              {
                key: 'items',
                title: t('columns.items'),
                render: (_: unknown, e) => (
                  <Space wrap size={4}>
                    {e.items.map((item, index) => (
                      <Tag key={`${item.itemId ?? 'x'}-${index}`}>
                        {item.name} +{item.point}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              { key: 'total', title: t('columns.total'), align: 'right', render: (_: unknown, e) => <strong>{formatCount(e.total, locale)}</strong> },
              { key: 'links', title: t('columns.links'), render: (_: unknown, e) => <EntryLinks orgId={orgId} entry={e} /> },
            ]}
          />
        </>
      )}
    </Card>
  );
}
