import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailSecurities, type MailboxConnectBody, type MailboxTest } from '@lodestar/contract';
import { useConnectMailbox, useTestMailbox } from '../mailboxes.api.ts';

type Values = Omit<MailboxConnectBody, 'excluded'> & { excluded?: string[] };

const initialValues: Partial<Values> = { imapPort: 993, imapSecurity: 'tls', smtpPort: 465, smtpSecurity: 'tls', backfillDays: 90, includeCompanyDomains: false, excluded: [] };

/** Each side of "Test connection" in plain words. */
function TestResult({ result }: { result: MailboxTest }) {
  const { t } = useTranslation('mailboxes');
  const line = (side: 'imap' | 'smtp') => {
    const check = result[side];
    return check.ok ? t('test.ok', { side: t(`test.${side}`) }) : t('test.failed', { side: t(`test.${side}`), problem: t(`problem.${check.problem ?? 'unknown'}`) });
  };
  const ok = result.imap.ok && result.smtp.ok;
  return <Alert type={ok ? 'success' : 'error'} showIcon title={ok ? t('test.allOk') : t('test.someFailed')} description={<div>{line('imap')}<br />{line('smtp')}</div>} />;
}

/** Connect an IMAP + SMTP mailbox: the server settings, an app password, what to store; "Test connection" first. */
export function ConnectForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const { t } = useTranslation('mailboxes');
  const [form] = Form.useForm<Values>();
  const test = useTestMailbox(orgId);
  const connect = useConnectMailbox(orgId, t('connected'));
  const [result, setResult] = useState<MailboxTest | null>(null);
  const security = mailSecurities.map((value) => ({ value, label: t(`security.${value}`) }));
  const runTest = async () => {
    const values = await form.validateFields(['imapHost', 'imapPort', 'imapSecurity', 'smtpHost', 'smtpPort', 'smtpSecurity', 'username', 'password']);
    setResult(await test.mutateAsync(values));
  };
  const submit = async (values: Values) => {
    await connect.mutateAsync({ ...values, excluded: values.excluded ?? [] });
    onDone();
  };
  return (
    <Card title={<Typography.Title level={2} className="side-title">{t('connect.title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('connect.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item name="email" label={t('fields.email')} rules={[{ required: true, type: 'email', message: t('fields.emailInvalid') }]}>
          <Input autoComplete="email" placeholder="you@company.com.tw" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="imapHost" label={t('fields.imapHost')} rules={[{ required: true, message: t('fields.required') }]}>
              <Input placeholder="imap.company.com.tw" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="imapPort" label={t('fields.port')} rules={[{ required: true, message: t('fields.required') }]}>
              <InputNumber min={1} max={65535} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="imapSecurity" label={t('fields.security')}>
              <Select options={security} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="smtpHost" label={t('fields.smtpHost')} rules={[{ required: true, message: t('fields.required') }]}>
              <Input placeholder="smtp.company.com.tw" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="smtpPort" label={t('fields.port')} rules={[{ required: true, message: t('fields.required') }]}>
              <InputNumber min={1} max={65535} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="smtpSecurity" label={t('fields.security')}>
              <Select options={security} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('fields.username')} rules={[{ required: true, message: t('fields.required') }]}>
              <Input autoComplete="username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('fields.password')} extra={t('fields.passwordHelp')} rules={[{ required: true, message: t('fields.required') }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="backfillDays" label={t('fields.backfillDays')} extra={t('fields.backfillHelp')}>
          <InputNumber min={1} max={365} />
        </Form.Item>
        <Form.Item name="includeCompanyDomains" label={t('fields.includeCompanyDomains')} extra={t('fields.includeCompanyDomainsHelp')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="excluded" label={t('fields.excluded')} extra={t('fields.excludedHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
        {result ? <TestResult result={result} /> : null}
        <Space wrap className="mailbox-form__actions">
          <Button onClick={() => void runTest()} loading={test.isPending}>
            {t('test.run')}
          </Button>
          <Button type="primary" htmlType="submit" loading={connect.isPending}>
            {t('connect.submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
