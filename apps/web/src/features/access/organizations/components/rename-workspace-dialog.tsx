import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { storeCurrentOrganization, getSession } from '../../../../shared/session.ts';
import { useRenameOrganization } from '../organizations.api.ts';

export function RenameWorkspaceDialog({
  open,
  orgId,
  currentName,
  onClose,
}: {
  open: boolean;
  orgId: string;
  currentName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<{ workspaceName: string }>();
  const rename = useRenameOrganization(t('notices.renamed'));
  useEffect(() => {
    if (open) form.setFieldsValue({ workspaceName: currentName });
  }, [open, currentName, form]);
  return (
    <Modal
      open={open}
      title={t('renameTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={rename.isPending}
      destroyOnHidden
      forceRender
    >
      <Form
        form={form}
        name="rename-workspace"
        layout="vertical"
        requiredMark={false}
        onFinish={({ workspaceName }) =>
          rename.mutate(
            { orgId, workspaceName: workspaceName.trim() },
            {
              onSuccess: () => {
                if (getSession().profile?.orgId === orgId) storeCurrentOrganization(orgId, workspaceName.trim());
                form.resetFields();
                onClose();
              },
            },
          )
        }
      >
        <Form.Item name="workspaceName" label={t('form.workspaceName')} rules={[requiredRule(t)]}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
