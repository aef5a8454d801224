import { Alert, Badge, Button, Card, Checkbox, Descriptions, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { calendarSyncTypes, type CalendarProvider, type CalendarSyncAccount, type ProviderCalendar } from '@lodestar/contract';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';

export interface ProviderCardProps {
  provider: CalendarProvider;
  configured: boolean;
  account: CalendarSyncAccount | null;
  calendars: ProviderCalendar[] | undefined;
  calendarsLoading: boolean;
  busy: { connect: boolean; sync: boolean };
  onConnect: () => void;
  onChooseCalendars: (calendarIds: string[]) => void;
  onSyncType: (syncType: CalendarSyncAccount['syncType']) => void;
  onSyncNow: () => void;
  onDisconnect: () => Promise<unknown>;
}

const statusColor = { idle: 'success', syncing: 'processing', error: 'error' } as const;

/** One provider: connect, or the connected account with its calendars, sync type, status and disconnect. */
export function ProviderCard(props: ProviderCardProps) {
  const { t } = useTranslation('calendar-sync');
  const confirmDelete = useConfirmDelete();
  const { provider, account } = props;
  const name = t(`providers.${provider}`);
  const headingId = `calendar-sync-${provider}`;
  return (
    <Card className="calendar-sync-card" title={<Typography.Title level={2} className="card-title" id={headingId}>{name}</Typography.Title>}>
      <section aria-labelledby={headingId}>
        {!props.configured ? (
          <Alert type="info" showIcon title={t('notConfigured', { name })} />
        ) : !account ? (
          <Space orientation="vertical">
            <Typography.Paragraph type="secondary">{t('connectIntro', { name })}</Typography.Paragraph>
            <Button type="primary" onClick={props.onConnect} loading={props.busy.connect}>
              {t('connect', { name })}
            </Button>
          </Space>
        ) : (
          <Space orientation="vertical" size="middle" className="calendar-sync-account">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('account')}>
                <Space size="small" wrap>
                  {account.displayName ? <span>{account.displayName}</span> : null}
                  {account.email ? <Typography.Text type="secondary">{account.email}</Typography.Text> : null}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('status.label')}>
                <Badge status={statusColor[account.status]} text={t(`status.${account.status}`)} className="calendar-sync-status" />
                {account.pendingChanges > 0 ? <Typography.Text type="secondary">{t('pending', { count: account.pendingChanges })}</Typography.Text> : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('lastSynced')}>
                {account.lastSyncedAt ? formatDateTime(account.lastSyncedAt) : t('never')}
              </Descriptions.Item>
            </Descriptions>
            {account.lastError ? <Alert type="error" showIcon title={t('lastError')} description={account.lastError} /> : null}
            <div>
              <Typography.Text strong id={`${headingId}-calendars`}>
                {t('calendars')}
              </Typography.Text>
              <Typography.Paragraph type="secondary" className="calendar-sync-hint">
                {t('calendarsHint')}
              </Typography.Paragraph>
              {props.calendarsLoading ? (
                <Typography.Text type="secondary">{t('loadingCalendars')}</Typography.Text>
              ) : (
                <Checkbox.Group
                  aria-labelledby={`${headingId}-calendars`}
                  value={account.calendarIds}
                  options={(props.calendars ?? []).map((calendar) => ({
                    value: calendar.id,
                    label: calendar.primary ? `${calendar.name} (${t('primary')})` : calendar.name,
                  }))}
                  onChange={(values) => props.onChooseCalendars(values as string[])}
                />
              )}
            </div>
            <div className="calendar-sync-field">
              <label htmlFor={`${headingId}-sync-type`}>{t('syncType.label')}</label>
              <Select
                id={`${headingId}-sync-type`}
                value={account.syncType}
                onChange={props.onSyncType}
                options={calendarSyncTypes.map((value) => ({ value, label: t(`syncType.${value}`) }))}
                className="calendar-sync-select"
              />
            </div>
            <Typography.Paragraph type="secondary">{t('privacy')}</Typography.Paragraph>
            <Space wrap>
              <Button onClick={props.onSyncNow} loading={props.busy.sync || account.status === 'syncing'}>
                {account.status === 'syncing' ? t('syncing') : t('syncNow')}
              </Button>
              <Button
                danger
                onClick={() => confirmDelete({ title: t('disconnectTitle', { name }), content: t('disconnectBody'), okText: t('disconnect'), onOk: props.onDisconnect })}
              >
                {t('disconnect')}
              </Button>
            </Space>
          </Space>
        )}
      </section>
    </Card>
  );
}
