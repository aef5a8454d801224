import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreateRole, useRenameRole } from '../roles.api.ts';

/** Create a custom role, or rename one. */
export function RoleNameDialog({ orgId, open, renaming, onClose }: { orgId: string; open: boolean; renaming: Role | null; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateRole(orgId, t('notices.created'));
  const rename = useRenameRole(orgId, t('notices.renamed'));
  useEffect(() => {
    if (open) form.setFieldsValue({ name: renaming?.name ?? '' });
  }, [open, renaming, form]);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const onError = (error: unknown) => form.setFields(fieldErrorsOf(error) as never);
  return (
    <Modal
      open={open}
      title={renaming ? t('renameTitle') : t('createTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<{ name: string }>
        form={form}
        name="role-name"
        layout="vertical"
        requiredMark={false}
        onFinish={({ name }) => {
          const trimmed = name.trim();
          if (renaming && trimmed === renaming.name) close();
          else if (renaming) rename.mutate({ id: renaming.id, name: trimmed }, { onSuccess: close, onError });
          else create.mutate(trimmed, { onSuccess: close, onError });
        }}
      >
        <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t), { whitespace: true, message: t('common:validation.required') }]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
