import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultBookingTime, type AdditionalGroup, type BookingCategory, type BookingService, type BookingTime } from '@lodestar/contract';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useSaveService } from '../booking.api.ts';
import { AdditionalGroupsField } from './additional-groups-field.tsx';
import { DurationFields, PricingFields, pricingOf, pricingValuesOf, type PricingValues } from './pricing-fields.tsx';

interface ServiceValues extends PricingValues {
  title: string;
  category: string | null;
  time: BookingTime;
  isOpen: boolean;
  groupIds: string[];
}

/** Create and edit service drawer (600 wide): category, time, price, additional groups, public toggle. */
export function ServiceDrawer({
  orgId,
  open,
  service,
  categories,
  groups,
  onClose,
}: {
  orgId: string;
  open: boolean;
  service: BookingService | null;
  categories: BookingCategory[];
  groups: AdditionalGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const [form] = Form.useForm<ServiceValues>();
  const save = useSaveService(orgId, service ? t('notices.updated') : t('notices.created'));
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      title: service?.title ?? '',
      category: service?.categoryId ?? null,
      time: service ? { hour: service.hour, minute: service.minute === 30 ? 30 : 0 } : defaultBookingTime,
      isOpen: service?.isOpen ?? true,
      groupIds: service?.additionalGroups ?? [],
      ...pricingValuesOf(service),
    });
  }, [open, service, form]);
  const submit = async (values: ServiceValues) => {
    try {
      await save.mutateAsync({
        id: service?.id,
        body: {
          title: values.title.trim(),
          category: values.category ?? null,
          time: values.time,
          isOpen: values.isOpen,
          ...pricingOf(values),
          additional: (values.groupIds ?? []).map((groupId) => ({ groupId, serviceIds: groups.find((group) => group.id === groupId)?.items.map((item) => item.id) ?? [] })),
        },
      });
      form.resetFields();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <FormDrawer title={service ? t('service.edit') : t('service.create')} open={open} size={600} form={form} saving={save.isPending} onSubmit={submit} onClose={onClose}>
      <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(t)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="category" label={t('fields.category')}>
        <Select allowClear placeholder={t('category.none')} options={categories.map((category) => ({ value: category.id, label: category.title }))} />
      </Form.Item>
      <DurationFields label={t('fields.time')} />
      <PricingFields />
      <Form.Item name="groupIds" label={t('fields.additionalGroups')}>
        <AdditionalGroupsField orgId={orgId} groups={groups} />
      </Form.Item>
      <Form.Item name="isOpen" label={t('fields.isOpen')} valuePropName="checked" extra={t('service.isOpenHint')}>
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
