import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { customFieldInputTypes, type CustomField, type CustomFieldEntity, type CustomFieldInputType } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useSaveCustomField } from '../custom-fields.api.ts';

interface FieldValues {
  title: string;
  inputType: CustomFieldInputType;
  required: boolean;
  isShow: boolean;
  options: { label: string }[];
}

/** Create or edit a custom field definition: title, type, required, dropdown options. */
export function CustomFieldDialog({ orgId, entity, field, open, onClose }: { orgId: string; entity: CustomFieldEntity; field: CustomField | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('custom-fields');
  const [form] = Form.useForm<FieldValues>();
  const save = useSaveCustomField(orgId, entity, field ? t('notices.updated') : t('notices.created'));
  const inputType = Form.useWatch('inputType', form);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      field
        ? { title: field.title, inputType: field.inputType, required: field.required, isShow: field.isShow, options: field.options.map((o) => ({ label: o.label })) }
        : { title: '', inputType: 'text', required: false, isShow: true, options: [{ label: '' }] },
    );
  }, [open, field, form]);
  const submit = async (values: FieldValues) => {
    const options = values.inputType === 'options'
      ? (values.options ?? []).map((o) => o.label.trim()).filter(Boolean).map((label) => ({ label, value: label }))
      : [];
    try {
      await save.mutateAsync({ id: field?.id, body: { title: values.title.trim(), inputType: values.inputType, required: values.required, isShow: values.isShow, options } });
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      title={field ? t('editTitle') : t('createTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="customField" layout="vertical" onFinish={submit} aria-label={field ? t('editTitle') : t('createTitle')}>
        <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(t)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="inputType" label={t('fields.inputType')}>
          <Select disabled={Boolean(field)} options={customFieldInputTypes.map((type) => ({ value: type, label: t(`inputTypes.${type}`) }))} />
        </Form.Item>
        {inputType === 'options' ? (
          <Form.Item label={t('fields.options')} required>
            <Form.List name="options">
              {(rows, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {rows.map((row, index) => (
                    <Space.Compact key={row.key} block>
                      <Form.Item name={[row.name, 'label']} noStyle rules={[requiredRule(t)]}>
                        <Input aria-label={t('optionNumber', { number: index + 1 })} maxLength={100} />
                      </Form.Item>
                      {rows.length > 1 ? (
                        <Button icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('removeOption', { number: index + 1 })} onClick={() => remove(row.name)} />
                      ) : null}
                    </Space.Compact>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ label: '' })}>
                    {t('addOption')}
                  </Button>
                </Space>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>{t('fields.required')}</Checkbox>
        </Form.Item>
        <Form.Item name="isShow" valuePropName="checked">
          <Checkbox>{t('fields.isShow')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
