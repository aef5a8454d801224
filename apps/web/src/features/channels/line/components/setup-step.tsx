import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LineChannel, LineCredentialsBody } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useConfirmLineStep, useSaveLineCredentials, useSetUpLineWebhook } from '../line.api.ts';

interface Props {
  orgId: string;
  step: 1 | 2 | 3 | 4 | 5 | 6;
  channel: LineChannel;
}

const stepKeys = ['account', 'messagingApi', 'credentials', 'webhook', 'switches', 'testMessage'] as const;

/** One step of the LINE wizard: what to do in LINE's consoles, and the check that moves on. */
export function SetupStep({ orgId, step, channel }: Props) {
  const { t } = useTranslation('line');
  const key = stepKeys[step - 1]!;
  const confirm = useConfirmLineStep(orgId, t('setup.stepDone'));
  const credentials = useSaveLineCredentials(orgId, t('setup.verified'));
  const webhook = useSetUpLineWebhook(orgId, t('setup.webhookOk'));
  // Each step's instructions are numbered lines (line1, line2, …) in the catalog.
  const instructions = Object.values(t(`steps.${key}.body`, { returnObjects: true }) as Record<string, string>);

  return (
    <section className="line-step" aria-labelledby="line-step-title">
      <Typography.Title level={2} id="line-step-title" className="line-step__title">
        {t('setup.stepOf', { step, total: 6 })} {t(`steps.${key}.title`)}
      </Typography.Title>
      <ol className="line-step__instructions">
        {instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      {step === 3 ? (
        <Form<LineCredentialsBody>
          layout="vertical"
          className="line-step__form"
          initialValues={{ channelId: channel.channelId ?? '' }}
          onFinish={(body) => void credentials.mutateAsync(body).catch(() => undefined)}
        >
          <Form.Item name="channelId" label={t('fields.channelId')} rules={[{ required: true, pattern: /^\d{10}$/, message: t('fields.channelIdRule') }]}>
            <Input inputMode="numeric" maxLength={10} autoComplete="off" />
          </Form.Item>
          <Form.Item name="channelSecret" label={t('fields.channelSecret')} rules={[{ required: true, pattern: /^[0-9a-fA-F]{32}$/, message: t('fields.channelSecretRule') }]}>
            <Input.Password maxLength={32} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={credentials.isPending}>
            {t('setup.verify')}
          </Button>
        </Form>
      ) : null}
      {step === 4 ? (
        <>
          <Typography.Paragraph>
            {t('setup.webhookUrl')} <Typography.Text code copyable>{channel.webhookUrl ?? ''}</Typography.Text>
          </Typography.Paragraph>
          {channel.webhookTestedAt ? <Alert type="success" showIcon message={t('setup.webhookTestedAt', { when: formatDateTime(channel.webhookTestedAt) })} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" loading={webhook.isPending} onClick={() => void webhook.mutateAsync(undefined).catch(() => undefined)}>
            {t('setup.setWebhook')}
          </Button>
        </>
      ) : null}
      {step === 6 && channel.basicId ? (
        <Typography.Paragraph>
          {t('setup.addFriend')} <Typography.Text strong copyable>{channel.basicId}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {step === 1 || step === 2 || step === 5 || step === 6 ? (
        <Button type="primary" loading={confirm.isPending} onClick={() => void confirm.mutateAsync(step).catch(() => undefined)}>
          {t(`steps.${key}.action`)}
        </Button>
      ) : null}
    </section>
  );
}
