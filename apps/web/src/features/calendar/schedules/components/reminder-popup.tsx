import { useEffect, useState } from 'react';
import { Button, List, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reminder } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { calendarPath } from '../calendar-route.ts';
import { scheduleKeys } from '../../query-keys.ts';
import { fetchDueReminders } from '../schedules.api.ts';

/** How often the popup asks for reminders whose time has come (the product rules give no number; a reminder is at most this late). */
export const reminderPollMs = 30_000;

/** The reminders to show: new ones join those still on screen, once each (by key). */
export function mergeReminders(shown: readonly Reminder[], incoming: readonly Reminder[]): Reminder[] {
  const keys = new Set(shown.map((reminder) => reminder.key));
  return [...shown, ...incoming.filter((reminder) => !keys.has(reminder.key))];
}

/** Where a reminder leads: the schedule's day in the calendar, or the client, company or deal whose date field it is. */
export function reminderLink(orgId: string, reminder: Pick<Reminder, 'type' | 'sourceId' | 'date'>): string {
  switch (reminder.type) {
    case 'schedule':
      return calendarPath(orgId, { view: 'day', date: reminder.date });
    case 'contact':
      return `/${orgId}/contact/detail/${reminder.sourceId}`;
    case 'company':
      return `/${orgId}/company/detail/${reminder.sourceId}`;
    case 'deal':
      return `/${orgId}/deal/detail/${reminder.sourceId}`;
  }
}

function remaining(t: (key: string, values?: Record<string, unknown>) => string, seconds: number): string {
  if (seconds <= 0) return t('reminder.started');
  if (seconds < 3600) return t('reminder.inMinutes', { count: Math.ceil(seconds / 60) });
  if (seconds < 86_400) return t('reminder.inHours', { count: Math.round(seconds / 3600) });
  return t('reminder.inDays', { count: Math.round(seconds / 86_400) });
}

/**
 * The "work reminder" popup (docs/product.md#screens, #states): polls the reminder call; the server answers each reminder
 * once and records it, so a reminder shows once, also across page reloads.
 */
export function ReminderPopup({ orgId }: { orgId: string }) {
  const { t } = useTranslation('schedules');
  const { can } = usePermissions(orgId);
  const enabled = can('calendar', 'view');
  const due = useQuery({
    queryKey: scheduleKeys.reminders(orgId),
    queryFn: () => fetchDueReminders(orgId),
    enabled,
    refetchInterval: reminderPollMs,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
  const [shown, setShown] = useState<Reminder[]>([]);
  const incoming = due.data?.items;
  useEffect(() => {
    if (incoming?.length) setShown((current) => mergeReminders(current, incoming));
  }, [incoming]);

  const close = () => setShown([]);
  return (
    <Modal
      title={t('reminder.title')}
      open={shown.length > 0}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('reminder.dismiss')}
        </Button>
      }
      width={420}
    >
      <List
        dataSource={shown}
        renderItem={(reminder) => (
          <List.Item key={reminder.key} className="reminder-item">
            <List.Item.Meta
              title={
                <Link to={reminderLink(orgId, reminder)} onClick={close}>
                  {reminder.title}
                </Link>
              }
              description={
                <>
                  <div>
                    {reminder.date} {reminder.dayStr}
                    {reminder.startTime ? ` ${reminder.startTime}${reminder.endTime ? `–${reminder.endTime}` : ''}` : ` ${t('allDay')}`}
                  </div>
                  <Typography.Text type="secondary">{remaining(t, reminder.reminderRemainTime)}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
