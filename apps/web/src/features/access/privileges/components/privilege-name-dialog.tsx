import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrivilegeSummary } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreatePrivilege, useRenamePrivilege } from '../privileges.api.ts';
import { PrivilegeSelect, privilegeLabel } from './privilege-select.tsx';

interface NameValues {
  privilegeName: string;
  copyFromId: string | null;
}

/** Create (optionally copying another privilege's features) or rename. */
export function PrivilegeNameDialog({
  orgId,
  open,
  renaming,
  onClose,
  onCreated,
}: {
  orgId: string;
  open: boolean;
  renaming: Pick<PrivilegeSummary, 'id' | 'privilegeName' | 'isAdministrator' | 'isDefault'> | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('privileges');
  const [form] = Form.useForm<NameValues>();
  const create = useCreatePrivilege(orgId, t('notices.created'));
  const rename = useRenamePrivilege(orgId, t('notices.renamed'));
  // A built-in privilege shows its translated name; saving it unchanged keeps the stored key.
  const shownName = renaming ? privilegeLabel(t, renaming) : '';
  useEffect(() => {
    if (open) form.setFieldsValue({ privilegeName: shownName, copyFromId: null });
  }, [open, shownName, form]);
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
      <Form<NameValues>
        form={form}
        name="privilege-name"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          const privilegeName = values.privilegeName.trim();
          if (renaming && privilegeName === shownName) close();
          else if (renaming) rename.mutate({ id: renaming.id, privilegeName }, { onSuccess: close, onError });
          else
            create.mutate(
              { privilegeName, copyFromId: values.copyFromId ?? null },
              {
                onSuccess: (created) => {
                  close();
                  onCreated?.(created.id);
                },
                onError,
              },
            );
        }}
      >
        <Form.Item name="privilegeName" label={t('fields.name')} rules={[requiredRule(t)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        {renaming ? null : (
          <Form.Item name="copyFromId" label={t('fields.copyFrom')} extra={t('fields.copyFromHelp')}>
            <PrivilegeSelect orgId={orgId} placeholder={t('fields.copyNone')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
