import type { ActivityItem, ScheduleCreateInput } from '@lodestar/contract';
import type { ScheduleLinks } from '../../../shared/extension-points.tsx';
import { todayIso } from '../../../shared/format/dates.ts';

/**
 * A logged activity is a schedule completed now (docs/product.md#log-activity): it starts and ends at this minute,
 * carries the picked activity items, is linked to the page's client, company or deal, and is created completed, so
 * its items' points count in the activity report at once (the server's completion earns them).
 */
export function logActivityBody(input: { items: ActivityItem[]; note: string; links: ScheduleLinks; now: Date; separator: string }): ScheduleCreateInput {
  const { items, note, links, now } = input;
  const time = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
  const date = todayIso(now);
  const link = (record: ScheduleLinks['client']) => (record ? { id: record.id, name: record.name } : undefined);
  return {
    title: items
      .map((item) => item.name)
      .join(input.separator)
      .slice(0, 200),
    startDate: date,
    startDateTime: time,
    endDate: date,
    endDateTime: time,
    activity: items.map((item) => item.id),
    complete: true,
    taskNote: note.trim() || undefined,
    client: link(links.client),
    company: link(links.company),
    deal: links.deal?.id,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

export function pointsOf(items: ActivityItem[]): number {
  return items.reduce((sum, item) => sum + item.point, 0);
}
