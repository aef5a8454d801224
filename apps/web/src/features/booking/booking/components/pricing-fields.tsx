import { Form, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayType, PriceColumns, Pricing, PriceType } from '@lodestar/contract';
import { hourOptions, minuteOptions } from '../time-options.ts';

/** The form values of a price (all fields; only the chosen type's are sent). */
export interface PricingValues {
  payType: PayType;
  priceType: PriceType;
  price?: number | null;
  priceBase?: number | null;
  priceMin?: number | null;
  priceMax?: number | null;
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

export function pricingValuesOf(record: PriceColumns | null): PricingValues {
  if (!record) return { payType: 'free', priceType: 'PriceFixed' };
  return {
    payType: record.payType,
    priceType: record.priceType ?? 'PriceFixed',
    price: toNumber(record.price),
    priceBase: toNumber(record.priceBase),
    priceMin: toNumber(record.priceMin),
    priceMax: toNumber(record.priceMax),
  };
}

/** docs/product.md#validation: price fields are sent only for the chosen price type, and only when charged. */
export function pricingOf(values: PricingValues): Pricing {
  const money = (value: number | null | undefined) => String(value ?? 0);
  if (values.payType === 'free') return { payType: 'free' };
  switch (values.priceType) {
    case 'PriceFixed':
      return { payType: 'charge', priceType: 'PriceFixed', price: money(values.price) };
    case 'PriceBase':
      return { payType: 'charge', priceType: 'PriceBase', priceBase: money(values.priceBase) };
    case 'PriceRange':
      return { payType: 'charge', priceType: 'PriceRange', priceMin: money(values.priceMin), priceMax: money(values.priceMax) };
  }
}

/** Duration (hour 00–23, minute 00/30) as two selects under one label. */
export function DurationFields({ label }: { label: string }) {
  const { t } = useTranslation('booking');
  return (
    <Form.Item label={label} required>
      <Space wrap>
        <Form.Item name={['time', 'hour']} noStyle>
          <Select options={hourOptions} aria-label={t('fields.hours')} className="time-select" />
        </Form.Item>
        <span>{t('fields.hoursUnit')}</span>
        <Form.Item name={['time', 'minute']} noStyle>
          <Select options={minuteOptions} aria-label={t('fields.minutes')} className="time-select" />
        </Form.Item>
        <span>{t('fields.minutesUnit')}</span>
      </Space>
    </Form.Item>
  );
}

/** Free or charged; then fixed, "from" or range — only the chosen type's fields are shown. */
export function PricingFields() {
  const { t } = useTranslation('booking');
  const form = Form.useFormInstance();
  const payType = Form.useWatch('payType', form) as PayType | undefined;
  const priceType = Form.useWatch('priceType', form) as PriceType | undefined;
  const required = { required: true, message: t('common:validation.required') };
  const money = { min: 0, max: 999_999_999, precision: 2, prefix: '$', className: 'full-width' } as const;
  return (
    <>
      <Form.Item name="payType" label={t('fields.payType')}>
        <Radio.Group optionType="button" options={[{ value: 'free', label: t('payTypes.free') }, { value: 'charge', label: t('payTypes.charge') }]} />
      </Form.Item>
      {payType === 'charge' ? (
        <>
          <Form.Item name="priceType" label={t('fields.priceType')}>
            <Radio.Group
              options={[
                { value: 'PriceFixed', label: t('priceTypes.PriceFixed') },
                { value: 'PriceBase', label: t('priceTypes.PriceBase') },
                { value: 'PriceRange', label: t('priceTypes.PriceRange') },
              ]}
            />
          </Form.Item>
          {priceType === 'PriceFixed' ? (
            <Form.Item name="price" label={t('fields.price')} rules={[required]}>
              <InputNumber {...money} />
            </Form.Item>
          ) : null}
          {priceType === 'PriceBase' ? (
            <Form.Item name="priceBase" label={t('fields.priceBase')} rules={[required]}>
              <InputNumber {...money} suffix={t('price.upSuffix')} />
            </Form.Item>
          ) : null}
          {priceType === 'PriceRange' ? (
            <Space.Compact block className="price-range">
              <Form.Item name="priceMin" label={t('fields.priceMin')} rules={[required]} className="price-range__field">
                <InputNumber {...money} />
              </Form.Item>
              <Form.Item
                name="priceMax"
                label={t('fields.priceMax')}
                dependencies={['priceMin']}
                className="price-range__field"
                rules={[
                  required,
                  ({ getFieldValue }) => ({
                    validator: (_rule, value: number | null) =>
                      value === null || value === undefined || value >= (getFieldValue('priceMin') ?? 0) ? Promise.resolve() : Promise.reject(new Error(t('validation.priceRange'))),
                  }),
                ]}
              >
                <InputNumber {...money} />
              </Form.Item>
            </Space.Compact>
          ) : null}
        </>
      ) : null}
    </>
  );
}
