import { Button, List, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DuplicateKind } from '@lodestar/contract';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { useMergeHistory, useUndoMerge } from '../duplicates.api.ts';

/** The kind's recent merges, each with Undo while its 30 days last. */
export function MergeHistory({ orgId, kind }: { orgId: string; kind: DuplicateKind }) {
  const { t } = useTranslation('duplicates');
  const history = useMergeHistory(orgId, kind);
  const undo = useUndoMerge(orgId, t('notices.undone'));
  const items = history.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="merge-history" aria-labelledby="merge-history-title">
      <Typography.Title level={2} id="merge-history-title" className="section-title">
        {t('history.title')}
      </Typography.Title>
      <List
        dataSource={items}
        renderItem={(item) => {
          const open = !item.undoneAt && new Date(item.undoUntil).getTime() > Date.now();
          return (
            <List.Item
              actions={
                open
                  ? [
                      <Button key="undo" icon={<UndoOutlined aria-hidden="true" />} loading={undo.isPending && undo.variables === item.id} onClick={() => void undo.mutateAsync(item.id)}>
                        {t('history.undo')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={t('history.line', { survivor: item.survivor.name, merged: item.merged.map((m) => m.name).join('、') })}
                description={[
                  formatDateTime(item.createdAt),
                  item.mergedByName,
                  item.undoneAt ? t('history.undoneAt', { date: formatDateTime(item.undoneAt) }) : t('history.undoUntil', { date: formatDate(item.undoUntil) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          );
        }}
      />
    </section>
  );
}
