import { useState, type ReactNode } from 'react';
import { Button, Card, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import type { CustomField, CustomFieldEntity } from '@lodestar/contract';
import { EmptyState, ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useCustomFields, useDeleteCustomField, useSaveCustomField, useSortCustomFields } from '../custom-fields.api.ts';
import { CustomFieldDialog } from '../components/custom-field-dialog.tsx';

function move(ids: string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(index + by, 0, id!);
  return next;
}

/**
 * settings/columnContact and columnCompany: the custom field definitions (create, edit, delete, order).
 * settings/columnContactDisplay and columnCompanyDisplay (`display`): which fields show as list columns.
 * `children` follow the card (the deal page adds its built-in list columns there).
 */
export function CustomFieldsPage({ entity, display, children }: { entity: CustomFieldEntity; display: boolean; children?: ReactNode }) {
  const { t } = useTranslation('custom-fields');
  const title = t(display ? `titles.${entity}Display` : `titles.${entity}`);
  usePageTitle(title);
  const { orgId = '' } = useParams();
  const confirmDelete = useConfirmDelete();
  const fields = useCustomFields(orgId, entity);
  const sort = useSortCustomFields(orgId, entity, t('notices.sorted'));
  const remove = useDeleteCustomField(orgId, entity, t('notices.deleted'));
  const save = useSaveCustomField(orgId, entity, t('notices.updated'));
  const [editing, setEditing] = useState<CustomField | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = fields.data ?? [];
  const ids = rows.map((row) => row.id);

  const columns: TableColumnsType<CustomField> = [
    { key: 'title', dataIndex: 'title', title: t('fields.title') },
    { key: 'inputType', title: t('fields.inputType'), width: 150, render: (_v, row) => t(`inputTypes.${row.inputType}`) },
    ...(display
      ? [
          {
            key: 'isShow',
            title: t('fields.isShow'),
            width: 140,
            render: (_v: unknown, row: CustomField) => (
              <Switch
                checked={row.isShow}
                aria-label={t('showColumn', { title: row.title })}
                onChange={(isShow) =>
                  void save.mutateAsync({ id: row.id, body: { title: row.title, inputType: row.inputType, required: row.required, options: row.options, isShow } })
                }
              />
            ),
          },
        ]
      : [{ key: 'required', title: t('fields.required'), width: 110, render: (_v: unknown, row: CustomField) => (row.required ? <Tag color="blue">{t('requiredTag')}</Tag> : null) }]),
    {
      key: 'actions',
      title: t('columns.actions'),
      width: display ? 120 : 220,
      render: (_v, row, index) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden="true" />} disabled={index === 0} aria-label={t('moveUp', { title: row.title })} onClick={() => void sort.mutateAsync(move(ids, index, -1))} />
          <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden="true" />} disabled={index === rows.length - 1} aria-label={t('moveDown', { title: row.title })} onClick={() => void sort.mutateAsync(move(ids, index, 1))} />
          {display ? null : (
            <>
              <Button type="text" size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t('editOne', { title: row.title })} onClick={() => setEditing(row)} />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t('deleteOne', { title: row.title })}
                onClick={() =>
                  confirmDelete({
                    title: t('deleteTitle', { title: row.title }),
                    content: t('deleteText'),
                    onOk: () => remove.mutateAsync(row.id),
                  })
                }
              />
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}
        extra={
          display ? null : (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('createTitle')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t(display ? 'displayHint' : 'fieldsHint')}</Typography.Paragraph>
        {fields.isError ? (
          <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
        ) : (
          <Table<CustomField>
            rowKey="id"
            size="middle"
            pagination={false}
            loading={fields.isLoading}
            columns={columns}
            dataSource={rows}
            locale={{ emptyText: <EmptyState description={display ? t('emptyDisplay') : t('empty')} /> }}
          />
        )}
      </Card>
      {children}
      <CustomFieldDialog orgId={orgId} entity={entity} field={editing} open={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} />
    </>
  );
}
