import { useEffect } from 'react';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdditionalItem, BookingTime } from '@lodestar/contract';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useSaveItem } from '../booking.api.ts';
import { DurationFields, PricingFields, pricingOf, pricingValuesOf, type PricingValues } from './pricing-fields.tsx';

interface ItemValues extends PricingValues {
  title: string;
  time: BookingTime;
  isOpen: boolean;
  fixed: boolean;
}

/** Create and edit additional service item drawer (500 wide): time, price, fixed (drag-lock). */
export function ItemDrawer({ orgId, open, groupId, groupTitle, item, onClose }: { orgId: string; open: boolean; groupId: string; groupTitle: string; item: AdditionalItem | null; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const [form] = Form.useForm<ItemValues>();
  const save = useSaveItem(orgId, item ? t('notices.updated') : t('notices.created'));
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      title: item?.title ?? '',
      time: item ? { hour: item.hour, minute: item.minute === 30 ? 30 : 0 } : { hour: 0, minute: 0 },
      isOpen: item?.isOpen ?? true,
      fixed: item?.fixed ?? false,
      ...pricingValuesOf(item),
    });
  }, [open, item, form]);
  const submit = async (values: ItemValues) => {
    try {
      await save.mutateAsync({ id: item?.id, groupId, body: { title: values.title.trim(), time: values.time, isOpen: values.isOpen, fixed: values.fixed, ...pricingOf(values) } });
      form.resetFields();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <FormDrawer
      title={item ? t('item.edit', { group: groupTitle }) : t('item.create', { group: groupTitle })}
      open={open}
      size={500}
      form={form}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('fields.itemTitle')} rules={[requiredRule(t)]}>
        <Input maxLength={100} />
      </Form.Item>
      <DurationFields label={t('fields.itemTime')} />
      <PricingFields />
      <Form.Item name="fixed" label={t('fields.fixed')} valuePropName="checked" extra={t('item.fixedHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="isOpen" label={t('fields.isOpen')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
