import type { CalendarEvent } from '@lodestar/contract';
import { describe, expect, it } from 'vitest';
import { toEvent } from './schedules.events.ts';
import { feedBytes, ScheduleEventShape } from './schedules.feed-json.ts';
import { expand } from './schedules.recurrence.ts';
import type { ExceptionRow, ScheduleRangeRow } from './schedules.repository.ts';
import { seriesOf } from './schedules.timing.ts';

const row = (over: Partial<ScheduleRangeRow>): ScheduleRangeRow => ({
  id: '6dc55d7d-82a9-4d87-a71c-2dc335994661',
  ownerUserId: '0000833d-5ae7-44cd-bf23-43054cf9d9f6',
  title: '拜訪客戶',
  category: 'visit',
  startDate: '2026-03-02',
  startTime: '09:00:00',
  endDate: '2026-03-02',
  endTime: '09:30:00',
  fullDay: false,
  timezone: 'Asia/Taipei',
  rrule: 'FREQ=DAILY',
  notice: 300,
  color: '#1677FF',
  completed: false,
  ...over,
});

const exception = (over: Partial<ExceptionRow>): ExceptionRow => ({
  orgId: 'o',
  scheduleId: row({}).id,
  occurrenceDate: '2026-03-03',
  cancelled: false,
  completed: true,
  completedAt: new Date(),
  startDate: null,
  startTime: null,
  endDate: null,
  endTime: null,
  fullDay: null,
  startsAt: null,
  endsAt: null,
  overrides: {},
  updatedAt: new Date(),
  ...over,
});

describe('feedBytes', () => {
  it('writes exactly the bytes of JSON.stringify for every kind of schedule event, and other sources’ events beside them', () => {
    const names = new Map([[row({}).ownerUserId, '名1 王']]);
    const events: CalendarEvent[] = [];
    const rows = [
      row({}),
      row({ title: 'Weekly "sync" \\ done\n', category: null, rrule: 'FREQ=WEEKLY', timezone: 'America/New_York' }),
      row({ title: '😀 emoji \ud800', fullDay: true, startTime: null, endTime: null, rrule: null, completed: true, endDate: '2026-03-04' }),
      row({ ownerUserId: '11111111-1111-4111-8111-111111111111', title: '', color: '#828B91' }),
    ];
    for (const [i, r] of rows.entries()) {
      for (const occurrence of expand(seriesOf(r), '2026-03-01', '2026-03-31')) {
        const moved = occurrence.occurrenceDate === '2026-03-03'
          ? exception({ startDate: '2026-03-05', startTime: '14:00:00', endDate: '2026-03-05', endTime: '15:00:00', startsAt: new Date(), overrides: { title: '改期 "x"', color: '#000', category: null } })
          : occurrence.occurrenceDate === '2026-03-04' ? exception({ occurrenceDate: '2026-03-04' }) : undefined;
        events.push(toEvent(r, occurrence, moved, { ownerNames: names, editable: i % 2 === 0 }));
      }
    }
    // A reservation (booking's source) is a plain object: JSON.stringify writes it.
    const reservation = { ...events[0]!, id: 'reservation:1', type: 'reservation', scheduleId: null, owner: null, extra: ['x'] } as unknown as CalendarEvent;
    const feed = { items: [reservation, ...events, reservation] };
    expect(events.length).toBeGreaterThan(60);
    // Written by the feed's own writer, not JSON.stringify.
    expect(events.every((e) => e instanceof ScheduleEventShape)).toBe(true);
    const around = ['{"result":"success","data":', ',"errorMessage":null,"errorCode":null}'] as const;
    const expected = Buffer.from(`${around[0]}${JSON.stringify(feed)}${around[1]}`);
    expect(feedBytes(feed, around).equals(expected)).toBe(true);
    // Again, with the encoded texts reused from the first call.
    expect(feedBytes(feed, around).equals(expected)).toBe(true);
  });
});
