import { useState } from 'react';
import { Button, Form, Input, List, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BookingCategory } from '@lodestar/contract';
import { EmptyState } from '../../../../shared/ui/query-state.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useDeleteCategory, useSaveCategory } from '../booking.api.ts';
import { RowActions } from './row-actions.tsx';

/** Service categories: add, rename, delete (its services become uncategorized). */
export function CategoryDialog({ orgId, open, categories, onClose }: { orgId: string; open: boolean; categories: BookingCategory[]; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const [form] = Form.useForm<{ title: string }>();
  const [editing, setEditing] = useState<BookingCategory | null>(null);
  const save = useSaveCategory(orgId, editing ? t('notices.updated') : t('notices.created'));
  const remove = useDeleteCategory(orgId, t('notices.deleted'));
  const confirmDelete = useConfirmDelete();
  const submit = async ({ title }: { title: string }) => {
    await save.mutateAsync({ id: editing?.id, title: title.trim() });
    setEditing(null);
    form.resetFields();
  };
  return (
    <Modal title={t('category.title')} open={open} onCancel={onClose} footer={<Button onClick={onClose}>{t('common:actions.close')}</Button>} destroyOnHidden>
      <Form form={form} layout="inline" onFinish={(values) => void submit(values).catch(() => undefined)} aria-label={t('category.title')} className="category-form">
        <Form.Item name="title" label={editing ? t('category.rename', { name: editing.title }) : t('category.new')} rules={[requiredRule(t)]} className="category-form__title">
          <Input maxLength={100} />
        </Form.Item>
        <Space>
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? t('common:actions.save') : t('category.add')}
          </Button>
        </Space>
      </Form>
      {categories.length === 0 ? (
        <EmptyState description={t('category.empty')} />
      ) : (
        <List
          className="category-list"
          dataSource={categories}
          renderItem={(category) => (
            <List.Item
              actions={[
                <RowActions
                  key="actions"
                  name={category.title}
                  onEdit={() => {
                    setEditing(category);
                    form.setFieldsValue({ title: category.title });
                  }}
                  onDelete={() => confirmDelete({ title: t('category.deleteTitle', { name: category.title }), content: t('category.deleteText'), onOk: () => remove.mutateAsync(category.id) })}
                />,
              ]}
            >
              {category.title}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
