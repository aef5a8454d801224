import { Button, Popconfirm, Tag, Timeline, Typography } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, HistoryKind } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useHistoryPages, useRestoreValue } from '../history.api.ts';

/** How a value reads in the list: text as is, lists and objects as short JSON, nothing as a dash. */
function shown(value: unknown, valueLabel: (field: string, value: unknown) => string, field: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value).slice(0, 120);
  return valueLabel(field, value);
}

/**
 * A record's field history on its page (the History tab): who changed which field, when, from what to what, and
 * through which path; each old value can be restored (the server saves it as an ordinary edit).
 */
export function HistoryPanel({ orgId, kind, id, canWrite, fieldLabel, valueLabel = (_f, v) => String(v) }: {
  orgId: string;
  kind: HistoryKind;
  id: string;
  canWrite: boolean;
  fieldLabel: (field: string) => string;
  valueLabel?: (field: string, value: unknown) => string;
}) {
  const { t } = useTranslation('history');
  const pages = useHistoryPages(orgId, kind, id);
  const restore = useRestoreValue(orgId, kind, id, t('restored'));
  if (pages.isLoading) return <LoadingState />;
  if (pages.isError) return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />;
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];
  if (entries.length === 0) return <EmptyState description={t('empty')} />;

  const item = (entry: HistoryEntry) => ({
    key: entry.id,
    children: (
      <div className="page-stack" data-testid="history-entry">
        <Typography.Text>
          <strong>{entry.actor?.name ?? t(`sources.${entry.source}`)}</strong> {t(`actions.${entry.action}`)}{' '}
          <Tag>{t(`sources.${entry.source}`)}</Tag>
          <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
        </Typography.Text>
        {entry.changes.map((change) => (
          <div key={change.field} className="history-change">
            <Typography.Text>
              {t('change', { field: fieldLabel(change.field), from: shown(change.from, valueLabel, change.field), to: shown(change.to, valueLabel, change.field) })}
            </Typography.Text>
            {canWrite && change.restorable ? (
              <Popconfirm
                title={t('restoreConfirm', { field: fieldLabel(change.field), value: shown(change.from, valueLabel, change.field) })}
                okText={t('restore')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => restore.mutateAsync({ entryId: entry.id, field: change.field })}
              >
                <Button size="small" icon={<RollbackOutlined aria-hidden="true" />}>
                  {t('restore')}
                </Button>
              </Popconfirm>
            ) : null}
          </div>
        ))}
      </div>
    ),
  });

  return (
    <div className="page-stack">
      <Timeline items={entries.map(item)} />
      {pages.hasNextPage ? (
        <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}
