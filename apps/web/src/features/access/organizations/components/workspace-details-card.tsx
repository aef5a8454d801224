import { Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganization, useUpdateOrganization } from '../organizations.api.ts';
import {
  WorkspaceDetailsFields,
  toWorkspaceUpdateBody,
  useWorkspaceDetailsForm,
  type WorkspaceDetailsValues,
} from './workspace-details-form.tsx';

/** The workspace details form on the settings workspace page. */
export function WorkspaceDetailsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<WorkspaceDetailsValues>();
  const organization = useOrganization(orgId);
  const update = useUpdateOrganization(t('notices.updated'));
  useWorkspaceDetailsForm(form, organization.data);
  return (
    <Card title={<Typography.Title level={2} className="card-title">{t('detailsTitle')}</Typography.Title>}>
      <Form<WorkspaceDetailsValues>
        form={form}
        name="workspace-settings"
        layout="vertical"
        requiredMark={false}
        className="narrow-form"
        onFinish={(values) => update.mutate({ orgId, body: toWorkspaceUpdateBody(values) })}
      >
        <WorkspaceDetailsFields form={form} />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
