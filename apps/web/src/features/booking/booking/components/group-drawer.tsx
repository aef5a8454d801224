import { useEffect } from 'react';
import { Checkbox, Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdditionalGroup, BookingService, SelectionType } from '@lodestar/contract';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useSaveGroup } from '../booking.api.ts';

interface GroupValues {
  title: string;
  selectionType: SelectionType;
  isRequired: boolean;
  isOpen: boolean;
  description: string;
  serviceIds: string[];
}

/**
 * Create and edit additional service group drawer (500 wide): single or multiple choice, required, the
 * services it is offered with. `services` null: opened from a service drawer, which attaches the group
 * itself, so the "offered with" list is not shown.
 */
export function GroupDrawer({
  orgId,
  open,
  group,
  services,
  onSaved,
  onClose,
}: {
  orgId: string;
  open: boolean;
  group: AdditionalGroup | null;
  services: BookingService[] | null;
  onSaved?: (group: { id: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const [form] = Form.useForm<GroupValues>();
  const save = useSaveGroup(orgId, group ? t('notices.updated') : t('notices.created'));
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      title: group?.title ?? '',
      selectionType: group?.selectionType ?? 'single',
      isRequired: group?.isRequired ?? false,
      isOpen: group?.isOpen ?? true,
      description: group?.description ?? '',
      serviceIds: group?.services.map((service) => service.id) ?? [],
    });
  }, [open, group, form]);
  const submit = async (values: GroupValues) => {
    try {
      const saved = await save.mutateAsync({
        id: group?.id,
        body: {
          title: values.title.trim(),
          selectionType: values.selectionType,
          isRequired: values.isRequired,
          isOpen: values.isOpen,
          description: values.description?.trim() || null,
          serviceIds: values.serviceIds ?? [],
        },
      });
      form.resetFields();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // docs/product.md#errors: no message for a failed group save; field errors still show on the form.
      showServerFieldErrors(form, error);
    }
  };
  return (
    <FormDrawer title={group ? t('group.edit') : t('group.create')} open={open} size={500} form={form} saving={save.isPending} onSubmit={submit} onClose={onClose}>
      <Form.Item name="title" label={t('fields.groupTitle')} rules={[requiredRule(t)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="selectionType" label={t('fields.selectionType')}>
        <Radio.Group optionType="button" options={[{ value: 'single', label: t('selectionTypes.single') }, { value: 'multiple', label: t('selectionTypes.multiple') }]} />
      </Form.Item>
      <Form.Item name="isRequired" label={t('fields.isRequired')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      {services ? (
        <Form.Item name="serviceIds" label={t('fields.groupServices')} extra={services.length === 0 ? t('service.noneYet') : undefined}>
          <Checkbox.Group className="checkbox-column" options={services.map((service) => ({ value: service.id, label: service.title }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="isOpen" label={t('fields.isOpen')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
