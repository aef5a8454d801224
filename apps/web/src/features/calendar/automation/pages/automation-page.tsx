import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Switch, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { daysFromTo, followUpDate, followUpDelays, type AutomationSetting } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { todayIso } from '../../../../shared/format/dates.ts';
import { useAutomationSetting, useSaveAutomationSetting } from '../automation.api.ts';

/**
 * /{orgId}/settings/automation: when a deal is closed won, a follow-up schedule for its owner after the delay
 * chosen (docs/product.md#limits), linked to the deal, its client and company; one per deal.
 */
export function AutomationPage() {
  const { t } = useTranslation('automation');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const setting = useAutomationSetting(orgId);
  const save = useSaveAutomationSetting(orgId, t('saved'));
  const [form] = Form.useForm<AutomationSetting>();
  const values = Form.useWatch([], form) as AutomationSetting | undefined;

  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);

  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (!setting.data) return <LoadingState />;

  const today = todayIso();
  const example =
    values?.followUpDelay && (values.followUpDelay !== 'custom' || values.customDays)
      ? followUpDate(today, { followUpDelay: values.followUpDelay, customDays: values.customDays ?? null })
      : null;

  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form<AutomationSetting>
        form={form}
        layout="vertical"
        initialValues={setting.data}
        onFinish={(body) => void save.mutateAsync({ ...body, customDays: body.followUpDelay === 'custom' ? (body.customDays ?? null) : null })}
        className="automation-form"
      >
        <Form.Item name="followUpEnabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="followUpDelay" label={t('delay')} rules={[{ required: true, message: t('required') }]}>
          <Radio.Group>
            <Space direction="vertical">
              {followUpDelays.map((delay) => (
                <Radio key={delay} value={delay}>
                  {t(`delays.${delay}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {values?.followUpDelay === 'custom' ? (
          <Form.Item name="customDays" label={t('customDays')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={1} max={3650} precision={0} addonAfter={t('days')} />
          </Form.Item>
        ) : null}
        <Form.Item name="titlePrefix" label={t('titlePrefix')} extra={t('titleExample', { title: `${values?.titlePrefix ?? ''}: ${t('dealName')}` })} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        {example ? <Alert type="info" showIcon className="automation-example" style={{ marginBottom: 16 }} message={t('example', { closed: today, followUp: example, days: daysFromTo(today, example) })} /> : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
