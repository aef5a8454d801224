import '../line.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Result, Space, Steps, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useDisconnectLine, useLineChannel } from '../line.api.ts';
import { SetupStep } from '../components/setup-step.tsx';

const stepKeys = ['account', 'messagingApi', 'credentials', 'webhook', 'switches', 'testMessage'] as const;

/**
 * /{orgId}/settings/channel/line: the six-step connection (docs/product.md#line-channel). Every step is checked by
 * the server against LINE before the next opens; a done step can be opened again and redone.
 */
export function LineSetupPage() {
  const { t } = useTranslation('line');
  usePageTitle(t('setup.title'));
  const { orgId = '' } = useParams();
  const [viewed, setViewed] = useState<number | null>(null);
  const channel = useLineChannel(orgId);
  const disconnect = useDisconnectLine(orgId, t('setup.disconnected'));
  const completed = channel.data?.completedSteps ?? 0;
  // After a step passes, show the next one.
  useEffect(() => {
    setViewed(null);
  }, [completed]);

  if (channel.isError) return <ErrorState error={channel.error} onRetry={() => void channel.refetch()} />;
  if (!channel.data) return <LoadingState />;
  const data = channel.data;
  const current = viewed ?? Math.min(completed, 5);

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('setup.title')}</Typography.Title>}
      extra={
        completed > 0 ? (
          <Popconfirm title={t('setup.disconnectConfirm')} okText={t('setup.disconnect')} cancelText={t('cancel')} onConfirm={() => void disconnect.mutateAsync()}>
            <Button danger>{t('setup.disconnect')}</Button>
          </Popconfirm>
        ) : null
      }
    >
      {data.sandbox ? <Alert type="warning" showIcon className="line-sandbox" message={t('setup.sandbox')} style={{ marginBottom: 16 }} /> : null}
      {data.connected && viewed === null ? (
        <Result
          status="success"
          title={t('setup.connectedTitle', { name: data.botName ?? '' })}
          subTitle={data.basicId ? t('setup.connectedHint', { basicId: data.basicId }) : undefined}
          extra={
            <Space wrap>
              <Link to={`/${orgId}/social/line`}>
                <Button type="primary">{t('setup.openSocial')}</Button>
              </Link>
              <Link to={`/${orgId}/settings/channel/line/routing`}>
                <Button>{t('routing.title')}</Button>
              </Link>
              <Link to={`/${orgId}/settings/channel/line/rich-menu`}>
                <Button>{t('richMenu.title')}</Button>
              </Link>
              <Button onClick={() => setViewed(0)}>{t('setup.review')}</Button>
            </Space>
          }
        />
      ) : (
        <>
          <Steps
            className="line-steps"
            size="small"
            current={current}
            onChange={(step) => step <= completed && setViewed(step)}
            items={stepKeys.map((key, index) => ({
              title: t(`steps.${key}.title`),
              status: index < completed ? (index === current ? 'process' : 'finish') : index === current ? 'process' : 'wait',
              disabled: index > completed,
            }))}
          />
          <SetupStep orgId={orgId} step={(current + 1) as 1 | 2 | 3 | 4 | 5 | 6} channel={data} />
        </>
      )}
    </Card>
  );
}
