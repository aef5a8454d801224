import { Button, Card, Input, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';

export interface FeedCardProps {
  url: string | null | undefined;
  busy: boolean;
  onRegenerate: () => void;
  onRevoke: () => Promise<unknown>;
}

/** The private ICS feed: its secret URL with copy, a new link (the old one stops) and revoke. */
export function FeedCard({ url, busy, onRegenerate, onRevoke }: FeedCardProps) {
  const { t } = useTranslation('calendar-sync');
  const { message } = feedback;
  const confirmDelete = useConfirmDelete();
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    void message.success(t('feed.copied'));
  };
  return (
    <Card className="calendar-sync-card" title={<Typography.Title level={2} className="card-title" id="calendar-feed">{t('feed.title')}</Typography.Title>}>
      <section aria-labelledby="calendar-feed">
        <Typography.Paragraph type="secondary">{t('feed.intro')}</Typography.Paragraph>
        {url ? (
          <Space orientation="vertical" className="calendar-sync-account">
            <label htmlFor="calendar-feed-url">{t('feed.url')}</label>
            <Space.Compact className="calendar-feed-url">
              <Input id="calendar-feed-url" readOnly value={url} onFocus={(event) => event.target.select()} />
              <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
                {t('feed.copy')}
              </Button>
            </Space.Compact>
            <Typography.Paragraph type="secondary">{t('feed.secret')}</Typography.Paragraph>
            <Space wrap>
              <Button onClick={onRegenerate} loading={busy}>
                {t('feed.regenerate')}
              </Button>
              <Button danger onClick={() => confirmDelete({ title: t('feed.revokeTitle'), content: t('feed.revokeBody'), okText: t('feed.revoke'), onOk: onRevoke })}>
                {t('feed.revoke')}
              </Button>
            </Space>
          </Space>
        ) : (
          <Button type="primary" onClick={onRegenerate} loading={busy}>
            {t('feed.create')}
          </Button>
        )}
      </section>
    </Card>
  );
}
