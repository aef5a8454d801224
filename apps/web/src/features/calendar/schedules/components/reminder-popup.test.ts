import { describe, expect, it } from 'vitest';
import type { Reminder } from '@lodestar/contract';
import { reminderLink } from './reminder-dialog.tsx';
import { mergeReminders } from './reminder-popup.tsx';

const reminder = (key: string): Reminder => ({
  key,
  type: 'schedule',
  sourceId: 's1',
  occurrenceDate: '2026-11-23',
  title: key,
  date: '2026-11-23',
  dayStr: '星期一',
  startTime: '10:00',
  endTime: '11:00',
  reminderRemainTime: 600,
});

describe('reminder popup', () => {
  it('adds new reminders once, keeping those on screen first', () => {
    expect(mergeReminders([reminder('a')], [reminder('a'), reminder('b')]).map((r) => r.key)).toEqual(['a', 'b']);
    expect(mergeReminders([], [])).toEqual([]);
  });
});

describe('reminder links', () => {
  it('open the schedule day or the record the reminder is about', () => {
    expect(reminderLink('o1', reminder('a'))).toBe('/o1/calendar/day/2026/11/23');
    expect(reminderLink('o1', { ...reminder('b'), type: 'deal', sourceId: 'd9' })).toBe('/o1/deal/detail/d9');
    expect(reminderLink('o1', { ...reminder('c'), type: 'contact', sourceId: 'c9' })).toBe('/o1/contact/detail/c9');
  });
});
