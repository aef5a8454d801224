import '../line.css';
import { Avatar, Button, Card, List, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useLineChannel } from '../line.api.ts';

/** /{orgId}/settings/channel: the messaging channels a workspace can connect (LINE today). */
export function ChannelSettingsPage() {
  const { t } = useTranslation('line');
  usePageTitle(t('channels.title'));
  const { orgId = '' } = useParams();
  const channel = useLineChannel(orgId);
  if (channel.isError) return <ErrorState error={channel.error} onRetry={() => void channel.refetch()} />;
  if (!channel.data) return <LoadingState />;
  const { connected, completedSteps, botName } = channel.data;
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('channels.title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('channels.hint')}</Typography.Paragraph>
      <List
        itemLayout="horizontal"
        dataSource={[channel.data]}
        renderItem={() => (
          <List.Item
            actions={[
              <Link key="open" to={`/${orgId}/settings/channel/line`}>
                <Button type={connected ? 'default' : 'primary'}>{connected ? t('channels.manage') : t('channels.setUp')}</Button>
              </Link>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar className="line-avatar" shape="square">LINE</Avatar>}
              title={t('channels.line')}
              description={
                connected ? (
                  <Tag color="green">{t('channels.connectedTo', { name: botName ?? '' })}</Tag>
                ) : completedSteps > 0 ? (
                  <Tag color="gold">{t('channels.inProgress', { step: completedSteps + 1 })}</Tag>
                ) : (
                  <Tag>{t('channels.notConnected')}</Tag>
                )
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
