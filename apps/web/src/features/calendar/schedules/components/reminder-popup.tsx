import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Reminder } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';
import { scheduleKeys } from '../../query-keys.ts';
import { fetchDueReminders } from '../schedules.api.ts';

const ReminderDialog = lazyDialog(() => import('./reminder-dialog.tsx').then((m) => m.ReminderDialog));

/** How often the popup asks for reminders whose time has come (the product rules give no number; a reminder is at most this late). */
export const reminderPollMs = 30_000;

/** The reminders to show: new ones join those still on screen, once each (by key). */
export function mergeReminders(shown: readonly Reminder[], incoming: readonly Reminder[]): Reminder[] {
  const keys = new Set(shown.map((reminder) => reminder.key));
  return [...shown, ...incoming.filter((reminder) => !keys.has(reminder.key))];
}

/**
 * The "work reminder" popup (docs/product.md#screens, #states): polls the reminder call; the server answers each reminder
 * once and records it, so a reminder shows once, also across page reloads.
 */
export function ReminderPopup({ orgId }: { orgId: string }) {
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
  return <ReminderDialog orgId={orgId} reminders={shown} open={shown.length > 0} onClose={close} />;
}
