import { Button, List, Modal, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reminder } from '@lodestar/contract';
import { calendarPath } from '../calendar-route.ts';

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

/** The reminders that came due (reminder-popup.tsx): loaded when the first one comes, not with every page. */
export function ReminderDialog({ orgId, reminders, open, onClose }: { orgId: string; reminders: Reminder[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('schedules');
  return (
    <Modal
      title={t('reminder.title')}
      open={open}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('reminder.dismiss')}
        </Button>
      }
      width={420}
    >
      <List
        dataSource={reminders}
        renderItem={(reminder) => (
          <List.Item key={reminder.key} className="reminder-item">
            <List.Item.Meta
              title={
                <Link to={reminderLink(orgId, reminder)} onClick={onClose}>
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
