import '../notifications.css';
import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useNotifications, useReadNotifications } from '../notifications.api.ts';

/** The header's bell: the member's latest notifications (new LINE messages, conversations assigned to them). */
export function NotificationBell({ orgId }: { orgId: string }) {
  const { t } = useTranslation('notifications');
  const list = useNotifications(orgId);
  const read = useReadNotifications(orgId);
  const [open, setOpen] = useState(false);
  const unread = list.data?.unread ?? 0;
  const close = () => setOpen(false);
  const content = (
    <div className="notifications">
      <div className="notifications__head">
        <Typography.Text strong>{t('title')}</Typography.Text>
        {unread > 0 ? (
          <Button type="link" size="small" onClick={() => void read.mutateAsync().catch(() => undefined)}>
            {t('readAll')}
          </Button>
        ) : null}
      </div>
      {(list.data?.items.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <List
          size="small"
          dataSource={list.data?.items ?? []}
          renderItem={(item) => (
            <List.Item className={item.read ? 'notification' : 'notification notification--unread'}>
              <Link to={item.link.startsWith('/') ? item.link : `/${orgId}/${item.link}`} onClick={close} className="notification__link">
                <span className="notification__title">{t(`kinds.${item.kind}`, { name: item.title })}</span>
                {item.body ? <span className="notification__body">{item.body}</span> : null}
                <span className="notification__when">{formatDateTime(item.createdAt)}</span>
              </Link>
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false} rootClassName="notifications-popover">
      {/* The badge sits beside the button, not in it: the count is in the button's name (axe: label-content-name-mismatch). */}
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <button type="button" className="app-header__icon-link notification-bell" aria-label={t('open', { count: unread })} data-testid="notification-bell">
          <BellOutlined aria-hidden="true" className="notification-bell__icon" />
        </button>
      </Badge>
    </Popover>
  );
}
