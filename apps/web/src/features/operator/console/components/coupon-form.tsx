import { Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { couponPlans, type CouponCreate, type CouponKind } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { useCreateCoupon } from '../operator.api.ts';

interface CouponValues {
  code: string;
  kind: CouponKind;
  value: number;
  plans: CouponCreate['plans'];
  validFrom?: Dayjs | null;
  validThrough?: Dayjs | null;
  maxRedemptions?: number | null;
}

/** Calendar days are Taiwan days (docs/decisions/0010): from the start of the first to the end of the last. */
const taipeiMidnight = (day: Dayjs, addDays = 0) => `${day.add(addDays, 'day').format('YYYY-MM-DD')}T00:00:00+08:00`;

/** The operator's new coupon: code, percent / amount / free months, plans, validity and redemption limit. */
export function CouponFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<CouponValues>();
  const kind = Form.useWatch('kind', form) ?? 'percent';
  const create = useCreateCoupon(t('coupons.created'));
  const submit = async (values: CouponValues) => {
    await create.mutateAsync({
      code: values.code.trim().toUpperCase(),
      kind: values.kind,
      value: values.value,
      plans: values.plans ?? [],
      validFrom: values.validFrom ? taipeiMidnight(values.validFrom) : null,
      validUntil: values.validThrough ? taipeiMidnight(values.validThrough, 1) : null,
      maxRedemptions: values.maxRedemptions ?? null,
    });
    form.resetFields();
    onClose();
  };
  const required = { required: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={t('coupons.new')}
      okText={t('coupons.create')}
      cancelText={t('list.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CouponValues> form={form} layout="vertical" requiredMark={false} name="coupon" initialValues={{ kind: 'percent', plans: [] }} onFinish={(values) => void submit(values).catch(() => {})}>
        <Form.Item name="code" label={t('coupons.code')} extra={t('coupons.codeHint')} rules={[required, { pattern: /^[A-Za-z0-9_-]{3,40}$/, message: t('coupons.codeInvalid') }]}>
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('coupons.kind')}>
          <Radio.Group optionType="button" options={(['percent', 'amount', 'freeMonths'] as const).map((value) => ({ value, label: t(`coupons.kinds.${value}`) }))} />
        </Form.Item>
        <Form.Item name="value" label={t(`coupons.valueOf.${kind}`)} rules={[required, { type: 'number', min: 1, max: kind === 'percent' ? 100 : 1_000_000, message: t(`coupons.valueRange.${kind}`) }]}>
          <InputNumber min={1} max={kind === 'percent' ? 100 : undefined} precision={0} className="full-width" />
        </Form.Item>
        <Form.Item name="plans" label={t('coupons.plans')} extra={t('coupons.plansHint')}>
          <Checkbox.Group options={couponPlans.map((plan) => ({ value: plan, label: t(`subscription:plans.${plan}.name`) }))} />
        </Form.Item>
        <Form.Item name="validFrom" label={t('coupons.validFrom')}>
          <DatePicker className="full-width" />
        </Form.Item>
        <Form.Item
          name="validThrough"
          label={t('coupons.validThrough')}
          dependencies={['validFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null | undefined) => {
                const from = getFieldValue('validFrom') as Dayjs | null | undefined;
                return !value || !from || !value.isBefore(from, 'day') ? Promise.resolve() : Promise.reject(new Error(t('coupons.validThroughBeforeFrom')));
              },
            }),
          ]}
        >
          <DatePicker className="full-width" />
        </Form.Item>
        <Form.Item name="maxRedemptions" label={t('coupons.maxRedemptions')} extra={t('coupons.maxRedemptionsHint')}>
          <InputNumber min={1} precision={0} className="full-width" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
