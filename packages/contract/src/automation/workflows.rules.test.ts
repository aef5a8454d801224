import { describe, expect, it } from 'vitest';
import { latestWeeklySlot, triggerMatches, triggerRecordKind } from './workflows.rules.ts';

describe('latestWeeklySlot (Taipei, UTC+8)', () => {
  it('is this week’s slot once its time has passed, last week’s before it', () => {
    // Monday 2026-12-07 10:00 Taipei = 02:00 UTC.
    expect(latestWeeklySlot(1, '09:00', new Date('2026-12-07T02:00:00Z'), 'Asia/Taipei')).toEqual({ day: '2026-12-07', minutesAgo: 60 });
    expect(latestWeeklySlot(1, '11:00', new Date('2026-12-07T02:00:00Z'), 'Asia/Taipei')).toEqual({ day: '2026-11-30', minutesAgo: 7 * 1440 - 60 });
    // Sunday 23:30 Taipei, a Monday 09:00 slot: six days and 14.5 hours ago.
    expect(latestWeeklySlot(1, '09:00', new Date('2026-12-06T15:30:00Z'), 'Asia/Taipei')).toEqual({ day: '2026-11-30', minutesAgo: 6 * 1440 + 870 });
  });
});

describe('latestWeeklySlot across a DST change (America/New_York)', () => {
  it('keys the slot by the local day and counts real minutes on the 23-hour day', () => {
    // Sunday 8 March 2026 02:00 EST → 03:00 EDT. Monday 9 March 09:00 EDT = 13:00 UTC.
    expect(latestWeeklySlot(1, '09:00', new Date('2026-03-09T13:05:00Z'), 'America/New_York')).toEqual({ day: '2026-03-09', minutesAgo: 5 });
    // Before it (08:55 EDT): last Monday's slot, 7 days less the lost hour ago.
    expect(latestWeeklySlot(1, '09:00', new Date('2026-03-09T12:55:00Z'), 'America/New_York')).toEqual({ day: '2026-03-02', minutesAgo: 7 * 1440 - 5 - 60 });
    // The same instant is already Monday evening in Taipei: Taipei's slot that day was 09:00 +08.
    expect(latestWeeklySlot(1, '09:00', new Date('2026-03-09T13:05:00Z'), 'Asia/Taipei')).toEqual({ day: '2026-03-09', minutesAgo: 12 * 60 + 5 });
  });
});

describe('the new triggers', () => {
  it('matches a LINE message by keyword, case-insensitively, and names the kinds runs act on', () => {
    const event = (text: string) => ({ type: 'message.received' as const, kind: 'message', record: { text } });
    expect(triggerMatches({ type: 'message.received', keyword: 'price' }, event('What is the PRICE?'))).toBe(true);
    expect(triggerMatches({ type: 'message.received', keyword: 'price' }, event('hello'))).toBe(false);
    expect(triggerMatches({ type: 'message.received' }, event('hello'))).toBe(true);
    expect(triggerMatches({ type: 'contact.idle', days: 90 }, { type: 'contact.idle', kind: 'contact', record: {} })).toBe(true);
    expect(triggerMatches({ type: 'contact.idle', days: 90 }, { type: 'contact.updated', kind: 'contact', record: {} })).toBe(false);
    expect(triggerRecordKind({ type: 'date.reached', dateField: 'contact.birthday' })).toBe('contact');
    expect(triggerRecordKind({ type: 'reservation.created' })).toBe('reservation');
    expect(triggerRecordKind({ type: 'time.weekly', weekday: 1, time: '09:00' })).toBe('workflow');
  });
});
