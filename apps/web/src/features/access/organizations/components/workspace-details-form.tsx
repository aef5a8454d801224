import { useEffect } from 'react';
import { Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { commonTimeZones, industries, type Industry, type Organization, type OrganizationUpdateBody } from '@lodestar/contract';
import { requiredRule } from '../../../../shared/ui/validation.ts';

export interface WorkspaceDetailsValues {
  name: string;
  industry: Industry | null;
  otherIndustry: string | null;
  timeZone?: string;
}

/** "Other" is the only industry that takes free text. */
export function toWorkspaceUpdateBody(values: WorkspaceDetailsValues): OrganizationUpdateBody {
  return {
    name: values.name.trim(),
    industry: values.industry ?? null,
    otherIndustry: values.industry === 'other' ? values.otherIndustry?.trim() || null : null,
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
  };
}

/** The common zones first, then every zone the browser knows (any IANA name is accepted by the server). */
function timeZoneOptions() {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set<string>([...commonTimeZones, ...all])].map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Loads the organization into the form whenever it changes. */
export function useWorkspaceDetailsForm(form: FormInstance<WorkspaceDetailsValues>, organization: Organization | null | undefined) {
  useEffect(() => {
    if (organization) {
      form.setFieldsValue({ name: organization.name, industry: organization.industry, otherIndustry: organization.otherIndustry, timeZone: organization.timeZone });
    }
  }, [organization, form]);
}

/** Name, industry (16 options) and, for "other", a free-text industry: the fields of an antd Form. */
export function WorkspaceDetailsFields({ form }: { form: FormInstance<WorkspaceDetailsValues> }) {
  const { t } = useTranslation('organizations');
  const industry = Form.useWatch('industry', form);
  return (
    <>
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
      <Form.Item name="timeZone" label={t('form.timeZone')} extra={t('form.timeZoneHint')}>
        <Select showSearch virtual={false} data-testid="workspace-time-zone" options={timeZoneOptions()} />
      </Form.Item>
    </>
  );
}
