import type { ReactElement } from 'react';
import { Form, Input, Select, Space } from 'antd';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldEntity } from '@lodestar/contract';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { useCustomFields } from '../custom-fields.api.ts';

/**
 * The rules and the control of a one-value custom field (not a notification, which has three parts): the form's
 * drawer and the detail pages' inline editing both use these, so both say the same thing about a bad value.
 */
export function customFieldEditor(field: CustomField, t: TFunction): { rules: FormRule[]; control: ReactElement<Record<string, unknown>> } | null {
  const required: FormRule[] = field.required ? [{ required: true, whitespace: true, message: t('common:validation.required') }] : [];
  switch (field.inputType) {
    case 'textArea':
      return { rules: required, control: <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} /> };
    case 'options':
      return { rules: required, control: <Select allowClear options={field.options.map((option) => ({ value: option.value, label: option.label }))} /> };
    case 'date':
      return { rules: [...required, ...dateRules(t)], control: <DateMaskInput /> };
    case 'notification':
      return null;
    default:
      return { rules: required, control: <Input maxLength={10_000} /> };
  }
}

function FieldInput({ field }: { field: CustomField }) {
  const { t } = useTranslation('custom-fields');
  const name = ['dynamicFields', field.id];
  const editor = customFieldEditor(field, t);
  if (editor) {
    return (
      <Form.Item name={name} label={field.title} rules={editor.rules} validateTrigger={field.inputType === 'date' ? 'onBlur' : undefined}>
        {editor.control}
      </Form.Item>
    );
  }
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
