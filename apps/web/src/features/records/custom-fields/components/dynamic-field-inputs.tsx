import { Form, Input, Select, Space } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldEntity } from '@lodestar/contract';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { useCustomFields } from '../custom-fields.api.ts';

function FieldInput({ field }: { field: CustomField }) {
  const { t } = useTranslation('custom-fields');
  const name = ['dynamicFields', field.id];
  const required: FormRule[] = field.required ? [{ required: true, whitespace: true, message: t('common:validation.required') }] : [];
  switch (field.inputType) {
    case 'textArea':
      return (
        <Form.Item name={name} label={field.title} rules={required}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} />
        </Form.Item>
      );
    case 'options':
      return (
        <Form.Item name={name} label={field.title} rules={required}>
          <Select allowClear options={field.options.map((option) => ({ value: option.value, label: option.label }))} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item name={name} label={field.title} rules={[...required, ...dateRules(t)]} validateTrigger="onBlur">
          <DateMaskInput />
        </Form.Item>
      );
    case 'notification':
      return (
        <Form.Item label={field.title} required={field.required}>
          <Space.Compact block>
            <Form.Item name={[...name, 'date']} noStyle rules={[...(field.required ? [{ required: true, message: t('common:validation.required') }] : []), ...dateRules(t)]}>
              <DateMaskInput aria-label={t('notificationDate', { title: field.title })} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name={[...name, 'dateTime']} noStyle rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('timeFormat') }]}>
              <Input aria-label={t('notificationTime', { title: field.title })} placeholder="HH:MM" maxLength={5} style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name={[...name, 'value']} noStyle>
              <Input aria-label={t('notificationText', { title: field.title })} placeholder={t('notificationPlaceholder')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={name} label={field.title} rules={required}>
          <Input maxLength={10_000} />
        </Form.Item>
      );
  }
}

/**
 * The workspace's custom fields of an entity, as form items under `dynamicFields.<id>`, with required rules.
 * `requiredOnly`: just the required ones — the quick-create dialogs show them so a save can succeed there.
 */
export function DynamicFieldInputs({ orgId, entity, requiredOnly = false }: { orgId: string; entity: CustomFieldEntity; requiredOnly?: boolean }) {
  const fields = useCustomFields(orgId, entity);
  const shown = (fields.data ?? []).filter((field) => !requiredOnly || field.required);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((field) => (
        <FieldInput key={field.id} field={field} />
      ))}
    </>
  );
}
