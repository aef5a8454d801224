import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { industries, type Industry, type Organization } from '@lodestar/contract';
import { requiredRule } from '../../../shared/ui/validation.ts';
import { useUpdateOrganization } from '../organizations.api.ts';

interface DetailsValues {
  name: string;
  industry: Industry | null;
  otherIndustry: string | null;
}

/** Name, industry (16 options) and, for "other", a free-text industry. */
export function WorkspaceDetailsDialog({ organization, onClose }: { organization: Organization | null; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<DetailsValues>();
  const update = useUpdateOrganization(t('notices.updated'));
  const industry = Form.useWatch('industry', form);
  useEffect(() => {
    if (organization) {
      form.setFieldsValue({ name: organization.name, industry: organization.industry, otherIndustry: organization.otherIndustry });
    }
  }, [organization, form]);
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
      <Form<DetailsValues>
        form={form}
        name="workspace-details"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          if (!organization) return;
          update.mutate(
            {
              orgId: organization.orgId,
              body: {
                name: values.name.trim(),
                industry: values.industry ?? null,
                otherIndustry: values.industry === 'other' ? (values.otherIndustry?.trim() || null) : null,
              },
            },
            {
              onSuccess: () => {
                form.resetFields();
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item name="name" label={t('form.workspaceName')} rules={[requiredRule(t)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="industry" label={t('form.industry')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            virtual={false}
            placeholder={t('form.industryPlaceholder')}
            options={industries.map((value) => ({ value, label: t(`common:industries.${value}`) }))}
          />
        </Form.Item>
        {industry === 'other' ? (
          <Form.Item name="otherIndustry" label={t('form.otherIndustry')} rules={[requiredRule(t)]}>
            <Input maxLength={100} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
