import { useState } from 'react';
import { Button, Form, Input, List, Modal, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LostReason } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useDeleteLostReason, useLostReasons, useSaveLostReason } from '../lost-reasons.api.ts';

function RenameDialog({ orgId, reason, onClose }: { orgId: string; reason: LostReason | null; onClose: () => void }) {
  const { t } = useTranslation('deals');
  const [form] = Form.useForm<{ label: string }>();
  const save = useSaveLostReason(orgId, t('notices.saved'));
  const submit = async () => {
    const { label } = await form.validateFields();
    try {
      await save.mutateAsync({ id: reason?.id, label: label.trim() });
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal open={reason !== null} title={t('lostReasons.rename', { name: reason?.label ?? '' })} onCancel={onClose} onOk={submit} okButtonProps={{ loading: save.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ label: reason?.label ?? '' }} onFinish={submit}>
        <Form.Item name="label" label={t('lostReasons.label')} rules={[requiredRule(t)]}>
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Settings → Lost reasons: the short list the close-as-lost dialog offers; add, rename, delete (deals keep their note). */
export function LostReasonsEditor({ orgId }: { orgId: string }) {
  const { t } = useTranslation('deals');
  const reasons = useLostReasons(orgId);
  const [form] = Form.useForm<{ label: string }>();
  const save = useSaveLostReason(orgId, t('notices.saved'));
  const remove = useDeleteLostReason(orgId, t('notices.deleted'));
  const confirmDelete = useConfirmDelete();
  const [renaming, setRenaming] = useState<LostReason | null>(null);
  const add = async ({ label }: { label: string }) => {
    try {
      await save.mutateAsync({ label: label.trim() });
      form.resetFields();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  if (reasons.isLoading) return <LoadingState />;
  if (reasons.isError) return <ErrorState error={reasons.error} onRetry={() => void reasons.refetch()} />;
  const items = reasons.data?.items ?? [];
  return (
    <>
      {items.length === 0 ? (
        <EmptyState description={t('lostReasons.empty')} />
      ) : (
        <List
          className="lost-reasons-list"
          bordered
          dataSource={items}
          renderItem={(reason) => (
            <List.Item
              key={reason.id}
              actions={[
                <Button key="edit" type="text" icon={<EditOutlined aria-hidden="true" />} aria-label={t('lostReasons.rename', { name: reason.label })} onClick={() => setRenaming(reason)} />,
                <Button
                  key="delete"
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={t('lostReasons.delete', { name: reason.label })}
                  onClick={() => confirmDelete({ title: t('lostReasons.delete', { name: reason.label }), content: t('lostReasons.deleteText'), onOk: () => remove.mutateAsync(reason.id) })}
                />,
              ]}
            >
              {reason.label}
            </List.Item>
          )}
        />
      )}
      <Form form={form} layout="inline" className="lost-reasons-add" onFinish={add}>
        <Form.Item name="label" label={t('lostReasons.newLabel')} rules={[requiredRule(t)]} validateTrigger="onSubmit">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button htmlType="submit" icon={<PlusOutlined aria-hidden="true" />} loading={save.isPending}>
              {t('lostReasons.add')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <RenameDialog orgId={orgId} reason={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
