import { Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganization, useUpdateOrganization } from '../organizations.api.ts';
import {
  WorkspaceDetailsFields,
  toWorkspaceUpdateBody,
  useWorkspaceDetailsForm,
  type WorkspaceDetailsValues,
} from './workspace-details-form.tsx';

/** The workspace details form on the settings workspace page and in the first-run guide (which moves on once saved). */
export function WorkspaceDetailsCard({ orgId, onSaved, submitLabel }: { orgId: string; onSaved?: () => void; submitLabel?: string }) {
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
        onFinish={(values) => update.mutate({ orgId, body: toWorkspaceUpdateBody(values) }, { onSuccess: () => onSaved?.() })}
      >
        <WorkspaceDetailsFields form={form} />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {submitLabel ?? t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
