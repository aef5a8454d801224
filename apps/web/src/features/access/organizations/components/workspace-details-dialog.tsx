import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@lodestar/contract';
import { useUpdateOrganization } from '../organizations.api.ts';
import {
  WorkspaceDetailsFields,
  toWorkspaceUpdateBody,
  useWorkspaceDetailsForm,
  type WorkspaceDetailsValues,
} from './workspace-details-form.tsx';

/** The workspace details form in a dialog (from the workspaces list). */
export function WorkspaceDetailsDialog({ organization, onClose }: { organization: Organization | null; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<WorkspaceDetailsValues>();
  const update = useUpdateOrganization(t('notices.updated'));
  useWorkspaceDetailsForm(form, organization);
  return (
    <Modal
      open={Boolean(organization)}
      title={t('detailsTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<WorkspaceDetailsValues>
        form={form}
        name="workspace-details"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          if (!organization) return;
          update.mutate(
            { orgId: organization.orgId, body: toWorkspaceUpdateBody(values) },
            {
              onSuccess: () => {
                form.resetFields();
                onClose();
              },
            },
          );
        }}
      >
        <WorkspaceDetailsFields form={form} />
      </Form>
    </Modal>
  );
}
