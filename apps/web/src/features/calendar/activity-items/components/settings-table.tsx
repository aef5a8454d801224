import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Form, Modal, Space, Table, Typography, type FormInstance, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/query-state.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';

interface Row {
  id: string;
  name: string;
}

export interface SettingsTableProps<R extends Row, Values> {
  /** i18n prefix holding title, hint, create, edit, empty, deleteTitle, deleteText. */
  texts: 'items' | 'profiles';
  /** The list query (answers `{ items }`). */
  list: { data?: { items: R[] }; isLoading: boolean; error: unknown; refetch: () => unknown };
  columns: TableColumnsType<R>;
  toValues: (row: R | null) => Values;
  onSave: (id: string | undefined, values: Values) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  saving: boolean;
  fields: (form: FormInstance<Values>) => ReactNode;
}

/** One settings screen shape for activity items and profiles: a table with edit/delete, and a create/edit dialog. */
export function SettingsTable<R extends Row, Values extends object>(props: SettingsTableProps<R, Values>) {
  const { t } = useTranslation('activity-items');
  const title = t(`${props.texts}.title`);
  usePageTitle(title);
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<R | null>(null);
  const [open, setOpen] = useState(false);
  const { toValues } = props;

  useEffect(() => {
    if (open) form.setFieldsValue(toValues(editing) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, editing, form, toValues]);

  const close = () => {
    setOpen(false);
    setEditing(null);
  };
  const dialogTitle = t(editing ? `${props.texts}.edit` : `${props.texts}.create`);
  const columns: TableColumnsType<R> = [
    ...props.columns,
    {
      key: 'actions',
      title: t('actions'),
      width: 110,
      render: (_value, row) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden="true" />}
            aria-label={t('editOne', { name: row.name })}
            onClick={() => {
              setEditing(row);
              setOpen(true);
            }}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={t('deleteOne', { name: row.name })}
            onClick={() => confirmDelete({ title: t(`${props.texts}.deleteTitle`, { name: row.name }), content: t(`${props.texts}.deleteText`), onOk: () => props.onDelete(row.id) })}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
            {t(`${props.texts}.create`)}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t(`${props.texts}.hint`)}</Typography.Paragraph>
        {props.list.error ? (
          <ErrorState error={props.list.error} onRetry={() => void props.list.refetch()} />
        ) : (
          <Table<R>
            rowKey="id"
            size="middle"
            pagination={false}
            loading={props.list.isLoading}
            columns={columns}
            dataSource={props.list.data?.items ?? []}
            locale={{ emptyText: <EmptyState description={t(`${props.texts}.empty`)} /> }}
          />
        )}
      </Card>
      <Modal
        title={dialogTitle}
        open={open}
        onCancel={close}
        onOk={() => form.submit()}
        okText={t('common:actions.submit')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={props.saving}
        destroyOnHidden
        forceRender
      >
        <Form<Values>
          form={form}
          layout="vertical"
          name={`activity-${props.texts}`}
          aria-label={dialogTitle}
          onFinish={async (values) => {
            try {
              await props.onSave(editing?.id, values);
              close();
            } catch (error) {
              showServerFieldErrors(form, error);
            }
          }}
        >
          {props.fields(form)}
        </Form>
      </Modal>
    </>
  );
}
