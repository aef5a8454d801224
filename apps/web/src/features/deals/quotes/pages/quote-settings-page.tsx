import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { quoteNumber, quoteSettingsBodySchema, type QuoteSettings } from '@lodestar/contract';
import { useOrganization } from '../../../access/organizations/index.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { contractRule, requiredRule } from '../../../../shared/ui/validation.ts';
import { QuoteLogoField } from '../components/quote-logo-field.tsx';
import { useQuoteSettings, useSaveQuoteSettings } from '../quotes.api.ts';

type Values = Omit<QuoteSettings, 'sellerName' | 'sellerTaxId' | 'sellerAddress' | 'sellerPhone' | 'sellerEmail' | 'defaultTerms'> &
  Record<'sellerName' | 'sellerTaxId' | 'sellerAddress' | 'sellerPhone' | 'sellerEmail' | 'defaultTerms', string>;

const optional = (value: string) => value.trim() || null;

/**
 * settings/quotes: what every quote of the workspace says about the seller (the letterhead of the PDF and the public
 * page), its number's prefix, the default terms and validity, and whether an accepted quote closes its deal as won.
 */
export function QuoteSettingsPage() {
  const { t } = useTranslation('quotes');
  const title = t('settings.title');
  usePageTitle(title);
  const { orgId = '' } = useParams();
  const organization = useOrganization(orgId);
  const settings = useQuoteSettings(orgId);
  const save = useSaveQuoteSettings(orgId, t('settings.saved'));
  const [form] = Form.useForm<Values>();
  const prefix = (Form.useWatch('prefix', form) as string | undefined) ?? settings.data?.prefix ?? '';
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    form.setFieldsValue({
      ...s,
      sellerName: s.sellerName ?? '',
      sellerTaxId: s.sellerTaxId ?? '',
      sellerAddress: s.sellerAddress ?? '',
      sellerPhone: s.sellerPhone ?? '',
      sellerEmail: s.sellerEmail ?? '',
      defaultTerms: s.defaultTerms ?? '',
    });
  }, [settings.data, form]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        prefix: values.prefix.trim(),
        sellerName: optional(values.sellerName),
        sellerTaxId: optional(values.sellerTaxId),
        sellerAddress: optional(values.sellerAddress),
        sellerPhone: optional(values.sellerPhone),
        sellerEmail: optional(values.sellerEmail),
        defaultTerms: optional(values.defaultTerms),
        validDays: values.validDays,
        markDealWon: values.markDealWon,
      });
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  const shape = quoteSettingsBodySchema.shape;
  return (
    <Card title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      {settings.isLoading ? <LoadingState /> : null}
      {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} className="settings-form">
          <Typography.Title level={2} className="settings-form__section">
            {t('settings.letterhead')}
          </Typography.Title>
          <QuoteLogoField orgId={orgId} logoUrl={settings.data.logoUrl} />
          <Form.Item name="sellerName" label={t('settings.sellerName')} extra={t('settings.sellerNameHint', { name: organization.data?.name ?? '' })}>
            <Input maxLength={200} autoComplete="organization" />
          </Form.Item>
          <Form.Item name="sellerTaxId" label={t('settings.sellerTaxId')} rules={[contractRule(shape.sellerTaxId)]} validateTrigger="onBlur">
            <Input maxLength={8} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="sellerAddress" label={t('settings.sellerAddress')}>
            <Input maxLength={300} autoComplete="street-address" />
          </Form.Item>
          <Form.Item name="sellerPhone" label={t('settings.sellerPhone')}>
            <Input maxLength={50} inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="sellerEmail" label={t('settings.sellerEmail')} rules={[contractRule(shape.sellerEmail)]} validateTrigger="onBlur">
            <Input maxLength={254} inputMode="email" autoComplete="email" />
          </Form.Item>
          <Typography.Title level={2} className="settings-form__section">
            {t('settings.defaults')}
          </Typography.Title>
          <Form.Item
            name="prefix"
            label={t('settings.prefix')}
            extra={t('settings.prefixHint', { example: quoteNumber(prefix.trim() || 'Q', 42) })}
            rules={[requiredRule(t), contractRule(shape.prefix)]}
          >
            <Input maxLength={12} autoComplete="off" />
          </Form.Item>
          <Form.Item name="validDays" label={t('settings.validDays')} rules={[{ required: true, message: t('common:validation.required') }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="defaultTerms" label={t('settings.defaultTerms')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
          <Form.Item name="markDealWon" label={t('settings.markDealWon')} valuePropName="checked" extra={t('settings.markDealWonHint')}>
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
