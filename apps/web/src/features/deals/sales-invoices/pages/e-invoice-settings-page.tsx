import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SalesInvoiceMode } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useEInvoiceSettings, useSaveEInvoiceSettings, useTestEInvoiceConnection } from '../sales-invoices.api.ts';

interface Values {
  mode: SalesInvoiceMode;
  merchantId: string;
  hashKey: string;
  hashIv: string;
}

const key16 = (message: string) => ({ pattern: /^.{16}$/, message });

/**
 * settings/eInvoice: how the workspace's own e-invoices are issued — test mode (zero setup, local test numbers,
 * labelled on every invoice) or its own ECPay merchant. The keys are stored encrypted and never shown again; a
 * blank key field keeps the stored one. "Test connection" tries the stored credentials.
 */
export function EInvoiceSettingsPage() {
  const { t } = useTranslation('sales-invoices');
  const title = t('settings.title');
  usePageTitle(title);
  const { orgId = '' } = useParams();
  const settings = useEInvoiceSettings(orgId);
  const save = useSaveEInvoiceSettings(orgId, t('settings.saved'));
  const test = useTestEInvoiceConnection(orgId);
  const [form] = Form.useForm<Values>();
  const mode = (Form.useWatch('mode', form) as SalesInvoiceMode | undefined) ?? settings.data?.mode ?? 'test';
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ mode: settings.data.mode, merchantId: settings.data.merchantId ?? '', hashKey: '', hashIv: '' });
  }, [settings.data, form]);

  const submit = async (values: Values) => {
    try {
      if (values.mode === 'test') await save.mutateAsync({ mode: 'test' });
      else await save.mutateAsync({ mode: 'ecpay', merchantId: values.merchantId.trim(), hashKey: values.hashKey.trim() || undefined, hashIv: values.hashIv.trim() || undefined });
      form.setFieldsValue({ hashKey: '', hashIv: '' });
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  const hasKeys = settings.data?.hasKeys ?? false;
  const keyRules = (stored: boolean) => [...(stored ? [] : [{ required: true, message: t('common:validation.required') }]), key16(t('settings.keyLength'))];
  return (
    <Card title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      {settings.isLoading ? <LoadingState /> : null}
      {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} className="settings-form" data-testid="e-invoice-settings">
          <Form.Item name="mode" label={t('settings.mode')}>
            <Radio.Group className="settings-form__choices">
              <Space direction="vertical" size={0}>
                <Radio value="test">{t('settings.modes.test')}</Radio>
                <Radio value="ecpay">{t('settings.modes.ecpay')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {mode === 'test' ? (
            <Alert type="warning" showIcon message={t('settings.testModeTitle')} description={t('settings.testModeBody')} className="settings-form__notice" data-testid="e-invoice-test-mode" />
          ) : (
            <>
              <Form.Item name="merchantId" label={t('settings.merchantId')} extra={t('settings.merchantIdHint')} rules={[{ required: true, message: t('common:validation.required') }, { pattern: /^\d{7,10}$/, message: t('settings.merchantIdFormat') }]}>
                <Input inputMode="numeric" maxLength={10} autoComplete="off" />
              </Form.Item>
              <Form.Item name="hashKey" label="HashKey" extra={hasKeys ? t('settings.keyStored') : t('settings.keyHint')} rules={keyRules(hasKeys)}>
                <Input.Password maxLength={16} autoComplete="new-password" placeholder={hasKeys ? '••••••••••••••••' : ''} />
              </Form.Item>
              <Form.Item name="hashIv" label="HashIV" extra={hasKeys ? t('settings.keyStored') : t('settings.keyHint')} rules={keyRules(hasKeys)}>
                <Input.Password maxLength={16} autoComplete="new-password" placeholder={hasKeys ? '••••••••••••••••' : ''} />
              </Form.Item>
            </>
          )}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
            {settings.data.mode === 'ecpay' && mode === 'ecpay' ? (
              <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="e-invoice-test">
                {t('settings.test')}
              </Button>
            ) : null}
          </Space>
          {test.data ? (
            <Alert
              className="settings-form__notice"
              type={test.data.ok ? 'success' : 'error'}
              showIcon
              message={test.data.ok ? t('settings.testOk') : t('settings.testFailed')}
              description={test.data.message ?? undefined}
              data-testid="e-invoice-test-result"
            />
          ) : settings.data.mode === 'ecpay' ? (
            <Typography.Paragraph type="secondary" className="settings-form__notice">
              {settings.data.checkedAt ? t('settings.checkedAt', { when: formatDateTime(settings.data.checkedAt) }) : t('settings.notChecked')}
            </Typography.Paragraph>
          ) : null}
        </Form>
      ) : null}
    </Card>
  );
}
