import { useMemo, useState } from 'react';
import { Alert, Button, Card, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { trashRetentionDays, type TrashItem, type TrashType } from '@lodestar/contract';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useDeleteForever, useEmptyTrash, useRestore, useTrash } from '../trash.api.ts';

const keyOf = (item: Pick<TrashItem, 'type' | 'id'>) => `${item.type}:${item.id}`;

/** /{orgId}/trash: deleted contacts and companies; restore, delete forever, empty; purged after 30 days. */
export function TrashPage() {
  const { t } = useTranslation('trash');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const confirmDelete = useConfirmDelete();
  const [type, setType] = useState<TrashType | 'all'>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const trash = useTrash(orgId, type);
  const restore = useRestore(orgId, t('notices.restored'));
  const deleteForever = useDeleteForever(orgId, t('notices.deleted'));
  const empty = useEmptyTrash(orgId, t('notices.emptied'));
  const rows = useMemo(() => trash.data?.pages.flatMap((page) => page.items) ?? [], [trash.data]);
  const selectedItems = rows.filter((row) => selected.includes(keyOf(row))).map(({ type: itemType, id }) => ({ type: itemType, id }));

  const confirmForever = (items: { type: TrashType; id: string }[]) =>
    confirmDelete({
      title: t('deleteForeverTitle', { count: items.length }),
      content: t('deleteForeverText'),
      okText: t('deleteForever'),
      onOk: async () => {
        await deleteForever.mutateAsync({ items });
        setSelected([]);
      },
    });

  const columns: TableColumnsType<TrashItem> = [
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    { key: 'type', title: t('columns.type'), width: 110, render: (_value, row) => <Tag>{t(`types.${row.type}`)}</Tag> },
    { key: 'deletedAt', title: t('columns.deletedAt'), width: 170, render: (_value, row) => formatDateTime(row.deletedAt) },
    { key: 'purgeAt', title: t('columns.purgeAt'), width: 150, render: (_value, row) => formatDate(row.purgeAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 220,
      render: (_value, row) => (
        <Space size={4}>
          <Button size="small" icon={<UndoOutlined aria-hidden="true" />} onClick={() => void restore.mutateAsync({ items: [{ type: row.type, id: row.id }] })} aria-label={t('restoreOne', { name: row.name })}>
            {t('restore')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmForever([{ type: row.type, id: row.id }])} aria-label={t('deleteForeverOne', { name: row.name })}>
            {t('deleteForever')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
      extra={
        <Button
          danger
          disabled={rows.length === 0}
          onClick={() =>
            confirmDelete({
              title: t('emptyTitle'),
              content: t('emptyText'),
              okText: t('emptyTrash'),
              onOk: () => empty.mutateAsync(undefined),
            })
          }
        >
          {t('emptyTrash')}
        </Button>
      }
    >
      <Alert type="info" showIcon className="trash-note" title={t('retention', { days: trashRetentionDays })} />
      <Space className="list-toolbar" wrap>
        <Segmented
          aria-label={t('filterLabel')}
          value={type}
          onChange={(value) => {
            setType(value as TrashType | 'all');
            setSelected([]);
          }}
          options={[
            { value: 'all', label: t('types.all') },
            { value: 'contact', label: t('types.contact') },
            { value: 'company', label: t('types.company') },
          ]}
        />
        {selected.length > 0 ? (
          <>
            <Button icon={<UndoOutlined aria-hidden="true" />} onClick={async () => { await restore.mutateAsync({ items: selectedItems }); setSelected([]); }}>
              {t('restoreSelected', { count: selected.length })}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmForever(selectedItems)}>
              {t('deleteSelected', { count: selected.length })}
            </Button>
          </>
        ) : null}
      </Space>
      {trash.isError ? (
        <ErrorState error={trash.error} onRetry={() => void trash.refetch()} />
      ) : (
        <Table<TrashItem>
          rowKey={keyOf}
          size="middle"
          pagination={false}
          loading={trash.isLoading}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 800 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        />
      )}
      {trash.hasNextPage ? (
        <Space className="load-more">
          <Button loading={trash.isFetchingNextPage} onClick={() => void trash.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
