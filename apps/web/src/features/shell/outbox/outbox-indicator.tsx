import { useEffect, useState, useSyncExternalStore } from 'react';
import { Badge, Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { discardEntry, flushOutbox, retryEntry, startOutbox } from '../../../shared/outbox/outbox.ts';
import { useOutboxEntries, type OutboxEntry } from '../../../shared/outbox/outbox-store.ts';
import './outbox.css';

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * The header's "waiting to send" (docs/product.md#offline-outbox): the count of writes kept on this device, and their
 * list — a refused one says why and can be sent again or discarded. Shown while the outbox holds anything or the
 * device is offline; it also starts the outbox's sending (shared/outbox/outbox.ts).
 */
export function OutboxIndicator() {
  const { t } = useTranslation('outbox');
  const queryClient = useQueryClient();
  const entries = useOutboxEntries();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  useEffect(() => startOutbox(() => void queryClient.invalidateQueries()), [queryClient]);
  const failed = entries.filter((entry) => entry.state === 'failed').length;
  if (entries.length === 0 && online) return null;
  const label = entries.length === 0 ? t('offline') : failed > 0 ? t('buttonFailed', { count: entries.length, failed }) : t('button', { count: entries.length });
  return (
    <>
      <Badge count={entries.length} size="small" color={failed > 0 ? '#cf1322' : '#d46b08'} offset={[-4, 4]}>
        <Button type="text" className="outbox-button" aria-label={label} onClick={() => setOpen(true)} data-testid="outbox-indicator">
          <CloudUploadOutlined aria-hidden="true" />
          <span className="outbox-button__text">{entries.length === 0 ? t('offlineShort') : t('waiting')}</span>
        </Button>
      </Badge>
      <Drawer title={t('title')} open={open} onClose={() => setOpen(false)} size={420} className="outbox-drawer">
        <Typography.Paragraph type="secondary">{online ? t('onlineHint') : t('offlineHint')}</Typography.Paragraph>
        {entries.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <List
            dataSource={entries}
            rowKey={(entry) => String(entry.id)}
            renderItem={(entry) => <OutboxRow entry={entry} />}
            data-testid="outbox-list"
          />
        )}
        {entries.some((entry) => entry.state === 'waiting') ? (
          <Button type="primary" block disabled={!online} onClick={() => void flushOutbox()}>
            {t('sendNow')}
          </Button>
        ) : null}
      </Drawer>
    </>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useTranslation('outbox');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(entry.createdAt));
  return (
    <List.Item className="outbox-row">
      <div className="outbox-row__main">
        <Space size={6} wrap>
          <Tag>{t(`kinds.${entry.kind}`)}</Tag>
          {entry.state === 'failed' ? <Tag color="error">{t('notSaved')}</Tag> : <Tag color="warning">{t('waiting')}</Tag>}
          <Typography.Text type="secondary">{time}</Typography.Text>
        </Space>
        <Typography.Text className="outbox-row__label">{entry.label}</Typography.Text>
        {entry.error ? (
          <Typography.Text type="danger" role="alert">
            {entry.error}
          </Typography.Text>
        ) : null}
        {entry.state === 'failed' ? (
          <Space>
            <Button size="small" onClick={() => void retryEntry(entry)}>
              {t('retry')}
            </Button>
            <Button size="small" danger onClick={() => void discardEntry(entry)}>
              {t('discard')}
            </Button>
          </Space>
        ) : null}
      </div>
    </List.Item>
  );
}
